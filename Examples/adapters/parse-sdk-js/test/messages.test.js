// node --test Examples/adapters/parse-sdk-js/test/  (needs the SDK: PARSE_SDK_JS or `npm install`)
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { Messages } = require('../messages');
const { TVNWriter } = require('../native');

const { Parse, skip } = require('../test-support');
if (Parse) {
  Parse.initialize('parse-wire-test');
  Parse.serverURL = 'http://127.0.0.1:9/parse';
  Parse.CoreManager.set('REQUEST_ATTEMPT_LIMIT', 1);
}

test('the transport answers the document and the SDK reads it', { skip }, async () => {
  const messages = new Messages(Parse, new TVNWriter(Parse));
  const found = await messages.findResponse('{"results":[{"objectId":"b1","title":"Dune"}],"count":3}', 'Book');
  assert.deepStrictEqual(found, {
    map: {
      results: { array: [{ object: { className: 'Book', objectId: 'b1', fields: { title: { string: 'Dune' } } } }] },
      count: { number: '3' },
    },
  });
});

test('an error body becomes the Parse.Error the SDK rejects with', { skip }, async () => {
  const messages = new Messages(Parse, new TVNWriter(Parse));
  assert.deepStrictEqual(await messages.error('{"code":101,"error":"Object not found."}'), {
    map: { code: { number: '101' }, error: { string: 'Object not found.' } },
  });
});

test('the previous transport is restored after each exchange', { skip }, async () => {
  const rest = Parse.CoreManager.getRESTController();
  const before = rest._getXHR();
  const messages = new Messages(Parse, new TVNWriter(Parse));
  await messages.functionResponse('{"result":null}');
  await assert.rejects(messages.functionResponse('not json'));
  assert.strictEqual(rest._getXHR(), before);
});

test('a find sends its parameters with _method, without the envelope', { skip }, async () => {
  const messages = new Messages(Parse, new TVNWriter(Parse));
  const query = new Parse.Query('Book').equalTo('title', 'Dune');
  assert.deepStrictEqual(await messages.findBody(query), { where: { title: 'Dune' }, _method: 'GET' });
});
