// The verdicts for the context `message` (REST messages). A response (find, save, error, batch,
// Cloud function) is what the server writes: it never reads one, so there is nothing of its to run
// and the verdict is `not-applicable`, with that reason. A batch request is what the server reads:
// it goes through parse-server's own `batch.js` (`handleBatch`, as `POST /parse/batch`) with a
// `ClassesRouter` routing each request, over the in-memory database, with the master key (as the
// oracle's writes are made).
'use strict';

const { parseBody, describe } = require('./server');

const MOUNT = '/parse';

/** Why the server never reads each kind of response (the log's `notRead`, the verdict's reason). */
const WRITTEN_BY_THE_SERVER = {
  'find-response': 'parse-server writes a find response (ClassesRouter.handleFind, RestQuery) and never reads one: no request carries it to the server',
  'save-response': 'parse-server writes a save response (RestWrite.runDatabaseOperation) and never reads one: no request carries it to the server',
  error: 'parse-server writes an error body (middlewares.handleParseErrors, body-parser) and never reads one: no request carries it to the server',
  'batch-response': 'parse-server writes a batch response (batch.js handleBatch) and never reads one: no request carries it to the server',
  'function-response': 'parse-server writes a Cloud function response (FunctionsRouter) and never reads one: no request carries it to the server',
};

/** The reason a message the server writes has no verdict of its reading, or undefined for one it reads. */
function notReadReason(message) {
  return WRITTEN_BY_THE_SERVER[message];
}

/**
 * The objects a batch's `PUT` and `DELETE` requests name (`/parse/classes/<class>/<objectId>`),
 * created first with those ids, so that a request is judged on its body rather than on an empty
 * database (a real client updates objects that exist).
 */
function namedObjects(body) {
  const objects = [];
  for (const request of Array.isArray(body && body.requests) ? body.requests : []) {
    const match = request && typeof request.path === 'string' &&
      /^\/parse\/classes\/([A-Za-z][A-Za-z0-9_]*)\/([A-Za-z0-9]+)$/.exec(request.path);
    if (match && (request.method === 'PUT' || request.method === 'DELETE')) {
      objects.push({ className: match[1], objectId: match[2] });
    }
  }
  return objects;
}

/**
 * Runs one batch request through `handleBatch`.
 * @param {object} server from `newServer`
 * @param {string} text the batch request, as JSON text
 * @returns {Promise<object>} `{accepted: true, response}` (each item's `success` or `error`) or
 *   `{accepted: false, code, message, kind?, item?}`: the batch's own rejection, or the first item
 *   the server answers with an error (`item` is its index)
 */
async function batchVerdict(server, text) {
  const { bundle, config, auth, database } = server;
  const parsed = parseBody(text);
  if (parsed.error !== undefined) {
    return { accepted: false, code: null, kind: 'json-syntax', message: parsed.error };
  }
  bundle.memory.resetMemory();
  bundle.SchemaCache.clear();
  database.schemaPromise = null;
  for (const { className, objectId } of namedObjects(parsed.body)) {
    await database.create(className, { objectId }, {});
  }
  // Transactions are not modelled (the in-memory client has no sessions): the requests of a
  // `"transaction": true` batch run as they would without one.
  const batchConfig = Object.create(config);
  batchConfig.database = Object.create(database);
  batchConfig.database.createTransactionalSession = async () => {};
  batchConfig.database.commitTransactionalSession = async () => {};
  batchConfig.database.abortTransactionalSession = async () => {};
  // A delete notifies live queries, which the oracle does not have (its writes never delete).
  batchConfig.liveQueryController = { ...config.liveQueryController, onAfterDelete() {} };
  const router = new bundle.ClassesRouter();
  bundle.batch.mountOnto(router);
  const request = { body: parsed.body, config: batchConfig, auth, info: {}, originalUrl: `${MOUNT}/batch` };
  let response;
  try {
    ({ response } = await router.tryRouteRequest('POST', '/batch', request));
  } catch (error) {
    if (error && error.oracleGap) {
      throw error;
    }
    // A transaction with a failed request rejects with the whole list of answers.
    if (!(error && Array.isArray(error.response))) {
      return { accepted: false, ...describe(error, bundle.Parse.Error) };
    }
    response = error.response;
  }
  {
    const failed = response.findIndex(item => item && item.error);
    if (failed >= 0) {
      const { code, error } = response[failed].error;
      return { accepted: false, code: code === undefined ? 1 : code, message: `request ${failed}: ${error}`, item: failed, response };
    }
    return { accepted: true, response };
  }
}

module.exports = { notReadReason, batchVerdict };
