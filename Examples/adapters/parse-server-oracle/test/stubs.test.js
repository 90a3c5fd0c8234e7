// Tests of the in-memory MongoDB model (stubs/bson.js, stubs/documents.js, stubs/mongodb.js) and
// of the TVN the adapter answers (tvn.js). No parse-server bundle needed.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Binary, stored, bsonEqual } = require('../stubs/bson');
const { applyUpdate, matches } = require('../stubs/documents');
const { MongoClient, resetMemory } = require('../stubs/mongodb');
const { toTVN, fieldsToTVN, Inexpressible } = require('../tvn');

test('an Invalid Date is stored as epoch 0, as BSON writes NaN milliseconds', () => {
  assert.equal(stored(new Date('2022-02-31T99:00:00Z')).getTime(), 0);
});

test('lone surrogates in strings and member names become U+FFFD', () => {
  assert.equal(stored('a\ud800'), 'a\ufffd');
  assert.deepEqual(Object.keys(stored({ ['k\udc00']: 1 })), ['k\ufffd']);
});

test('a member name with NUL and a plain object with _bsontype are refused', () => {
  assert.throws(() => stored({ 'a\u0000b': 1 }), /null bytes/);
  assert.throws(() => stored({ o: { _bsontype: 'Binary' } }), /Unsupported BSON version/);
});

test('a stored member named __proto__ stays a member', () => {
  const copy = stored(JSON.parse('{"__proto__":1}'));
  assert.ok(Object.prototype.hasOwnProperty.call(copy, '__proto__'));
});

test('BSON equality is member-order sensitive', () => {
  assert.ok(bsonEqual({ a: 1, b: 2 }, { a: 1, b: 2 }));
  assert.ok(!bsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 }));
  assert.ok(bsonEqual(new Binary(Buffer.from('hi')), new Binary(Buffer.from('hi'))));
});

test('update operators: $addToSet skips equal members, $pullAll on a missing field adds nothing', () => {
  const doc = { _id: 'x', t: ['a'] };
  applyUpdate(doc, { $addToSet: { t: { $each: ['a', 'b'] } }, $pullAll: { missing: ['a'] } }, false);
  assert.deepEqual(doc, { _id: 'x', t: ['a', 'b'] });
});

test('_id cannot be changed by any operator', () => {
  assert.throws(() => applyUpdate({ _id: 'x' }, { $set: { _id: 'y' } }, false), /immutable/);
  assert.throws(() => applyUpdate({ _id: 'x' }, { $unset: { _id: '' } }, false), /immutable/);
  const same = { _id: 'x' };
  applyUpdate(same, { $set: { _id: 'x' } }, false);
  assert.equal(same._id, 'x');
});

test('an update path with an empty segment or a positional $ the query cannot match is refused', () => {
  for (const path of ['a.', 'a..b', 'a.b.', '.a']) {
    assert.throws(() => applyUpdate({ _id: 'x' }, { $set: { [path]: 1 } }, false),
      error => error.code === 56 && /contains an empty field name/.test(error.message));
  }
  assert.throws(() => applyUpdate({ _id: 'x' }, { $set: { 'a.$': 1 } }, false),
    error => error.code === 2 && /positional operator did not find the match/.test(error.message));
  const doc = { _id: 'x' };
  applyUpdate(doc, { $set: { 'a.$b': 1, 'a.b$': 2 } }, false);
  assert.deepEqual(doc, { _id: 'x', a: { $b: 1, b$: 2 } });
});

test('queries match equality, $exists and $in', () => {
  const doc = { _id: 'x', a: [1, 2] };
  assert.ok(matches(doc, { _id: 'x', a: 2 }));
  assert.ok(matches(doc, { b: { $exists: false }, a: { $in: [5, 1] } }));
  assert.ok(!matches(doc, { a: { $exists: false } }));
});

test('an upsert cannot duplicate an _id', async () => {
  resetMemory();
  const collection = (await MongoClient.connect('mongodb://x/y')).db('y').collection('c');
  await collection.insertOne({ _id: 'k', a: 1 });
  await assert.rejects(
    collection.updateOne({ _id: 'k', a: { $exists: false } }, { $set: { a: 2 } }, { upsert: true }),
    error => error.code === 11000
  );
});

test('emitted typed values become TVN; malformed ones stay visible as unknownType or map', () => {
  assert.deepEqual(toTVN({ __type: 'Date', iso: '2022-01-01T00:00:00.000Z' }), { date: { epochMs: '1640995200000' } });
  assert.deepEqual(toTVN({ __type: 'Bytes', base64: 'aGk=' }), { bytes: { hex: '6869' } });
  assert.deepEqual(toTVN({ __type: 'Pointer', className: 'A' }), {
    unknownType: { __type: { string: 'Pointer' }, className: { string: 'A' } },
  });
  assert.deepEqual(toTVN({ __type: null }), { map: { __type: { null: true } } });
  // An empty __type is falsy: the server's `if (obj.__type)` reads the object as plain data.
  assert.deepEqual(toTVN({ __type: '', a: 1 }), { map: { __type: { string: '' }, a: { number: '1' } } });
});

test('a fetched object keeps its ACL grants and leaves out the server-owned fields', () => {
  const tvn = fieldsToTVN({ objectId: 'o', createdAt: 'c', ACL: { '*': { read: true, write: false } }, n: 1 });
  assert.deepEqual(tvn, { map: { ACL: { acl: { '*': { read: true } } }, n: { number: '1' } } });
});

test('what an answer cannot carry is reported, not reshaped', () => {
  assert.throws(() => toTVN('\ud800'), Inexpressible);
  let deep = 1;
  for (let i = 0; i < 600; i += 1) {
    deep = [deep];
  }
  assert.throws(() => toTVN(deep), Inexpressible);
});
