#!/usr/bin/env node
// A ParseWire adapter in plain Node.js (no packages) around a toy client implementation built on
// JSON.parse. The first half is the "SDK"; the second speaks Vectors/schema/protocol.schema.json.
//   swift run parse-wire conformance --expected-failures Examples/node-adapter/expected-failures.json \
//       -- node Examples/node-adapter/adapter.js
'use strict';
const readline = require('readline');

// ---- the implementation under test: reads what the server emits, writes values and save bodies ----
class Rejected extends Error { constructor(kind, message) { super(message); this.kind = kind; } }
class Pointer { constructor(className, objectId) { this.className = className; this.objectId = objectId; } }

function revive(json) {
  if (Array.isArray(json)) return json.map(revive);
  if (json === null || typeof json !== 'object') return json;
  switch (json.__type) {
    case undefined: return Object.fromEntries(Object.entries(json).map(([key, value]) => [key, revive(value)]));
    case 'Date': {
      const date = new Date(json.iso);
      if (typeof json.iso !== 'string' || isNaN(date)) throw new Rejected('invalid-date', `not an ISO date: ${json.iso}`);
      return date;
    }
    case 'Pointer':
      if (typeof json.className !== 'string' || typeof json.objectId !== 'string') throw new Rejected('wrong-field-type', 'a Pointer needs className and objectId');
      return new Pointer(json.className, json.objectId);
    case 'Bytes': return Buffer.from(String(json.base64), 'base64');
    default: throw new Rejected('unknown-type', `unknown __type ${json.__type}`);
  }
}

function decode(text) {
  let json;
  try { json = JSON.parse(text); } catch (error) { throw new Rejected('json-syntax', error.message); }
  return revive(json);
}

function wire(value) {
  if (value instanceof Date) return { __type: 'Date', iso: value.toISOString() };
  if (value instanceof Pointer) return { __type: 'Pointer', className: value.className, objectId: value.objectId };
  if (Buffer.isBuffer(value)) return { __type: 'Bytes', base64: value.toString('base64') };
  if (Array.isArray(value)) return value.map(wire);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wire(v)]));
  return value;
}

const encode = (value) => JSON.stringify(wire(value));

// ---- the adapter: TVN in and out, one answer line per request ----
class Unsupported extends Error {}

function toTVN(value) {
  if (value === null) return { null: true };
  if (typeof value === 'boolean') return { bool: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`TVN cannot spell the number ${value}`);
    return { number: String(value) };
  }
  if (typeof value === 'string') return { string: value };
  if (value instanceof Date) return { date: { epochMs: String(value.getTime()) } };
  if (value instanceof Pointer) return { pointer: { className: value.className, objectId: value.objectId } };
  if (Buffer.isBuffer(value)) return { bytes: { hex: value.toString('hex') } };
  if (Array.isArray(value)) return { array: value.map(toTVN) };
  return { map: Object.fromEntries(Object.entries(value).map(([key, v]) => [key, toTVN(v)])) };
}

function fromTVN(node) {
  const [type, body] = Object.entries(node)[0];
  switch (type) {
    case 'null': return null;
    case 'bool': case 'string': return body;
    case 'number': return Number(body);
    case 'array': return body.map(fromTVN);
    case 'map': return Object.fromEntries(Object.entries(body).map(([key, v]) => [key, fromTVN(v)]));
    case 'date': return new Date(Number(body.epochMs));
    case 'pointer': return new Pointer(body.className, body.objectId);
    case 'bytes': return Buffer.from(body.hex, 'hex');
    default: throw new Unsupported(`${type} values are not implemented`);
  }
}

function fetched(value, className) {  // a fetched REST object: server keys apart, the rest are fields
  const { objectId, createdAt, updatedAt, ...fields } = value;
  const object = { className, fields: toTVN(fields).map };
  if (objectId !== undefined) object.objectId = objectId;
  if (createdAt !== undefined) object.createdAt = { epochMs: String(Date.parse(createdAt)) };
  if (updatedAt !== undefined) object.updatedAt = { epochMs: String(Date.parse(updatedAt)) };
  return { object };
}

function answer(request) {
  // A context newer than this toy (`livequery`): it has nothing that reads or writes one.
  if (!['value', 'object', 'update', 'query', 'message'].includes(request.context.kind)) {
    return { unsupported: true, reason: `the toy has no ${request.context.kind} messages` };
  }
  const text = request.wire ?? (request.wireBase64 && Buffer.from(request.wireBase64, 'base64').toString('utf8'));
  try {
    if (request.cmd === 'encode') return { ok: true, wire: encode(fromTVN(request.value)) };
    const value = decode(text);
    if (request.cmd === 'roundtrip') return { ok: true, wire: encode(value) };
    const object = request.context.kind === 'object';
    return { ok: true, value: object ? fetched(value, request.context.className) : toTVN(value) };
  } catch (error) {
    if (error instanceof Rejected) return { ok: false, error: { kind: error.kind, message: error.message } };
    if (error instanceof Unsupported) return { skipped: true, reason: error.message };
    return { errored: true, message: String(error.message) };
  }
}

const hello = {
  protocol: 1, implementation: { name: 'toy-node', version: '0.1.0', language: 'javascript' }, profile: 'client',
  ops: { decode: ['value', 'object'], encode: ['value', 'update'], roundtrip: ['value'] }, capabilities: [], choices: {},
};

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.cmd === 'stop') process.exit(0);
  const reply = request.cmd === 'hello' ? hello : { seq: request.seq, ...answer(request) };
  process.stdout.write(JSON.stringify(reply) + '\n');
});
