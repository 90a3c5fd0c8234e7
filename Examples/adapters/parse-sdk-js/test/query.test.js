// node --test Examples/adapters/parse-sdk-js/test/  (the builder tests need the SDK: PARSE_SDK_JS or `npm install`)
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { QueryBuilder, NoBuilder, requestTVN, whereTVN } = require('../query');
const { NativeBuilder, Unrepresentable } = require('../native');

const { Parse, skip } = require('../test-support');

test('typed operands read as their TVN types only in their exact wire shape', () => {
  assert.deepStrictEqual(whereTVN({ __type: 'Date', iso: '2022-01-01T12:23:45.678Z' }), {
    date: { epochMs: '1641039825678' },
  });
  assert.deepStrictEqual(whereTVN({ __type: 'Pointer', className: 'A', objectId: 'x' }), {
    pointer: { className: 'A', objectId: 'x' },
  });
  // an extra member: kept whole, not repaired
  assert.deepStrictEqual(whereTVN({ __type: 'Date', iso: '2022-01-01T12:23:45.678Z', x: 1 }), {
    unknownType: { __type: { string: 'Date' }, iso: { string: '2022-01-01T12:23:45.678Z' }, x: { number: '1' } },
  });
  assert.deepStrictEqual(whereTVN({ $relativeTime: '3 days ago' }), { map: { $relativeTime: { string: '3 days ago' } } });
});

test('a Polygon operand of $polygon is read longitude first, elsewhere latitude first', () => {
  const polygon = { __type: 'Polygon', coordinates: [[-30, 40], [-30, 41], [-29, 41]] };
  assert.deepStrictEqual(whereTVN({ $geoWithin: { $polygon: polygon } }).map.$geoWithin.map.$polygon, {
    polygon: [['40', '-30'], ['41', '-30'], ['41', '-29']],
  });
  assert.deepStrictEqual(whereTVN(polygon), { polygon: [['-30', '40'], ['-30', '41'], ['-29', '41']] });
});

test('count reads as a bool, key lists as strings, the rest as written', () => {
  assert.deepStrictEqual(requestTVN({ where: {}, count: 1, include: ['a', 'b'], limit: 0, _method: 'GET' }), {
    map: {
      where: { map: {} },
      count: { bool: true },
      include: { string: 'a,b' },
      limit: { number: '0' },
      _method: { string: 'GET' },
    },
  });
  assert.deepStrictEqual(requestTVN({ count: 'yes' }), { map: { count: { string: 'yes' } } });
});

test('a non-finite number is refused rather than written', () => {
  assert.throws(() => whereTVN(Infinity), Unrepresentable);
});

test('the builders write what an application building the query would send', { skip }, () => {
  const queries = new QueryBuilder(Parse, new NativeBuilder(Parse));
  const query = queries.query('Book', {
    where: {
      map: {
        title: { string: 'Dune' },
        genre: { pointer: { className: 'Genre', objectId: 'g1' } },
        year: { map: { $gte: { number: '1960' }, $lt: { number: '1970' } } },
        name: { map: { $regex: { string: '^A' }, $options: { string: 'i' } } },
      },
    },
    order: { string: '-year,title' },
    include: { string: 'genre' },
    limit: { number: '10' },
    count: { bool: true },
  });
  assert.deepStrictEqual(query.toJSON(), {
    where: {
      title: 'Dune',
      genre: { __type: 'Pointer', className: 'Genre', objectId: 'g1' },
      year: { $gte: 1960, $lt: 1970 },
      name: { $regex: '^A', $options: 'i' },
    },
    include: 'genre',
    count: 1,
    limit: 10,
    order: '-year,title',
  });
});

test('a parameter without a builder is refused by the adapter, not dropped', { skip }, () => {
  const queries = new QueryBuilder(Parse, new NativeBuilder(Parse));
  assert.throws(() => queries.query('Book', { foo: { number: '1' } }), /no Parse.Query builder/);
  assert.throws(() => queries.query('Book', { _method: { string: 'DELETE' } }), /always a GET/);
});

test('a request no builder writes is NoBuilder (answered unsupported), never dropped', { skip }, () => {
  const queries = new QueryBuilder(Parse, new NativeBuilder(Parse));
  const where = map => ({ where: { map } });
  const refused = [
    where({ title: { map: { $foo: { number: '1' } } } }),
    where({ title: { map: { $eq: { string: 'Dune' } } } }),
    where({ location: { map: { $geoWithin: { map: {} } } } }),
    where({ $or: { map: { title: { string: 'Dune' } } } }),
    where({ $relatedTo: { map: { object: { pointer: { className: 'Book', objectId: 'b1' } } } } }),
    where({ a: { map: { $select: { map: { key: { string: 'k' }, query: { map: {} }, x: { number: '1' } } } } } }),
    { where: { number: '5' } },
  ];
  for (const body of refused) {
    assert.throws(() => queries.query('Book', body), NoBuilder, JSON.stringify(body));
  }
});

test('operands go to the builder that writes them, which checks them itself', { skip }, () => {
  const queries = new QueryBuilder(Parse, new NativeBuilder(Parse));
  const sphere = (lat, distance) => ({
    where: { map: { location: { map: { $geoWithin: { map: { $centerSphere: { array: [
      { array: [{ number: '-30' }, { number: String(lat) }] }, { number: String(distance) },
    ] } } } } } } },
  });
  assert.deepStrictEqual(queries.query('Book', sphere(40, 0.5)).toJSON().where, {
    location: { $geoWithin: { $centerSphere: [[-30, 40], 0.5] } },
  });
  // Parse.GeoPoint's constructor refuses the latitude: the SDK's refusal, not the adapter's.
  assert.throws(() => queries.query('Book', sphere(100, 0.5)), error => !(error instanceof NoBuilder));
  assert.throws(() => queries.query('Book', { count: { string: 'yes' } }), /boolean/);
  const text = search => ({ where: { map: { title: { map: { $text: { map: { $search: { map: search } } } } } } } });
  assert.deepStrictEqual(queries.query('Book', text({ $term: { string: 'dune' }, $language: { string: 'en' } })).toJSON().where, {
    title: { $text: { $search: { $term: 'dune', $language: 'en' } } },
  });
  assert.throws(() => queries.query('Book', text({ $language: { string: 'en' } })), /search term/);
  const near = { geopoint: { latitude: '40', longitude: '-30' } };
  assert.deepStrictEqual(queries.query('Book', { where: { map: { location: { map: {
    $nearSphere: near, $maxDistanceInKilometers: { number: '10' },
  } } } } }).toJSON().where, {
    location: { $nearSphere: { __type: 'GeoPoint', latitude: 40, longitude: -30 }, $maxDistance: 10 / 6371 },
  });
});

test('a box goes through withinGeoBox, an empty $nor through Parse.Query.nor', { skip }, () => {
  const queries = new QueryBuilder(Parse, new NativeBuilder(Parse));
  const corner = (lat, lng) => ({ geopoint: { latitude: String(lat), longitude: String(lng) } });
  const box = corners => ({ where: { map: { location: { map: { $within: { map: { $box: { array: corners } } } } } } } });
  assert.deepStrictEqual(queries.query('Book', box([corner(40, -30), corner(41, -29)])).toJSON().where, {
    location: { $within: { $box: [
      { __type: 'GeoPoint', latitude: 40, longitude: -30 }, { __type: 'GeoPoint', latitude: 41, longitude: -29 },
    ] } },
  });
  assert.throws(() => queries.query('Book', box([corner(40, -30), corner(41, -29), corner(42, -28)])), NoBuilder);
  assert.throws(() => queries.query('Book', { where: { map: { $nor: { array: [] } } } }),
    error => !(error instanceof NoBuilder));
});
