// Drives parse-server's bundled write path the way its REST routes would, without HTTP or a
// database: one configuration built from the server's own option defaults, master-key auth, and
// for every request a fresh in-memory database holding one object of class `Oracle` (or of the
// class a typed case names, created from its schema first), which the request's body then
// updates (as `PUT /classes/<className>/<objectId>` does).
'use strict';

const CLASS_NAME = 'Oracle';

/** A failure of the oracle's own model (a stub reached a part it does not model). */
function isOracleGap(error) {
  return Boolean(error && error.oracleGap);
}

/**
 * Builds the server configuration once.
 * @param {object} bundle the exports of the oracle bundle (server-entry.js)
 * @returns {object} the handles `writePut` and `fetchAfterWrite` use
 */
function newServer(bundle) {
  const defaults = {};
  for (const [name, definition] of Object.entries(bundle.ParseServerOptions)) {
    if (definition.default !== undefined) {
      defaults[name] = definition.default;
    }
  }
  const options = {
    ...defaults,
    appId: 'oracle',
    masterKey: 'oracle-master-key',
    databaseURI: 'mongodb://127.0.0.1:27017/oracle',
  };
  const storage = new bundle.MongoStorageAdapter({ uri: options.databaseURI, mongoOptions: {} });
  // What ParseServer registers for an app; Config.get builds each request's configuration from it.
  bundle.AppCache.put(options.appId, {
    ...options,
    databaseController: new bundle.DatabaseController(storage, options),
    // Neither live queries nor caches are part of the write path's data handling.
    liveQueryController: { hasLiveQuery: () => false, onAfterSave() {}, clearCachedRoles() {} },
    cacheController: { role: { clear() {} }, user: { del() {} } },
  });
  const config = bundle.Config.get(options.appId, '/parse');
  const database = config.database;
  const auth = new bundle.Auth.Auth({ config, isMaster: true });
  return { bundle, config, auth, database, version: bundle.version };
}

/**
 * What the server answers for a thrown value: a Parse.Error's code and message, or for anything
 * else (a string, a TypeError, a MongoDB error) a bare 500 with code 1 (`handleParseErrors`).
 */
function describe(error, ParseError) {
  if (error instanceof ParseError) {
    return { code: error.code, message: error.message };
  }
  const thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { code: 1, message: `Internal server error. (thrown: ${thrown})` };
}

/** body-parser's `json()` in strict mode: the body must start with `{` or `[`, then JSON.parse. */
function parseBody(text) {
  const first = text.replace(/^[\x20\x09\x0a\x0d]*/, '').charAt(0);
  if (first !== '{' && first !== '[') {
    return { error: `body-parser (strict) refuses a body starting with ${JSON.stringify(first)}` };
  }
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return { error: error.message };
  }
}

const DEFAULT_FIELDS = ['objectId', 'createdAt', 'updatedAt', 'ACL'];

/** Creates a class from a `_SCHEMA`-format document, as `POST /schemas/<className>` would. */
async function createClass(database, schema) {
  const fields = {};
  for (const [name, field] of Object.entries(schema.fields)) {
    if (!DEFAULT_FIELDS.includes(name)) {
      fields[name] = field;
    }
  }
  const controller = await database.loadSchema({ clearCache: true });
  await controller.addClassIfNotExists(schema.className, fields, schema.classLevelPermissions);
}

/**
 * Sends one save body through `rest.update` against a fresh object.
 * @param {object} server from `newServer`
 * @param {string} text the request body, as text
 * @param {object} [schema] a class schema (`_SCHEMA` format) to create first; class `Oracle` without
 * @param {string} [className] the class to write to when no schema is given (a fetched object's
 *   class); a class name the server refuses is answered as the rejection of the create
 * @returns {Promise<object>} `{accepted: true, className, objectId}` or
 *   `{accepted: false, code, message, kind?}`
 */
async function writePut(server, text, schema, className = CLASS_NAME) {
  const { bundle, config, auth, database } = server;
  bundle.memory.resetMemory();
  bundle.SchemaCache.clear();
  database.schemaPromise = null;
  const parsed = parseBody(text);
  if (parsed.error !== undefined) {
    return { accepted: false, code: null, kind: 'json-syntax', message: parsed.error };
  }
  const target = schema ? schema.className : className;
  if (schema) {
    await createClass(database, schema);
  }
  try {
    const created = await bundle.rest.create(config, auth, target, {}, undefined, {});
    await bundle.rest.update(config, auth, target, { objectId: created.response.objectId }, parsed.body, undefined, {});
    return { accepted: true, className: target, objectId: created.response.objectId };
  } catch (error) {
    if (isOracleGap(error)) {
      throw error;
    }
    return { accepted: false, ...describe(error, bundle.Parse.Error) };
  }
}

/**
 * What a later fetch of the object emits: the JSON text of the server's response object, and the
 * members the join collections hold for each of its Relation columns.
 * @returns {Promise<object>} `{emitted, relations?}` (JSON text; field → related objectIds) or
 *   `{fetchError: {code, message}}`
 */
async function fetchAfterWrite(server, className, objectId) {
  try {
    const results = await server.database.find(className, { objectId }, {});
    if (results.length !== 1) {
      return { fetchError: { code: 101, message: `the fetch found ${results.length} objects` } };
    }
    // A fetch shows a Relation column but not its members; those live in the join collection.
    const relations = {};
    for (const [key, value] of Object.entries(results[0])) {
      if (value && value.__type === 'Relation') {
        relations[key] = server.bundle.memory
          .storedDocuments(`_Join:${key}:${className}`)
          .filter(row => row.owningId === objectId)
          .map(row => row.relatedId);
      }
    }
    const fetched = { emitted: JSON.stringify(results[0]) };
    if (Object.keys(relations).length) {
      fetched.relations = relations;
    }
    return fetched;
  } catch (error) {
    if (isOracleGap(error)) {
      throw error;
    }
    return { fetchError: describe(error, server.bundle.Parse.Error) };
  }
}

module.exports = { newServer, writePut, fetchAfterWrite, parseBody, describe, createClass, CLASS_NAME };
