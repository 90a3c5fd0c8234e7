// node --test Examples/adapters/parse-sdk-js/test/
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { writeJSON } = require('../answer-json');

test('an answer is written as JSON.stringify writes it', () => {
  const answers = [
    { seq: 1, ok: true, value: { map: { a: { array: [{ number: '-0' }, { string: 'x"\\\u0001' }] } } } },
    { seq: 2, ok: false, error: { kind: 'other', message: 'lone \ud800 surrogate' } },
    { seq: 3, ok: true, value: { map: {} } },
    [],
    'text',
    null,
  ];
  for (const answer of answers) {
    assert.strictEqual(writeJSON(answer), JSON.stringify(answer));
  }
});

test('an answer nested deeper than JSON.stringify reaches is still written', () => {
  let value = { null: true };
  for (let i = 0; i < 100000; i += 1) {
    value = { array: [value] };
  }
  assert.throws(() => JSON.stringify(value), RangeError);
  const text = writeJSON(value);
  assert.strictEqual(text.length, 100000 * '{"array":[]}'.length + '{"null":true}'.length);
  assert.ok(text.startsWith('{"array":[{"array":['));
  assert.strictEqual(text.indexOf('{"null":true}'), 100000 * '{"array":['.length);
  assert.ok(text.endsWith(']}]}'));
});
