// Tests of how equivalences.js compares what the server holds from two forms (no bundle needed).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { implicitEquality, difference, comparable } = require('../equivalences');

test('a sole $eq is read as its operand, as MongoDB reads it; $eq beside another operator is kept', () => {
  assert.deepEqual(implicitEquality({ n: { $eq: 5 }, m: { $eq: 1, $ne: 2 } }), { n: 5, m: { $eq: 1, $ne: 2 } });
  assert.deepEqual(implicitEquality([{ $eq: { $eq: 'x' } }]), ['x']);
});

test('ids and timestamps the server chose are left out; the object id inside values is named, not kept', () => {
  const held = comparable({ _id: 'abc', _created_at: 1, stored: [{ owningId: 'abc', f: 1 }], fetched: { objectId: 'abc' } }, 'abc');
  assert.deepEqual(held, { stored: [{ owningId: '<objectId>', f: 1 }], fetched: {} });
});

test('the first difference names the path and both values; equal outcomes have none', () => {
  assert.equal(difference({ a: [1, 2] }, { a: [1, 2] }), null);
  assert.match(difference({ a: [1, 2] }, { a: [1, 3] }), /^\$\.a\.1: 2 for the canonical form, 3 for the equivalent$/);
  assert.match(difference({ a: 1, b: 2 }, { b: 2, a: 1 }), /in another order/);
  assert.match(difference({ accepted: true }, { accepted: false, code: 111 }), /^\$\.accepted: true/);
});
