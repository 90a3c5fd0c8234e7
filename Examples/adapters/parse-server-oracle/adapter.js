#!/usr/bin/env node
// A ParseWire conformance adapter whose "implementation" is parse-server's own write path.
//
// Each decode request becomes a real update of one object through parse-server's code
// (`rest.update` → RestWrite → SchemaController → DatabaseController → MongoStorageAdapter →
// MongoTransform), over an in-memory stand-in for MongoDB; the answer is what a later fetch of
// that object emits (DatabaseController.find → mongoObjectToParseObject), written as JSON the
// way the server writes a response and read back as TVN. A server rejection is answered as a
// rejection whose message starts with the Parse error code. See README.md for how to build the
// bundle this file loads, and for what is and is not modelled.
//
//     swift run parse-wire conformance -- node Examples/adapters/parse-server-oracle/adapter.js
//
// A save body of a case that names a `class` (Vectors/classes/) is written to that class, created
// from its schema first, so the server enforces the schema: the adapter claims `typed-record`.
//
// Environment: PARSE_SERVER_ORACLE_BUNDLE (the bundle; default build/parse-server-oracle.js beside
// this file), PARSE_SERVER_ORACLE_CORPUS (the Vectors/ directory, for the cases' classes; default
// the repository's), PARSE_SERVER_ORACLE_LOG (a file to append one NDJSON record per request to:
// the exact body sent, the server's verdict and the exact JSON a fetch emitted).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { writePut, fetchAfterWrite, newServer } = require('./server');
const { toTVN, fieldsToTVN, Inexpressible } = require('./tvn');
const { wireText, Unwritable } = require('./wire');
const { queryWireText } = require('./query-encode');
const { classSchemasById, caseKindsById } = require('./corpus');
const { isServerForm } = require('./object-fields');
const { Num, parseLossless, losslessText } = require('./lossless-json');
const { findVerdict, withFilesController, queryAnswer } = require('./query');
const { notReadReason, batchVerdict } = require('./messages');
const liveQuery = require('./livequery');
const { send, requestText, printable, isOneJSONText, rejection } = require('./answers');

const SERVER_OWNED = ['objectId', 'createdAt', 'updatedAt'];

const bundlePath =
  process.env.PARSE_SERVER_ORACLE_BUNDLE || path.join(__dirname, 'build', 'parse-server-oracle.js');
if (!fs.existsSync(bundlePath)) {
  process.stderr.write(`parse-server-oracle: no bundle at ${bundlePath}; README.md says how to build it\n`);
  process.exit(3);
}
// parse-server's logger would create ./logs in the working directory; the oracle logs nothing.
process.env.PARSE_SERVER_LOGS_FOLDER = 'null';
const bundle = require(bundlePath);
const server = newServer(bundle);
// A find runs as a client; a batch request, like every write of the oracle, with the master key.
const findServer = withFilesController(server);
const batchServer = withFilesController(server, { isMaster: true });
const logPath = process.env.PARSE_SERVER_ORACLE_LOG;
const corpusPath = process.env.PARSE_SERVER_ORACLE_CORPUS || path.join(__dirname, '..', '..', '..', 'Vectors');
const classes = classSchemasById(corpusPath);
const caseKinds = caseKindsById(corpusPath);

function record(entry) {
  if (logPath) {
    fs.appendFileSync(logPath, `${JSON.stringify(entry)}\n`);
  }
}

/** A find request (context `query`): see query.js. */
async function decodeQuery(request) {
  const { text, notes } = requestText(request, true);
  const verdict = await findVerdict(findServer, text);
  const entry = { id: request.id, context: 'query', body: text, ...verdict };
  if (notes.length) {
    entry.decoding = notes;
  }
  record(entry);
  if (!verdict.accepted) {
    return rejection(request.seq, verdict);
  }
  try {
    return { seq: request.seq, ok: true, value: queryAnswer(verdict.understood) };
  } catch (error) {
    if (error instanceof Inexpressible) {
      return { seq: request.seq, skipped: true, reason: printable(`parse-server accepted this find and reads ${error.message}, which an answer cannot carry`) };
    }
    throw error;
  }
}

/** A REST message (context `message`): see messages.js. */
async function decodeMessage(request, context) {
  const reason = notReadReason(context.message);
  if (reason !== undefined || context.message !== 'batch-request') {
    const why = reason || `the message ${context.message} is not modelled`;
    record({ id: request.id, context: 'message', message: context.message, notRead: why });
    return { seq: request.seq, skipped: true, reason: why };
  }
  const { text, notes } = requestText(request, true);
  const verdict = await batchVerdict(batchServer, text);
  const entry = { id: request.id, context: 'message', message: context.message, body: text, ...verdict };
  if (notes.length) {
    entry.decoding = notes;
  }
  record(entry);
  if (!verdict.accepted) {
    return rejection(request.seq, verdict);
  }
  return {
    seq: request.seq,
    skipped: true,
    reason: 'parse-server ran every request of this batch without an error (the request log has each answer); ' +
      'it keeps no reading of a batch request to answer as TVN',
  };
}

/** A LiveQuery message (context `livequery`): see livequery.js. */
function decodeLiveQuery(request, context) {
  const reason = liveQuery.notReadReason(context.side);
  if (reason !== undefined && caseKinds.get(request.id) === 'valid') {
    // A valid server message: does the server's own writer write it? Logged for the verdicts; no
    // TVN answer (the oracle rebuilds the message around the object, not the object).
    const { text } = requestText(request, true);
    const verdict = liveQuery.serverWriterVerdict(bundle, text);
    record({ id: request.id, context: 'livequery', side: context.side, body: text, ...verdict });
    return { seq: request.seq, skipped: true, reason: `${reason}; its writer was run for the verdicts (request log)` };
  }
  if (reason !== undefined) {
    record({ id: request.id, context: 'livequery', side: context.side, notRead: reason });
    return { seq: request.seq, skipped: true, reason };
  }
  const { text, notes } = requestText(request, true);
  return liveQueryAnswer(request, context, text, notes, {});
}

/** Logs the LiveQuery server's verdict on a client message and answers it. */
function liveQueryAnswer(request, context, text, notes, extra) {
  const verdict = liveQuery.clientVerdict(bundle, text);
  const entry = { id: request.id, ...extra, context: 'livequery', side: context.side, body: text, ...verdict };
  if (notes.length) {
    entry.decoding = notes;
  }
  record(entry);
  if (!verdict.accepted) {
    return verdict.code === null
      ? { seq: request.seq, ok: false, error: { kind: verdict.kind, message: printable(verdict.message) } }
      : rejection(request.seq, verdict);
  }
  if (extra.op === 'encode') {
    return { seq: request.seq, ok: true, wire: text };
  }
  return {
    seq: request.seq,
    skipped: true,
    reason: `parse-server's LiveQuery server accepted this message and hands it to its ${verdict.handler} handler; ` +
      'it keeps no reading of it to answer as TVN',
  };
}

/**
 * Writes one document (a field value as `{"f": v}`, a save body as it is) through the write path,
 * fetches the object back and logs the request.
 * @param {object} request the request (its `id`)
 * @param {string} kind the context kind, `value` or `update`
 * @param {string} text the document's JSON text
 * @param {string[]} notes what decoding the request's bytes changed
 * @param {object} [extra] members added to the log entry (an encode request's marks)
 * @returns {Promise<object>} the verdict of `writePut`, with what the fetch emitted when accepted
 */
async function writeDocument(request, kind, text, notes, extra = {}) {
  // A field value travels as the one field of a PUT body; a save body travels as it is.
  const body = kind === 'value' ? `{"f":${text}}` : text;
  const schema = kind === 'update' ? classes.get(request.id) : undefined;
  // A value that is not one JSON text on its own must not become valid by being wrapped.
  const verdict = kind === 'value' && !isOneJSONText(text)
    ? { accepted: false, code: null, kind: 'json-syntax', message: 'the field value is not one JSON text' }
    : await writePut(server, body, schema);
  if (verdict.accepted) {
    Object.assign(verdict, await fetchAfterWrite(server, verdict.className, verdict.objectId));
  }
  const entry = { id: request.id, ...extra, context: kind, body, ...verdict };
  if (notes.length) {
    entry.decoding = notes;
  }
  if (schema) {
    entry.class = schema.className;
  }
  delete entry.objectId;
  delete entry.className;
  record(entry);
  return verdict;
}

async function decode(request) {
  const context = request.context || { kind: 'value' };
  if (context.kind === 'query') {
    return decodeQuery(request);
  }
  if (context.kind === 'message') {
    return decodeMessage(request, context);
  }
  if (context.kind === 'livequery') {
    return decodeLiveQuery(request, context);
  }
  if (context.kind === 'object') {
    const { text, notes } = requestText(request, true);
    await recordObjectVerdict(request, context, text, notes);
    return {
      seq: request.seq,
      skipped: true,
      reason:
        'a fetched object is what parse-server emits, not something its write path reads; its fields ' +
        'were written as a save body for the verdicts (request log), but no answer is given',
    };
  }
  const { text, notes } = requestText(request, context.kind !== 'value');
  const verdict = await writeDocument(request, context.kind, text, notes);
  if (!verdict.accepted) {
    return rejection(request.seq, verdict);
  }
  if (verdict.fetchError) {
    return rejection(request.seq, {
      code: verdict.fetchError.code,
      message: `the write was accepted, but a fetch of the object fails: ${verdict.fetchError.message}`,
    });
  }
  const fetched = JSON.parse(verdict.emitted);
  try {
    if (context.kind === 'update') {
      return { seq: request.seq, ok: true, value: fieldsToTVN(fetched) };
    }
    // A field the fetch does not return (a Delete, an unset) reads as null.
    const field = Object.prototype.hasOwnProperty.call(fetched, 'f') ? fetched.f : null;
    return { seq: request.seq, ok: true, value: toTVN(field) };
  } catch (error) {
    if (error instanceof Inexpressible) {
      return {
        seq: request.seq,
        skipped: true,
        reason: printable(`parse-server accepted this and emits ${error.message}, which an answer cannot carry`),
      };
    }
    throw error;
  }
}

/**
 * What the server does with a fetched object's fields, for the verdicts: could it ever emit this
 * document? `objectId`, `createdAt` and `updatedAt` are written by the server itself, so they are
 * left out of the body when they are in the server's own form; when one is not, no client write
 * can produce it and the log says so (`notWritten`). The rest is written as the save body of an
 * object of the case's class (its schema first, for a case that names one) and fetched back.
 * @returns {Promise<object>} the verdict of `writePut` (with the fetch), or `{notWritten}`
 */
async function recordObjectVerdict(request, context, text, notes, extra = {}) {
  let body = text;
  let document;
  try {
    document = parseLossless(text).value;
  } catch {
    document = undefined;
  }
  if (document !== null && typeof document === 'object' && !Array.isArray(document)) {
    const owned = SERVER_OWNED.filter(key => Object.prototype.hasOwnProperty.call(document, key));
    const foreign = owned.find(key => !isServerForm(key, document[key] instanceof Num ? Number(document[key].text) : document[key]));
    if (foreign) {
      const notWritten = `${foreign} is not in the form the server writes it (a string ${foreign === 'objectId' ? 'of letters and digits' : 'as Date.toISOString writes it'}); the server sets this member itself, so no write can store another`;
      record({ id: request.id, ...extra, context: 'object', className: context.className, notWritten });
      return { notWritten };
    }
    const fields = {};
    for (const key of Object.keys(document).filter(k => !SERVER_OWNED.includes(k))) {
      fields[key] = document[key];
    }
    body = losslessText(fields);
  }
  const schema = classes.get(request.id);
  const verdict = await writePut(server, body, schema, context.className);
  if (verdict.accepted) {
    Object.assign(verdict, await fetchAfterWrite(server, verdict.className, verdict.objectId));
  }
  const entry = { id: request.id, ...extra, context: 'object', className: context.className, body, ...verdict };
  delete entry.objectId;
  if (notes.length) {
    entry.decoding = notes;
  }
  if (schema) {
    entry.class = schema.className;
  }
  record(entry);
  return verdict;
}

/**
 * An encode request, answered for `encode-error` cases only. The server has no TVN → wire
 * direction; what the oracle asks is what the server does with the document a writer *without the
 * case's check* would send: the value's naive wire form (`wire.js`, `wireText`) goes through the
 * same write path as a decode request's document, and the log entry (`op: "encode"`) gives the
 * verdict. The answer is the server's: its rejection, or that text when it stores it. Every other
 * encode request is answered `skipped`: the oracle is no writer of valid values.
 */
async function encode(request) {
  const context = request.context || { kind: 'value' };
  if (caseKinds.get(request.id) !== 'encode-error') {
    return { seq: request.seq, skipped: true, reason: ENCODE_SKIP };
  }
  const extra = { op: 'encode', written: 'unchecked' };
  if (context.kind === 'livequery') {
    const reason = liveQuery.notReadReason(context.side);
    if (reason !== undefined) {
      record({ id: request.id, ...extra, context: 'livequery', side: context.side, notRead: reason });
      return { seq: request.seq, skipped: true, reason };
    }
    return liveQueryAnswer(request, context, wireText(request.value), [], extra);
  }
  let text;
  try {
    text = context.kind === 'query' ? queryWireText(request.value) : wireText(request.value, context.kind);
  } catch (error) {
    if (error instanceof Unwritable) {
      record({ id: request.id, ...extra, context: context.kind, notWritten: error.message });
      return { seq: request.seq, skipped: true, reason: printable(`no unchecked wire form: ${error.message}`) };
    }
    throw error;
  }
  if (context.kind === 'query') {
    // A find request goes through the read path, as a decode request's does (query.js).
    const verdict = await findVerdict(findServer, text);
    record({ id: request.id, ...extra, context: 'query', body: text, ...verdict });
    return verdict.accepted ? { seq: request.seq, ok: true, wire: text } : rejection(request.seq, verdict);
  }
  const verdict = context.kind === 'object'
    ? await recordObjectVerdict(request, context, text, [], extra)
    : await writeDocument(request, context.kind, text, [], extra);
  if (verdict.notWritten) {
    return { seq: request.seq, skipped: true, reason: printable(verdict.notWritten) };
  }
  if (!verdict.accepted) {
    return rejection(request.seq, verdict);
  }
  return { seq: request.seq, ok: true, wire: text };
}

const ENCODE_SKIP = 'the oracle writes only the values of encode-error cases (to see what parse-server does with ' +
  'the document a writer without the check sends); it is no encoder of valid values';

function hello() {
  return {
    protocol: 1,
    implementation: {
      name: 'parse-server',
      version: server.version,
      language: 'javascript',
      homepage: 'https://github.com/parse-community/parse-server',
    },
    // `encode` is claimed for the encode-error cases' verdicts only (see `encode`).
    ops: {
      decode: ['value', 'update', 'object', 'query', 'message', 'livequery'],
      encode: ['value', 'update', 'object', 'query', 'livequery:client'],
      roundtrip: [],
    },
    // Field and relation operations are what the write path is for. `object` is claimed so that
    // the typed fetched-object cases are sent too: each is answered `skipped`, but its fields are
    // written for the verdicts. `query` runs finds through the read path; `message` runs batch
    // requests and records, for the responses the server only writes, why there is no verdict.
    // `livequery` checks the client's messages with the LiveQuery server's request schemas.
    // The type tags are claimed for the optional find requests that constrain such values.
    capabilities: [
      'op', 'relation', 'object', 'query', 'message', 'livequery', 'date', 'pointer', 'geopoint', 'polygon',
      ...(classes.size ? ['typed-record'] : []),
    ],
    choices: {},
  };
}

async function handle(request) {
  switch (request.cmd) {
    case 'hello':
      return hello();
    case 'decode':
      return decode(request);
    case 'encode':
      return encode(request);
    default:
      return { seq: request.seq, skipped: true, reason: `${request.cmd} is not modelled` };
  }
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) {
      continue;
    }
    const request = JSON.parse(line);
    if (request.cmd === 'stop') {
      break;
    }
    try {
      send(await handle(request));
    } catch (error) {
      send({
        seq: request.seq,
        errored: true,
        message: printable(String(error && error.message ? error.message : error)),
        traceback: printable(String(error && error.stack ? error.stack : '')),
      });
    }
  }
  process.exit(0);
}

main();
