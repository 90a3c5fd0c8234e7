// REST messages (Vectors/INTERPRETING.md, "REST messages") through Parse-SDK-JS's own request and
// response handling. Only the transport is replaced: the XMLHttpRequest the SDK's RESTController
// sends through (`RESTController._setXHR`) answers the case's document, with the status parse-server
// gives it; everything after that — `RESTController.ajax` parsing the text, `handleError` turning an
// error body into a `Parse.Error`, `Parse.Query#find` building its results, `Parse.Object#save`
// applying a save response (`_handleSaveResponse`), `Parse.Cloud.run` unwrapping `result` — is the
// SDK's.
'use strict';

/** How long the SDK has to settle a request answered at once; past it, it is reported as a hang. */
const SETTLE_MS = 5000;

/**
 * An XMLHttpRequest that answers every request with one response: `readyState` 4, the status and
 * the text, delivered on a later turn of the event loop as a network answer would be.
 */
function answeringXHR(status, text, sent) {
  return class AnsweringXHR {
    constructor() {
      this.readyState = 0;
      this.status = 0;
      this.responseText = '';
      this.upload = {};
    }

    open(method, url) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader() {}

    getAllResponseHeaders() {
      return '';
    }

    getResponseHeader() {
      return null;
    }

    abort() {}

    send(body) {
      sent.push({ method: this.method, url: this.url, body });
      setImmediate(() => {
        this.readyState = 4;
        this.status = status;
        this.responseText = text;
        this.onreadystatechange();
      });
    }
  };
}

/** What RESTController.request adds to each request body for the app and the client. */
const ENVELOPE = ['_ApplicationId', '_ClientVersion', '_InstallationId'];

class Messages {
  /**
   * @param {object} Parse the SDK
   * @param {object} writer a TVNWriter (the SDK's values → TVN)
   */
  constructor(Parse, writer) {
    this.Parse = Parse;
    this.writer = writer;
    this.rest = Parse.CoreManager.getRESTController();
  }

  /**
   * Runs `action` with the SDK's transport answering `text` with `status`; resolves or rejects as
   * the SDK's promise does, and answers the requests the SDK sent.
   */
  async exchange(status, text, action) {
    const sent = [];
    const previous = this.rest._getXHR();
    this.rest._setXHR(answeringXHR(status, text, sent));
    let timer;
    try {
      const settled = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Hang(`the SDK's promise did not settle within ${SETTLE_MS} ms`)), SETTLE_MS);
      });
      const result = await Promise.race([action(), settled]);
      return { result, sent };
    } finally {
      clearTimeout(timer);
      this.rest._setXHR(previous);
    }
  }

  /**
   * The body `Parse.Query#find` sends for a query (answered with no results): the find request,
   * `_method: "GET"` included (the SDK posts every find), without the members RESTController.request
   * adds to every request to identify the app and the client (`_ApplicationId`, `_ClientVersion`,
   * `_InstallationId`), which parse-server's `handleParseHeaders` takes off the body first.
   */
  async findBody(query) {
    const { sent } = await this.exchange(200, '{"results":[]}', () => query.find());
    if (sent.length !== 1) {
      throw new Error(`the SDK sent ${sent.length} requests for one find`);
    }
    const body = JSON.parse(sent[0].body);
    for (const member of ENVELOPE) {
      delete body[member];
    }
    return body;
  }

  /** A find response, read by `Parse.Query#find`: its results (and count) as the application gets them. */
  async findResponse(text, className) {
    const { result } = await this.exchange(200, text, () => new this.Parse.Query(className).find());
    const map = {};
    const hasCount = result !== null && typeof result === 'object' && !Array.isArray(result);
    const results = hasCount ? result.results : result;
    if (results !== undefined) {
      map.results = this.writer.value(results);
    }
    if (hasCount) {
      map.count = this.writer.value(result.count);
    }
    return { map };
  }

  /**
   * A save response, applied by `Parse.Object#save` (`_handleSaveResponse`) to the object saved: a
   * new one when the response answers a create (it has `objectId` or `createdAt`), else one that
   * exists (`createWithoutData`), whose objectId is the application's and left out of the answer.
   */
  async saveResponse(text, className) {
    let body;
    try {
      body = JSON.parse(text);
    } catch (_) {
      body = null;
    }
    const isCreate = body === null || typeof body !== 'object' || 'objectId' in body || 'createdAt' in body;
    const Class = this.Parse.Object.extend(className);
    const object = isCreate ? new Class() : Class.createWithoutData('savedObject');
    await this.exchange(isCreate ? 201 : 200, text, () => object.save());
    const node = this.writer.object(object);
    if (!isCreate && !(body && 'objectId' in body)) {
      delete node.object.objectId;
    }
    return node;
  }

  /** An error body, as the `Parse.Error` `handleError` makes of it (a find is the request answered). */
  async error(text) {
    const status = 400;
    try {
      await this.exchange(status, text, () => new this.Parse.Query('ParseWireCase').find());
    } catch (error) {
      if (error instanceof Hang) {
        throw error;
      }
      return this.errorNode(error);
    }
    throw new Error('the SDK resolved a request the server answered with an error status');
  }

  errorNode(error) {
    if (!(error instanceof this.Parse.Error)) {
      throw error;
    }
    const map = {};
    if (error.code !== undefined) {
      map.code = this.writer.value(error.code);
    }
    if (error.message !== undefined) {
      map.error = this.writer.value(error.message);
    }
    return { map };
  }

  /**
   * A batch request as `Parse.Object.saveAll` writes one: each request a save of an object of the
   * path's class (a create for `POST …/classes/C`, an update of `createWithoutData(id)` for
   * `PUT …/classes/C/id`) whose changes `apply(object, key, node)` makes as an application would; the
   * SDK builds the requests and posts the batch, answered with a success per object. The answer is
   * the body it sent, without the members that identify the app and the client (see `findBody`).
   * A request of another method is none that `saveAll` writes.
   * @throws {NotWritten} for a batch `saveAll` cannot write
   */
  async batchRequest(value, apply) {
    const root = new URL(this.Parse.serverURL).pathname.replace(/\/?$/, '/');
    const requests = (value.map.requests && value.map.requests.array) || [];
    const objects = [];
    const answers = [];
    for (const item of requests) {
      const members = item.map || {};
      const method = members.method && members.method.string;
      const path = members.path && members.path.string;
      const match = typeof path === 'string' && path.startsWith(root) ? /^classes\/([^/]+)(?:\/([^/]+))?$/.exec(path.slice(root.length)) : null;
      if (!match || !((method === 'POST' && !match[2]) || (method === 'PUT' && match[2]))) {
        throw new NotWritten(`Parse.Object.saveAll writes a POST to classes/C or a PUT to classes/C/id, not ${method} ${path}`);
      }
      const Class = this.Parse.Object.extend(match[1]);
      const object = match[2] ? Class.createWithoutData(match[2]) : new Class();
      const body = (members.body && members.body.map) || {};
      for (const [key, node] of Object.entries(body)) {
        apply(object, key, node);
      }
      objects.push(object);
      answers.push(match[2] ? { success: { updatedAt: SAVED_AT } } : { success: { objectId: `saved${answers.length}`, createdAt: SAVED_AT } });
    }
    const transaction = value.map.transaction && value.map.transaction.bool === true;
    const { sent } = await this.exchange(200, JSON.stringify(answers), () =>
      this.Parse.Object.saveAll(objects, transaction ? { transaction: true } : {}));
    const batches = sent.filter(request => /\/batch$/.test(request.url));
    if (batches.length !== 1) {
      throw new Error(`the SDK sent ${batches.length} batch requests for one saveAll`);
    }
    const body = JSON.parse(batches[0].body);
    for (const member of [...ENVELOPE, '_method']) {
      delete body[member];
    }
    return body;
  }

  /** A Cloud function response, unwrapped by `Parse.Cloud.run`: `result` when it gives one. */
  async functionResponse(text) {
    const { result } = await this.exchange(200, text, () => this.Parse.Cloud.run('parseWireCase'));
    return result === undefined ? { map: {} } : { map: { result: this.writer.value(result) } };
  }
}

/** The SDK never settled its promise. */
class Hang extends Error {}

/** A message the SDK has no code to write. */
class NotWritten extends Error {}

/** The time the answers to writes give (any valid date: the answer is not what is checked). */
const SAVED_AT = '2022-01-01T12:23:45.678Z';

module.exports = { Messages, Hang, NotWritten, answeringXHR };
