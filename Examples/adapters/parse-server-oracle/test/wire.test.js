// The naive writer (wire.js `wireText`): the document a writer without checks sends for an
// encode-error case's value, which the adapter passes to the server's write path.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { toTVN, fieldsToTVN } = require('../tvn');
const { wireText, Unwritable } = require('../wire');

test('a Pointer to a class the naming rules refuse is written as it is', () => {
  assert.strictEqual(
    wireText({ pointer: { className: ' x', objectId: 'a1' } }),
    '{"__type":"Pointer","className":" x","objectId":"a1"}');
});

test('a date before year 0001 and one past 9999 are written as their ISO text', () => {
  assert.strictEqual(wireText({ date: { epochMs: '-62135596800001' } }),
    '{"__type":"Date","iso":"0000-12-31T23:59:59.999Z"}');
  assert.strictEqual(wireText({ date: { epochMs: '253402300800000' } }),
    '{"__type":"Date","iso":"+010000-01-01T00:00:00.000Z"}');
});

test('a date no JavaScript Date holds has no unchecked form', () => {
  assert.throws(() => wireText({ date: { epochMs: '8640000000000001' } }), Unwritable);
});

test('numbers keep their TVN text and keys are written unchecked', () => {
  assert.strictEqual(wireText({ map: { 'a.b': { number: '1.50' }, __type: { string: 'X' } } }),
    '{"a.b":1.50,"__type":"X"}');
});

test('a fetched object is written without className, an embedded one with its __type', () => {
  const object = { className: 'Item', objectId: 'i1', acl: { '*': { read: true } }, fields: { ' x': { number: '1' } } };
  assert.strictEqual(wireText({ object }, 'object'), '{"objectId":"i1","ACL":{"*":{"read":true}}," x":1}');
  assert.strictEqual(wireText({ object }),
    '{"__type":"Object","className":"Item","objectId":"i1","ACL":{"*":{"read":true}}," x":1}');
});

test('operations are written in their wire shape', () => {
  assert.strictEqual(
    wireText({ op: { batch: [{ addRelation: [{ className: 'A', objectId: 'b' }] }, { removeRelation: [] }] } }),
    '{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"A","objectId":"b"}]},' +
    '{"__op":"RemoveRelation","objects":[]}]}');
  assert.strictEqual(wireText({ op: { increment: '2' } }), '{"__op":"Increment","amount":2}');
  assert.strictEqual(wireText({ op: { delete: true } }), '{"__op":"Delete"}');
});

test('every typed value read back from its written form is the same TVN', () => {
  const nodes = [
    { bytes: { hex: '00ff10' } },
    { relation: { className: 'Book' } },
    { geopoint: { latitude: '40.5', longitude: '-30' } },
    { file: { name: 'a.png', url: 'https://example.com/a.png' } },
    { polygon: [['1', '2'], ['3', '4'], ['5', '6']] },
    { array: [{ null: true }, { bool: false }, { string: 'é' }] },
  ];
  for (const node of nodes) {
    assert.deepStrictEqual(toTVN(JSON.parse(wireText(node))), node);
  }
  const body = { map: { f: { date: { epochMs: '0' } } } };
  assert.deepStrictEqual(fieldsToTVN(JSON.parse(wireText(body, 'update'))), body);
});
