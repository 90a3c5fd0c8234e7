// Answers `decode` in the context `query` (a find request) through parse-server's own read path:
// the request is the JSON body of `POST /classes/Oracle` with its `_method` override applied as
// `allowMethodOverride` does, then `ClassesRouter.handleFind` (`optionsFromBody`: 102 for an unknown
// parameter) → `rest.find` → `RestQuery` (subqueries, `$relatedTo`, include) →
// `DatabaseController.find` (`validateQuery`: 105, 102; the order's field names) →
// `MongoStorageAdapter.find` → `MongoTransform.transformWhere` (107 …), over an empty in-memory
// collection. What reaches the collection (the MongoDB filter and options the server built) is
// recorded in the request log: it is what the server understood the request to ask.
'use strict';

const { parseBody, describe, createClass } = require('./server');
const { toTVN } = require('./tvn');

/**
 * The class every find is run against: the fields the query cases constrain, with the types the
 * cases assume (a Date `releaseDate`, a Pointer `genre`…), so that the server's schema-aware checks
 * and rewrites apply as they would in an app (a `$text` needs its field in the schema; a bare
 * objectId in `$in` is prefixed with a Pointer's target class).
 */
const QUERY_CLASS = require('./query-class.json');

/** A class name `POST /schemas` would take (SchemaController.classNameIsValid, user classes only). */
const USER_CLASS_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The class names a request's subqueries and `$relatedTo` name (`className` members at any depth):
 * each is created, empty, so that the server transforms the subquery as it would in an app where
 * the class exists (for a class that does not exist it answers no objects before transforming).
 */
function namedClasses(value, found = new Set()) {
  if (Array.isArray(value)) {
    value.forEach(each => namedClasses(each, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'className' && typeof member === 'string' && USER_CLASS_NAME.test(member)) {
        found.add(member);
      }
      namedClasses(member, found);
    }
  }
  return found;
}

/**
 * Calls made on the in-memory collections while `run` runs: every `find` and `countDocuments`,
 * with the filter and options parse-server built. The collections stay empty, so no document is
 * ever matched against a filter and no operator needs modelling.
 */
async function recordingCollectionCalls(memory, run) {
  const calls = [];
  const prototype = memory.Collection.prototype;
  const find = prototype.find;
  const countDocuments = prototype.countDocuments;
  prototype.find = function recordedFind(query, options) {
    const call = { collection: this.collectionName, op: 'find', filter: query, options: { ...(options || {}) } };
    calls.push(call);
    if (this.collectionName.startsWith('_SCHEMA')) {
      return find.call(this, query, options);
    }
    // The class's collection is empty: the answer is no documents, whatever the sort or projection.
    const cursor = {
      project(keys) {
        call.options.projection = keys;
        return cursor;
      },
      collation(collation) {
        call.options.collation = collation;
        return cursor;
      },
      maxTimeMS() {
        return cursor;
      },
      explain() {
        return Promise.resolve({});
      },
      toArray() {
        return Promise.resolve([]);
      },
    };
    return cursor;
  };
  prototype.countDocuments = function recordedCount(query, options) {
    calls.push({ collection: this.collectionName, op: 'count', filter: query, options: options || {} });
    return countDocuments.call(this, query, options);
  };
  try {
    return { result: await run(), calls };
  } catch (error) {
    return { error, calls };
  } finally {
    prototype.find = find;
    prototype.countDocuments = countDocuments;
  }
}

/** JSON for the log: a RegExp as its source, a Date as its ISO text, undefined as null. */
function loggable(value) {
  return JSON.parse(JSON.stringify(value, (key, member) => {
    if (member instanceof RegExp) {
      return { $regexp: member.source, flags: member.flags };
    }
    return member === undefined ? null : member;
  }));
}

/**
 * The request as `optionsFromBody` and `handleFind` read it, member by member: `include`, `keys`,
 * `excludeKeys` and `order` through `String(…)` (an array joined with commas), `count` as its
 * truthiness, `limit` and `skip` through `Number(…)`, a `where` text through `JSON.parse`.
 * Members the router reads only for their presence or passes on are kept as written.
 */
function understoodRequest(body) {
  const understood = {};
  for (const [key, value] of Object.entries(body)) {
    switch (key) {
      case 'include':
      case 'keys':
      case 'excludeKeys':
        understood[key] = value == null ? value : String(value);
        break;
      case 'order':
        understood[key] = value ? String(value) : value;
        break;
      case 'count':
        understood[key] = Boolean(value);
        break;
      case 'limit':
      case 'skip':
        understood[key] = Number(value);
        break;
      case 'where':
        understood[key] = typeof value === 'string' ? JSON.parse(value) : value;
        break;
      default:
        understood[key] = value;
    }
  }
  return understood;
}

/**
 * Runs one find request through the server.
 * @param {object} server from `newServer`, with a files controller (see `withFilesController`)
 * @param {string} text the request, as JSON text
 * @returns {Promise<object>} `{accepted: true, understood, reached, results}` or
 *   `{accepted: false, code, message, kind?, reached}`; `reached` lists the collection calls
 */
async function findVerdict(server, text) {
  const { bundle, config, auth, database } = server;
  const parsed = parseBody(text);
  if (parsed.error !== undefined) {
    return { accepted: false, code: null, kind: 'json-syntax', message: parsed.error };
  }
  const body = parsed.body;
  // middlewares.allowMethodOverride: a POST whose body has a truthy _method is re-dispatched as
  // that method, the member removed. Only GET reaches handleFind; ClassesRouter has no route for
  // DELETE or PUT on /classes/<className>, and POST is the create route.
  const method = body !== null && typeof body === 'object' && body._method ? body._method : 'GET';
  if (method !== 'GET') {
    const routed = method === 'POST'
      ? 'the create route (handleCreate): the request is a save, not a find'
      : `no route of ClassesRouter (express answers 404 Cannot ${method})`;
    return {
      accepted: false, code: null, http: method === 'POST' ? 201 : 404, kind: 'other',
      message: `_method ${JSON.stringify(method)} re-dispatches the request to ${routed}`,
    };
  }
  const methodMember = body !== null && typeof body === 'object' && '_method' in body ? body._method : undefined;
  if (methodMember !== undefined) {
    delete body._method;
  }
  bundle.memory.resetMemory();
  bundle.SchemaCache.clear();
  database.schemaPromise = null;
  await createClass(database, QUERY_CLASS);
  const controller = await database.loadSchema({ clearCache: true });
  for (const className of namedClasses(body)) {
    if (className !== QUERY_CLASS.className) {
      await controller.addClassIfNotExists(className, {});
    }
  }
  // The server rewrites the where document in place ($inQuery becomes $in, $relatedTo an objectId
  // list): what it understood is read from a copy taken before.
  const understood = understoodRequest(JSON.parse(JSON.stringify(body)));
  if (methodMember !== undefined) {
    understood._method = methodMember;
  }
  const router = new bundle.ClassesRouter();
  const request = { body, query: {}, params: { className: QUERY_CLASS.className }, config, auth, info: { context: {} } };
  const { result, error, calls } = await recordingCollectionCalls(bundle.memory, () => router.handleFind(request));
  const reached = loggable(calls.filter(call => !call.collection.startsWith('_SCHEMA')));
  if (error !== undefined) {
    if (error && error.oracleGap) {
      throw error;
    }
    return { accepted: false, ...describe(error, bundle.Parse.Error), reached };
  }
  return { accepted: true, understood, reached, results: loggable(result.response) };
}

/**
 * The server handles for finds: client auth (master only when asked), and a files controller: a find expands the File fields of its results
 * (`RestQuery.runFind`), which the write path never needed. Over empty collections it is never
 * given a File, so expanding does nothing.
 */
function withFilesController(server, { isMaster = false } = {}) {
  const { bundle } = server;
  const cached = bundle.AppCache.get(server.config.applicationId);
  bundle.AppCache.put(server.config.applicationId, { ...cached, filesController: { expandFilesInObject() {} } });
  const config = bundle.Config.get(server.config.applicationId, '/parse');
  // A find runs as a client without a session, not with the master key: `validateQuery` lets the
  // master key use any key name (`$foo`, `_foo`), which no client request can.
  const auth = isMaster ? new bundle.Auth.Auth({ config, isMaster: true }) : bundle.Auth.nobody(config);
  return { ...server, config, database: config.database, auth };
}

/**
 * A copy of a where document in which each Polygon operand of `$geoWithin.$polygon`, which the
 * server reads longitude first, has its pairs turned latitude first: the order of a Polygon's TVN
 * everywhere (Vectors/INTERPRETING.md, "Find requests").
 */
function polygonsLatitudeFirst(value) {
  if (Array.isArray(value)) {
    return value.map(polygonsLatitudeFirst);
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  const copy = {};
  for (const [key, member] of Object.entries(value)) {
    const isPolygonOperand = key === '$polygon' && member !== null && typeof member === 'object' &&
      member.__type === 'Polygon' && Array.isArray(member.coordinates) &&
      member.coordinates.every(pair => Array.isArray(pair) && pair.length === 2);
    copy[key] = isPolygonOperand
      ? { ...member, coordinates: member.coordinates.map(([lng, lat]) => [lat, lng]) }
      : polygonsLatitudeFirst(member);
  }
  return copy;
}

/**
 * The TVN answer for a request the server accepted: the request as it understood it.
 * @throws {Inexpressible} when a member has no TVN (a `limit` that `Number` reads as NaN)
 */
function queryAnswer(understood) {
  const readable = { ...understood };
  if (readable.where !== null && typeof readable.where === 'object') {
    readable.where = polygonsLatitudeFirst(readable.where);
  }
  return toTVN(readable);
}

module.exports = { findVerdict, withFilesController, understoodRequest, queryAnswer };
