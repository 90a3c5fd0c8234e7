#!/usr/bin/env node
// A ParseWire conformance adapter (Vectors/INTERPRETING.md §9, profile `client`) around Parse-SDK-JS's
// own reading and writing of the wire format. Nothing here encodes or decodes a Parse type: every
// document is read by the SDK (`Parse._decode`, `Parse.Object.fromJSON`, `Parse.Object#set`, the
// `Parse.Op` classes, `Parse.Query.fromJSON`, its REST response handling) and written by it
// (`Parse.Object#_getSaveJSON`, `Parse.Object#toJSON`, `Parse.Query`, `Parse.Object.saveAll`), and
// what it produced is reported as it is. Find requests: query.js; REST messages: messages.js.
//
//     npm install            (in this folder: the `parse` version package.json pins)
//     swift run parse-wire conformance --profile client \
//         --expected-failures Examples/adapters/parse-sdk-js/expected-failures.json \
//         -- node Examples/adapters/parse-sdk-js/adapter.js
//
// Environment: PARSE_SDK_JS, a bundle of the SDK to load instead of `require('parse/node')` (see
// README.md); PARSE_SDK_JS_NO_CHOICES=1 declares no implementation-defined choices, the run that
// establishes them.
'use strict';

const readline = require('node:readline');
const { NativeBuilder, TVNWriter, Unrepresentable, put } = require('./native');
const { writeJSON } = require('./answer-json');
const { QueryBuilder, NoBuilder, requestTVN } = require('./query');
const { Messages, Hang, NotWritten } = require('./messages');
const { CHOICES } = require('./choices');
const { Rejection, NotPerformed, refusals } = require('./refusals');

// stdout carries answers only; anything the SDK prints goes to stderr.
for (const name of ['log', 'info', 'warn', 'debug']) {
  console[name] = (...args) => console.error(...args);
}

const Parse = process.env.PARSE_SDK_JS ? require(process.env.PARSE_SDK_JS) : require('parse/node');
// The SDK needs an application id; the server URL is never contacted.
Parse.initialize('parse-wire-conformance');
Parse.serverURL = 'http://127.0.0.1:9/parse';

// A retry of a request answered 5xx would be answered the same; one attempt keeps a run quick.
Parse.CoreManager.set('REQUEST_ATTEMPT_LIMIT', 1);

const builder = new NativeBuilder(Parse);
const writer = new TVNWriter(Parse);
const queries = new QueryBuilder(Parse, builder);
const messages = new Messages(Parse, writer);
const { sdk, sent, parseJSON } = refusals(Parse);

/** The class a save body or a field value belongs to when the case names none. */
const DEFAULT_CLASS = 'ParseWireCase';

/** The response text as the SDK's XMLHttpRequest hands it over: UTF-8, invalid bytes replaced. */
function requestText(request) {
  return typeof request.wire === 'string' ? request.wire : Buffer.from(request.wireBase64, 'base64').toString('utf8');
}

/**
 * `Parse.Object#set` of one key (`set(object, key, value)`) or of several (`set(object, changes)`); it
 * answers an invalid change with `false` and reports it through `options.error`.
 */
function set(object, ...change) {
  let refusal = null;
  const changed = object.set(...change, { error: (_, error) => (refusal = error) });
  if (changed === false) {
    throw refusal || new Error('set() refused the change');
  }
}

function classOf(context) {
  return context.class || DEFAULT_CLASS;
}

/** A new object of the class, built as parse-server builds the object of a write for Cloud Code. */
function newObject(className) {
  return Parse.Object.fromJSON({ className });
}

/** A fetched object, read as `Parse.Query#find` reads each result. */
function readFetched(text, context) {
  const data = parseJSON(text);
  return sdk(() => {
    if (!data.className) {
      data.className = context.className;
    }
    return Parse.Object.fromJSON(data, true);
  });
}

/** A save body, read as the SDK reads one: each value decoded, the whole set on a new object. */
function readSaveBody(text, context) {
  const body = parseJSON(text);
  return sdk(() => {
    const object = newObject(classOf(context));
    const changes = {};
    for (const key in body) {
      put(changes, key, Parse._decode(null, body[key]));
    }
    set(object, changes);
    return object;
  });
}

/**
 * The pending changes of an object, as TVN: a set value as itself, an operation as its `op`. A key
 * with no operation of its own (the parent `a` that `set('a.b', v)` makes dirty) is left out, as
 * `_getSaveJSON()` leaves it out.
 */
function pendingTVN(object) {
  const map = {};
  for (const key of object.dirtyKeys()) {
    const op = object.op(key);
    if (op) {
      put(map, key, writer.op(op));
    }
  }
  return { map };
}

/** Applies one TVN value or operation to an object's field, as an application would. */
function change(object, key, node) {
  if (Object.keys(node)[0] === 'op') {
    for (const op of sdk(() => builder.ops(node.op))) {
      sdk(() => set(object, key, op));
    }
  } else {
    const value = sdk(() => builder.value(node));
    sdk(() => set(object, key, value));
  }
}

/** The field value `f` of a save body the SDK writes. */
function writtenField(object) {
  const json = sdk(() => object._getSaveJSON());
  if (!Object.prototype.hasOwnProperty.call(json, 'f')) {
    throw new Error(`the SDK wrote a save body without the field: ${JSON.stringify(json)}`);
  }
  return json.f;
}

/** A find request, read back as `Parse.Query.fromJSON` reads one (it calls `withJSON`). */
function readQuery(text, context) {
  const json = parseJSON(text);
  return sdk(() => Parse.Query.fromJSON(classOf(context), json));
}

/** The message kinds whose reading the SDK has: each through its own response handling. */
async function readMessage(text, context) {
  try {
    switch (context.message) {
      case 'find-response':
        return await messages.findResponse(text, context.className || DEFAULT_CLASS);
      case 'save-response':
        return await messages.saveResponse(text, context.className || DEFAULT_CLASS);
      case 'error':
        return await messages.error(text);
      case 'function-response':
        return await messages.functionResponse(text);
      default:
        throw new NotPerformed(`the SDK has no reader of a ${context.message} message: ${NOT_READ[context.message] || 'no code of it reads one'}`);
    }
  } catch (error) {
    if (error instanceof Hang || error instanceof NotPerformed || error instanceof Unrepresentable) {
      throw error;
    }
    return sdk(() => {
      throw error;
    });
  }
}

/** Why the SDK reads no message of these kinds. */
const NOT_READ = {
  'batch-request': 'it writes batch requests (Parse.Object.saveAll, destroyAll) and never reads one',
  'batch-response': 'Parse.Object.saveAll and destroyAll read one only item by item into the objects they saved or destroyed (ParseObject.ts:2536-2552), a success as a save response, and stop at the first error; nothing holds the message itself',
};

async function decode(request) {
  const context = request.context;
  const text = requestText(request);
  switch (context.kind) {
    case 'query':
      return sdk(() => requestTVN(readQuery(text, context).toJSON()));
    case 'message':
      return readMessage(text, context);
    case 'object':
      return writer.object(readFetched(text, context));
    case 'update':
      return pendingTVN(readSaveBody(text, context));
    default: {
      const json = parseJSON(text);
      return writer.value(sdk(() => Parse._decode(null, json)));
    }
  }
}

async function encode(request) {
  const context = request.context;
  switch (context.kind) {
    case 'message': {
      if (context.message !== 'batch-request') {
        throw new NotPerformed(`the SDK writes no ${context.message} message`);
      }
      try {
        return await messages.batchRequest(request.value, change);
      } catch (error) {
        if (error instanceof NotWritten) {
          throw new NotPerformed(error.message);
        }
        return sent(() => Promise.reject(error));
      }
    }
    case 'query': {
      if (Object.keys(request.value)[0] !== 'map') {
        throw new Error('a find request is encoded from a map node');
      }
      const query = sdk(() => queries.query(classOf(context), request.value.map));
      return sent(() => messages.findBody(query));
    }
    case 'object': {
      if (Object.keys(request.value)[0] !== 'object') {
        throw new Error('a fetched object is encoded from an object node');
      }
      const object = sdk(() => builder.object(request.value.object));
      return sdk(() => object.toJSON());
    }
    case 'update': {
      const object = sdk(() => newObject(classOf(context)));
      for (const [key, node] of Object.entries(request.value.map)) {
        change(object, key, node);
      }
      return sdk(() => object._getSaveJSON());
    }
    default: {
      const object = sdk(() => newObject(classOf(context)));
      change(object, 'f', request.value);
      return writtenField(object);
    }
  }
}

async function roundtrip(request) {
  const context = request.context;
  const text = requestText(request);
  switch (context.kind) {
    case 'query': {
      // The SDK's own pair: a query restored from its JSON and written as JSON again.
      const query = readQuery(text, context);
      return sdk(() => query.toJSON());
    }
    case 'object': {
      const object = readFetched(text, context);
      return sdk(() => object.toJSON());
    }
    case 'update': {
      const object = readSaveBody(text, context);
      return sdk(() => object._getSaveJSON());
    }
    default: {
      const json = parseJSON(text);
      const value = sdk(() => Parse._decode(null, json));
      const object = sdk(() => newObject(classOf(context)));
      sdk(() => set(object, 'f', value));
      return writtenField(object);
    }
  }
}

/** The text of what the SDK wrote, as its REST controller makes a request body: `JSON.stringify`. */
function requestBody(json) {
  return sdk(() => JSON.stringify(json));
}

function hello() {
  return {
    protocol: 1,
    implementation: {
      name: 'Parse-SDK-JS',
      version: String(Parse.CoreManager.get('VERSION')).replace(/^js/, ''),
      language: 'javascript',
      homepage: 'https://github.com/parse-community/Parse-SDK-JS',
      issues: 'https://github.com/parse-community/Parse-SDK-JS/issues',
    },
    profile: 'client',
    ops: {
      // The messages the SDK reads and writes (the others are unsupported, not skipped): see
      // messages.js and NOT_READ in this file.
      decode: ['value', 'object', 'update', 'query', 'message:find-response', 'message:save-response',
        'message:error', 'message:function-response'],
      encode: ['value', 'object', 'update', 'query', 'message:batch-request'],
      roundtrip: ['value', 'object', 'update', 'query'],
    },
    capabilities: ['query', 'message', 'date', 'pointer', 'geopoint', 'polygon', 'op', 'relation'],
    choices: process.env.PARSE_SDK_JS_NO_CHOICES === '1' ? {} : CHOICES,
  };
}

function cut(text) {
  return text.length > 2000 ? text.slice(0, 2000) : text;
}

/**
 * The contexts this adapter hands to the SDK (its hello `ops`); a newer one (`livequery`: the SDK's
 * LiveQueryClient is not driven here) is answered unsupported, never read as a value.
 */
const KNOWN_CONTEXTS = new Set(['value', 'object', 'update', 'query', 'message']);

async function answer(request) {
  try {
    const kind = request.context && request.context.kind;
    if (['decode', 'encode', 'roundtrip'].includes(request.cmd) && !KNOWN_CONTEXTS.has(kind)) {
      throw new NotPerformed(`this adapter drives the SDK's REST paths only, not its ${JSON.stringify(kind)} context`);
    }
    switch (request.cmd) {
      case 'decode':
        return { ok: true, value: await decode(request) };
      case 'encode':
        return { ok: true, wire: requestBody(await encode(request)) };
      case 'roundtrip':
        return { ok: true, wire: requestBody(await roundtrip(request)) };
      default:
        return { skipped: true, reason: `${request.cmd} is not a request this adapter knows` };
    }
  } catch (error) {
    if (error instanceof Rejection) {
      const rejection = { kind: error.kind, message: cut(error.message) };
      if (error.parseCode !== undefined) {
        rejection.parseCode = error.parseCode;
      }
      return { ok: false, error: rejection };
    }
    if (error instanceof NotPerformed || error instanceof NoBuilder) {
      // What the SDK has no code for (a reader of the message, a writer of that batch, a builder
      // of that request): unsupported.
      return { unsupported: true, reason: cut(error.message) };
    }
    if (error instanceof Unrepresentable) {
      return { ok: true, unrepresentable: cut(`the SDK accepted it and holds ${error.message}`) };
    }
    return { errored: true, message: cut(String(error && error.message)), traceback: cut(String(error && error.stack)) };
  }
}

/** One request at a time, in order: a message's answer waits for the SDK's promise. */
let pending = Promise.resolve();

readline.createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', line => {
  if (!line.trim()) {
    return;
  }
  pending = pending.then(async () => {
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      process.stderr.write(`a request line that is not JSON: ${error.message}\n`);
      process.exit(2);
    }
    if (request.cmd === 'stop') {
      process.exit(0);
    }
    const reply = request.cmd === 'hello' ? hello() : { seq: request.seq, ...(await answer(request)) };
    process.stdout.write(`${writeJSON(reply)}\n`);
  }).catch(error => {
    // An answer that could not be written would leave every later request unanswered: stop instead.
    process.stderr.write(`the adapter could not answer: ${error && error.stack}\n`);
    process.exit(70);
  });
});
