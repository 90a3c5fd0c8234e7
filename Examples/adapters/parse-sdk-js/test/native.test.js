// node --test Examples/adapters/parse-sdk-js/test/  (needs the SDK: PARSE_SDK_JS or `npm install`)
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { NativeBuilder, TVNWriter, Unrepresentable } = require('../native');

const { Parse, skip } = require('../test-support');

test('a plain object is a map unless its __type is a non-empty string', { skip }, () => {
  const writer = new TVNWriter(Parse);
  assert.deepStrictEqual(writer.value({ __type: 'Money', a: 1 }), {
    unknownType: { __type: { string: 'Money' }, a: { number: '1' } },
  });
  assert.deepStrictEqual(writer.value({ __type: '', a: 1 }), {
    map: { __type: { string: '' }, a: { number: '1' } },
  });
});

test('what TVN cannot spell is reported, not repaired', { skip }, () => {
  const writer = new TVNWriter(Parse);
  assert.throws(() => writer.value(new Date(NaN)), Unrepresentable);
  assert.throws(() => writer.value(Infinity), Unrepresentable);
  // A hole in an array (what `set('a.1', v)` leaves in `a`) is not null.
  assert.throws(() => writer.value([, 1]), Unrepresentable); // eslint-disable-line no-sparse-arrays
  assert.deepStrictEqual(writer.value(-0), { number: '-0' });
});

test('a Parse.Object is a pointer until the SDK holds data for it', { skip }, () => {
  const writer = new TVNWriter(Parse);
  const pointer = Parse._decode(null, { __type: 'Pointer', className: 'Foo', objectId: 'a' });
  assert.deepStrictEqual(writer.value(pointer), { pointer: { className: 'Foo', objectId: 'a' } });
  const object = Parse._decode(null, { __type: 'Object', className: 'Foo', objectId: 'a', n: 1 });
  assert.deepStrictEqual(writer.value(object), {
    object: { className: 'Foo', objectId: 'a', fields: { n: { number: '1' } } },
  });
});

test('bytes are built as a Uint8Array, which the SDK has no Bytes encoding for', { skip }, () => {
  const bytes = new NativeBuilder(Parse).value({ bytes: { hex: '6869' } });
  assert.ok(bytes instanceof Uint8Array);
  assert.deepStrictEqual(Parse._encode(bytes), { 0: 104, 1: 105 });
});

test('a Batch is applied operation by operation, as the SDK merges them', { skip }, () => {
  const ops = new NativeBuilder(Parse).ops({
    batch: [{ addRelation: [{ className: 'M', objectId: 'x' }] }, { removeRelation: [{ className: 'M', objectId: 'y' }] }],
  });
  assert.strictEqual(ops.length, 2);
  const object = new Parse.Object('Team');
  ops.forEach(op => object.set('crew', op));
  assert.deepStrictEqual(new TVNWriter(Parse).op(object.op('crew')), {
    op: {
      batch: [{ addRelation: [{ className: 'M', objectId: 'x' }] }, { removeRelation: [{ className: 'M', objectId: 'y' }] }],
    },
  });
});
