// Stands in for the `mongodb` driver inside the oracle bundle: the BSON classes parse-server's
// MongoTransform tests with `instanceof` (from ./bson) and a client whose one database keeps its
// collections in memory. Documents are stored as BSON would store them (./bson) and queried and
// updated as MongoDB would (./documents); anything the model lacks throws, so a gap in the model
// is loud rather than a silent difference.
'use strict';

const { Binary, Long, Double, ObjectId, unsupported, mongoError, stored, bsonEqual } = require('./bson');
const { matches, applyUpdate, projected } = require('./documents');

class Cursor {
  constructor(docs, options) {
    this._docs = docs;
    this._options = options || {};
    this._projection = null;
  }
  project(projection) {
    this._projection = projection;
    return this;
  }
  collation() {
    return this;
  }
  maxTimeMS() {
    return this;
  }
  toArray() {
    let docs = this._docs;
    if (this._options.sort && Object.keys(this._options.sort).length) {
      throw unsupported('sorting');
    }
    if (this._options.skip) {
      docs = docs.slice(this._options.skip);
    }
    if (this._options.limit) {
      docs = docs.slice(0, this._options.limit);
    }
    return Promise.resolve(docs.map(doc => projected(stored(doc), this._projection)));
  }
}

class Collection {
  constructor(name, docs) {
    this.collectionName = name;
    this._docs = docs;
  }
  find(query, options) {
    return new Cursor(this._docs.filter(doc => matches(doc, query)), options);
  }
  async countDocuments(query) {
    return this._docs.filter(doc => matches(doc, query)).length;
  }
  async estimatedDocumentCount() {
    return this._docs.length;
  }
  async distinct() {
    throw unsupported('distinct');
  }
  async insertOne(doc) {
    const copy = stored(doc);
    if (copy._id !== undefined && this._docs.some(other => bsonEqual(other._id, copy._id))) {
      throw mongoError(11000, 'E11000 duplicate key error');
    }
    this._docs.push(copy);
    return { acknowledged: true, insertedId: copy._id };
  }
  _updateFirst(query, update, upsert) {
    const doc = this._docs.find(candidate => matches(candidate, query));
    if (doc) {
      applyUpdate(doc, update, false);
      return { doc, matchedCount: 1 };
    }
    if (upsert) {
      const fresh = {};
      for (const [key, value] of Object.entries(query)) {
        if (!key.startsWith('$') && (value === null || typeof value !== 'object')) {
          fresh[key] = value;
        }
      }
      applyUpdate(fresh, update, true);
      if (fresh._id !== undefined && this._docs.some(other => bsonEqual(other._id, fresh._id))) {
        throw mongoError(11000, 'E11000 duplicate key error');
      }
      this._docs.push(fresh);
      return { doc: fresh, matchedCount: 0, upsertedId: fresh._id };
    }
    return { doc: null, matchedCount: 0 };
  }
  async updateOne(query, update, options) {
    const { matchedCount, upsertedId } = this._updateFirst(query, update, options && options.upsert);
    return { acknowledged: true, matchedCount, modifiedCount: matchedCount, upsertedId };
  }
  async updateMany(query, update) {
    const docs = this._docs.filter(doc => matches(doc, query));
    docs.forEach(doc => applyUpdate(doc, update, false));
    return { acknowledged: true, matchedCount: docs.length, modifiedCount: docs.length };
  }
  async findOneAndUpdate(query, update, options) {
    const { doc } = this._updateFirst(query, update, options && options.upsert);
    return doc ? stored(doc) : null;
  }
  async findOneAndDelete(query) {
    const index = this._docs.findIndex(doc => matches(doc, query));
    if (index < 0) {
      return null;
    }
    return this._docs.splice(index, 1)[0];
  }
  async deleteMany(query) {
    const kept = this._docs.filter(doc => !matches(doc, query));
    const deletedCount = this._docs.length - kept.length;
    this._docs.splice(0, this._docs.length, ...kept);
    return { acknowledged: true, deletedCount };
  }
  async createIndex() {
    return 'index';
  }
  async createIndexes() {
    return [];
  }
  async indexes() {
    return [{ key: { _id: 1 }, name: '_id_' }];
  }
  async dropIndex() {}
  async dropIndexes() {}
  async drop() {
    this._docs.splice(0, this._docs.length);
    return true;
  }
}

/** Every collection of the one in-memory database, by name. */
const collections = new Map();

class Db {
  constructor(name) {
    this.databaseName = name;
  }
  collection(name) {
    if (!collections.has(name)) {
      collections.set(name, []);
    }
    return new Collection(name, collections.get(name));
  }
  async listCollections() {
    throw unsupported('listCollections');
  }
}

class MongoClient {
  constructor(uri, options) {
    this.s = { options: { ...(options || {}), dbName: 'oracle' } };
  }
  static async connect(uri, options) {
    return new MongoClient(uri, options);
  }
  db(name) {
    return new Db(name);
  }
  on() {
    return this;
  }
  async close() {}
}

/** Forgets every stored document and schema (the adapter calls this before each request). */
function resetMemory() {
  collections.clear();
}

/** The documents of one collection, as stored (for inspection by the adapter). */
function storedDocuments(name) {
  return (collections.get(name) || []).map(stored);
}

module.exports = {
  Binary,
  Long,
  Double,
  ObjectId,
  Collection,
  Db,
  MongoClient,
  ReadPreference: { PRIMARY: 'primary' },
  resetMemory,
  storedDocuments,
};
