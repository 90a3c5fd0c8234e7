// Tests of how the oracle judges "the same data" (compare.js, lossless-json.js). They need no
// parse-server bundle: run them with `node --test Examples/adapters/parse-server-oracle/test/`.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { compareBody } = require('../compare');
const { parseLossless, decimal } = require('../lossless-json');

const owned = { objectId: 'o1', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const value = (body, f) => compareBody('value', `{"f":${body}}`, f === undefined ? { ...owned } : { ...owned, f });
const update = (body, fields, relations) => compareBody('update', body, { ...owned, ...fields }, [], relations);

test('numbers compare by exact decimal value, so a rounded integer is a change', () => {
  assert.equal(value('9007199254740993', 9007199254740992).data.length, 1);
  assert.deepEqual(value('1.0e2', 100).data, []);
});

test('negative zero coming back as zero is a change', () => {
  assert.match(value('-0', 0).data[0], /-0 came back as 0/);
});

test('a date keeps its instant through an offset and a missing fraction', () => {
  const emitted = { __type: 'Date', iso: '2022-01-01T00:00:00.000Z' };
  assert.deepEqual(value('{"__type":"Date","iso":"2022-01-01T01:00:00+01:00"}', emitted).data, []);
  assert.deepEqual(value('{"__type":"Date","iso":"2022-01-01T00:00:00Z"}', emitted).data, []);
});

test('a date losing sub-millisecond digits or rolling over a month end is a change', () => {
  const ms = { __type: 'Date', iso: '2022-01-01T00:00:00.123Z' };
  assert.match(value('{"__type":"Date","iso":"2022-01-01T00:00:00.123456Z"}', ms).data[0], /sub-millisecond/);
  const march = { __type: 'Date', iso: '2022-03-02T00:00:00.000Z' };
  assert.match(value('{"__type":"Date","iso":"2022-02-30T00:00:00.000Z"}', march).data[0], /no exact reading/);
});

test('bytes compare by value: unpadded base64 is the same data, junk base64 is not', () => {
  const hi = { __type: 'Bytes', base64: 'aGk=' };
  assert.deepEqual(value('{"__type":"Bytes","base64":"aGk"}', hi).data, []);
  assert.match(value('{"__type":"Bytes","base64":"!!!"}', { __type: 'Bytes', base64: '' }).data[0], /no reading/);
});

test('a Polygon emitted closed and a File without url differ only in form', () => {
  const polygon = value('{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}',
    { __type: 'Polygon', coordinates: [[0, 0], [0, 1], [1, 1], [0, 0]] });
  assert.deepEqual(polygon.data, []);
  assert.equal(polygon.form.length, 1);
  const file = value('{"__type":"File","name":"a.png","url":"https://x/a.png"}', { __type: 'File', name: 'a.png' });
  assert.deepEqual(file.data, []);
  assert.equal(file.form.length, 1);
});

test('a File losing a member besides its url is a change', () => {
  const file = value('{"__type":"File","name":"a.png","url":"u","x":1}', { __type: 'File', name: 'a.png' });
  assert.match(file.data[0], /"x" was dropped/);
});

test('an operation nested in a value and stored as data is a change', () => {
  const nested = { __op: 'Increment', amount: 1 };
  assert.match(value('[{"__op":"Increment","amount":1}]', [nested]).data[0], /stored as data/);
});

test('a repeated member is read as JSON.parse reads it and noted as form', () => {
  const result = value('{"a":1,"a":2}', { a: 2 });
  assert.deepEqual(result.data, []);
  assert.match(result.form[0], /repeated member names/);
});

test('a member named __proto__ that the server drops is a change', () => {
  assert.match(value('{"__proto__":1}', {}).data[0], /"__proto__" was dropped/);
});

test('top-level operations of a save body are applied to the fresh object', () => {
  assert.deepEqual(update('{"n":{"__op":"Increment","amount":2}}', { n: 2 }).data, []);
  assert.deepEqual(update('{"t":{"__op":"AddUnique","objects":["a","a"]}}', { t: ['a'] }).data, []);
  assert.deepEqual(update('{"t":{"__op":"Remove","objects":["a"]}}', {}).data, []);
  assert.equal(update('{"n":{"__op":"Increment","amount":2}}', { n: 3 }).data.length, 1);
});

test('an ACL compares by its true grants, and a deleted ACL that comes back empty is a change', () => {
  assert.deepEqual(update('{"ACL":{"*":{"read":true,"write":false}}}', { ACL: { '*': { read: true } } }).data, []);
  assert.equal(update('{"ACL":{"__op":"Delete"}}', { ACL: {} }).data.length, 1);
});

test('relation operations are judged by the join collection, a Batch applied in order', () => {
  const pointer = '{"__type":"Pointer","className":"A","objectId":"x"}';
  const removeThenAdd = `{"r":{"__op":"Batch","ops":[{"__op":"RemoveRelation","objects":[${pointer}]},` +
    `{"__op":"AddRelation","objects":[${pointer}]}]}}`;
  const relation = { r: { __type: 'Relation', className: 'A' } };
  assert.deepEqual(update(removeThenAdd, relation, { r: ['x'] }).data, []);
  assert.match(update(removeThenAdd, relation, { r: [] }).data[0], /join collection/);
});

test('a null the server does not emit is a difference of form', () => {
  const result = update('{"p":null}', {});
  assert.deepEqual(result.data, []);
  assert.equal(result.form.length, 1);
});

test('the lossless reader keeps number text and reports repeated names', () => {
  const { value: read, repeated } = parseLossless('{"a":1.50,"a":[1e400],"__proto__":{}}');
  assert.equal(read.a[0].text, '1e400');
  assert.deepEqual(repeated, ['a']);
  assert.ok(Object.prototype.hasOwnProperty.call(read, '__proto__'));
  assert.equal(decimal('1.50'), decimal('15e-1'));
  assert.notEqual(decimal('-0'), decimal('0'));
});

test('in a fetched object an operation-shaped map is data: stored and emitted as it is, it is kept', () => {
  const body = '{"meta":{"f":{"__op":"Increment","amount":1}}}';
  const emitted = { objectId: 'o', meta: { f: { __op: 'Increment', amount: 1 } } };
  assert.deepEqual(compareBody('object', body, emitted).data, []);
  assert.notDeepEqual(compareBody('update', body, emitted).data, []);
});

test('an operation-shaped map in the written form of a value is data when the body encodes TVN', () => {
  const body = '{"f":{"a":{"__op":"X"}}}';
  const fetched = { ...owned, f: { a: { __op: 'X' } } };
  assert.equal(compareBody('value', body, fetched).data.length, 1);
  assert.deepEqual(compareBody('value', body, fetched, [], {}, { opsAreData: true }).data, []);
});

test('a top-level operation-shaped member of an encoded save body is data, so applying it is a change', () => {
  const body = '{"n":{"__op":"Increment","amount":1}}';
  assert.deepEqual(update(body, { n: 1 }).data, []);
  assert.equal(compareBody('update', body, { ...owned, n: 1 }, [], {}, { opsAreData: true }).data.length, 1);
});
