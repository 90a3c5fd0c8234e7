// The naive writer of find requests (query-encode.js): what a query writer without checks sends
// for an encode-error case's value.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { queryWireText } = require('../query-encode');

test('operators and values are written as the value holds them, unchecked', () => {
  assert.strictEqual(
    queryWireText({ map: { where: { map: { title: { map: { $in: { string: 'Dune' }, $foo: { number: '1.50' } } } } } } }),
    '{"where":{"title":{"$in":"Dune","$foo":1.50}}}');
});

test('a Polygon operand of $polygon is written longitude first; elsewhere latitude first', () => {
  const polygon = { polygon: [['1', '2'], ['3', '4'], ['5', '6']] };
  assert.strictEqual(
    queryWireText({ map: { where: { map: { location: { map: { $geoWithin: { map: { $polygon: polygon } } } } } } } }),
    '{"where":{"location":{"$geoWithin":{"$polygon":{"__type":"Polygon","coordinates":[[2,1],[4,3],[6,5]]}}}}}');
  assert.strictEqual(queryWireText({ map: { where: { map: { area: polygon } } } }),
    '{"where":{"area":{"__type":"Polygon","coordinates":[[1,2],[3,4],[5,6]]}}}');
});

test('typed operands keep their wire shape inside lists', () => {
  assert.strictEqual(
    queryWireText({ map: { $box: { array: [{ geopoint: { latitude: '100', longitude: '-30' } }] } } }),
    '{"$box":[{"__type":"GeoPoint","latitude":100,"longitude":-30}]}');
});
