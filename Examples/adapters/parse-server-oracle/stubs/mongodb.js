// Stands in for the `mongodb` driver inside the oracle bundle: the few BSON classes that
// parse-server's MongoTransform tests with `instanceof`, and a client whose collections live in
// memory. It models what the storage layer does to a document that parse-server has already
// transformed: store it as BSON would (Dates stay Dates, an Invalid Date becomes epoch 0, binary
// stays binary, `undefined` becomes null, strings and member names are UTF-8 so a lone surrogate
// becomes U+FFFD, a member name holding NUL and a plain object with a `_bsontype` member are
// refused), match simple queries, and apply the update operators parse-server emits ($set, $unset,
// $inc, $push/$addToSet with $each, $pullAll, $setOnInsert). Anything else throws, so a gap in
// the model is loud rather than a silent difference.
'use strict';

/**
 * Binary data as the driver's BSON class holds it: own members `buffer` (the bytes), `sub_type`
 * and `position` (the length written). parse-server's interior-value transform copies a nested
 * Binary member by member, so these members are observable.
 */
class Binary {
  constructor(buffer, subType) {
    this.buffer = Buffer.from(buffer || []);
    this.sub_type = subType || 0;
    this.position = this.buffer.byteLength;
  }
}

/** A 64-bit integer; parse-server never writes one, it only recognises it on read. */
class Long {
  constructor(low, high) {
    this.low = low | 0;
    this.high = high | 0;
  }
  toNumber() {
    return this.high * 4294967296 + (this.low >>> 0);
  }
}

/** A boxed double; parse-server never writes one, it only recognises it on read. */
class Double {
  constructor(value) {
    this.value = value;
  }
}

/** An ObjectId; parse-server uses string ids, so this exists for `instanceof` only. */
class ObjectId {
  constructor(id) {
    this.id = String(id);
  }
  toHexString() {
    return this.id;
  }
}

function unsupported(what) {
  const error = new Error(`the in-memory store does not model ${what}`);
  error.oracleGap = true;
  return error;
}

function mongoError(code, message) {
  const error = new Error(message);
  error.code = code;
  return error;
}

/** A member name as BSON writes it: UTF-8 (a lone surrogate becomes U+FFFD), no NUL allowed. */
function storedKey(key) {
  if (key.includes('\u0000')) {
    throw new Error(`key ${key} must not contain null bytes`);
  }
  return key.toWellFormed();
}

/** A copy of a value as BSON storage would hand it back. */
function stored(value) {
  if (value === undefined) {
    return null;
  }
  if (typeof value === 'string') {
    // BSON strings are UTF-8: a lone surrogate is written, and read back, as U+FFFD.
    return value.toWellFormed();
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  if (value instanceof Date) {
    // BSON writes a date as a 64-bit integer through Long.fromNumber, which turns NaN into 0:
    // an Invalid Date is stored, and read back, as 1970-01-01T00:00:00.000Z.
    const ms = value.getTime();
    return new Date(Number.isNaN(ms) ? 0 : ms);
  }
  if (value instanceof Binary) {
    return new Binary(value.buffer, value.sub_type);
  }
  if (value instanceof Long || value instanceof Double || value instanceof ObjectId) {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map(stored);
  }
  if (value instanceof RegExp) {
    throw unsupported('regular expressions as stored values');
  }
  if (value._bsontype != null) {
    // The BSON serializer takes any object with a `_bsontype` for one of its own classes and
    // refuses it unless it carries the current major version's marker.
    throw new Error('Unsupported BSON version, bson types must be from bson 6.x.x');
  }
  const out = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, storedKey(key), {
      value: stored(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** BSON equality: documents compare member by member in order, arrays element by element. */
function bsonEqual(a, b) {
  if (a === b) {
    return true;
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (a instanceof Binary || b instanceof Binary) {
    return a instanceof Binary && b instanceof Binary && a.buffer.equals(b.buffer);
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || (Number.isNaN(a) && Number.isNaN(b));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) {
    return false;
  }
  return keysA.every((key, i) => key === keysB[i] && bsonEqual(a[key], b[key]));
}

function valuesAt(doc, path) {
  let current = [doc];
  for (const part of path.split('.')) {
    const next = [];
    for (const item of current) {
      if (item === null || typeof item !== 'object') {
        continue;
      }
      if (Array.isArray(item) && !/^\d+$/.test(part)) {
        for (const element of item) {
          if (element !== null && typeof element === 'object' && part in element) {
            next.push(element[part]);
          }
        }
      } else if (Object.prototype.hasOwnProperty.call(item, part)) {
        next.push(item[part]);
      }
    }
    current = next;
  }
  return current;
}

function equalsCandidate(found, wanted) {
  return found.some(
    value => bsonEqual(value, wanted) || (Array.isArray(value) && value.some(e => bsonEqual(e, wanted)))
  );
}

function matchesCondition(doc, path, condition) {
  const found = valuesAt(doc, path);
  const isOperatorDoc =
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    !(condition instanceof Date) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every(k => k.startsWith('$'));
  if (!isOperatorDoc) {
    if (condition === null) {
      return found.length === 0 || found.some(v => v === null);
    }
    return equalsCandidate(found, condition);
  }
  return Object.entries(condition).every(([op, arg]) => {
    switch (op) {
      case '$exists':
        return arg ? found.length > 0 : found.length === 0;
      case '$eq':
        return matchesCondition(doc, path, arg);
      case '$ne':
        return !matchesCondition(doc, path, arg);
      case '$in':
        return arg.some(candidate => matchesCondition(doc, path, candidate));
      case '$nin':
        return !arg.some(candidate => matchesCondition(doc, path, candidate));
      default:
        throw unsupported(`the query operator ${op}`);
    }
  });
}

function matches(doc, query) {
  return Object.entries(query || {}).every(([key, condition]) => {
    switch (key) {
      case '$and':
        return condition.every(q => matches(doc, q));
      case '$or':
        return condition.some(q => matches(doc, q));
      case '$nor':
        return !condition.some(q => matches(doc, q));
      default:
        if (key.startsWith('$')) {
          throw unsupported(`the query operator ${key}`);
        }
        return matchesCondition(doc, key, condition);
    }
  });
}

function parentOf(doc, path, create) {
  const parts = path.split('.');
  let current = doc;
  for (const part of parts.slice(0, -1)) {
    if (current[part] === undefined || current[part] === null) {
      if (!create) {
        return null;
      }
      current[part] = {};
    }
    current = current[part];
    if (typeof current !== 'object') {
      throw mongoError(28, `Cannot create field '${part}' in element`);
    }
  }
  return { holder: current, key: parts[parts.length - 1] };
}

function eachOf(arg) {
  if (arg !== null && typeof arg === 'object' && !Array.isArray(arg) && '$each' in arg) {
    return arg.$each;
  }
  return [arg];
}

function arrayAt(doc, path, op) {
  const { holder, key } = parentOf(doc, path, true);
  if (holder[key] === undefined) {
    holder[key] = [];
  }
  if (!Array.isArray(holder[key])) {
    throw mongoError(2, `Cannot apply ${op} to a non-array field`);
  }
  return holder[key];
}

function applyUpdate(doc, update, inserting) {
  for (const [op, fields] of Object.entries(update)) {
    for (const [rawPath, arg] of Object.entries(fields)) {
      const path = storedKey(rawPath);
      const touchesId = path === '_id' || path.startsWith('_id.');
      if (touchesId && !inserting && !(op === '$set' && bsonEqual(doc._id, arg))) {
        throw mongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      switch (op) {
        case '$set': {
          const { holder, key } = parentOf(doc, path, true);
          holder[key] = stored(arg);
          break;
        }
        case '$setOnInsert': {
          if (inserting) {
            const { holder, key } = parentOf(doc, path, true);
            holder[key] = stored(arg);
          }
          break;
        }
        case '$unset': {
          const place = parentOf(doc, path, false);
          if (place) {
            delete place.holder[place.key];
          }
          break;
        }
        case '$inc': {
          if (typeof arg !== 'number') {
            throw mongoError(14, 'Cannot increment with non-numeric argument');
          }
          const { holder, key } = parentOf(doc, path, true);
          if (holder[key] === undefined) {
            holder[key] = arg;
          } else if (typeof holder[key] !== 'number') {
            throw mongoError(14, 'Cannot apply $inc to a value of non-numeric type');
          } else {
            holder[key] += arg;
          }
          break;
        }
        case '$push': {
          arrayAt(doc, path, op).push(...eachOf(arg).map(stored));
          break;
        }
        case '$addToSet': {
          const array = arrayAt(doc, path, op);
          for (const item of eachOf(arg).map(stored)) {
            if (!array.some(existing => bsonEqual(existing, item))) {
              array.push(item);
            }
          }
          break;
        }
        case '$pullAll': {
          // Pulling from a field that does not exist changes nothing (and does not create it).
          const place = parentOf(doc, path, false);
          if (!place || place.holder[place.key] === undefined) {
            break;
          }
          const array = arrayAt(doc, path, op);
          const kept = array.filter(existing => !arg.some(item => bsonEqual(existing, stored(item))));
          array.splice(0, array.length, ...kept);
          break;
        }
        default:
          throw unsupported(`the update operator ${op}`);
      }
    }
  }
}

/** Applies a projection of the `{field: 1}` / `{field: 0}` kind. */
function projected(doc, projection) {
  const entries = Object.entries(projection || {});
  if (entries.length === 0) {
    return doc;
  }
  const including = entries.some(([key, flag]) => key !== '_id' && flag);
  const out = {};
  for (const key of Object.keys(doc)) {
    const flag = projection[key];
    const keep = including ? Boolean(flag) || (key === '_id' && flag !== 0) : flag !== 0;
    if (keep) {
      out[key] = doc[key];
    }
  }
  return out;
}

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
