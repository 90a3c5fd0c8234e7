// Tests of the oracle's own parts for find and batch requests: how a request is read as the router
// reads it (query.js), the TVN answered for it, the verdict drawn from what reached the collections
// (query-verdicts.js), the express route-layer stand-in and the reasons given for REST responses.
// No parse-server bundle needed.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { understoodRequest, queryAnswer } = require('../query');
const { judgeQuery } = require('../query-verdicts');
const { notReadReason } = require('../messages');
const Layer = require('../stubs/express/lib/router/layer');

const READ_ACL = { _rperm: { $in: [null, '*'] } };

function entry(understood, reached) {
  return { context: 'query', accepted: true, understood, reached };
}

function find(collection, filter, options = {}) {
  return { collection, op: 'find', filter, options };
}

test('include, keys and order are read with String(); count by truthiness; limit with Number()', () => {
  const read = understoodRequest({
    include: ['genre', 'isbn'], keys: 5, order: ['-year', 'title'], count: 'yes', limit: '10', where: '{"a":1}',
  });
  assert.deepEqual(read, { include: 'genre,isbn', keys: '5', order: '-year,title', count: true, limit: 10, where: { a: 1 } });
});

test('a Polygon operand of $polygon is answered latitude first; a Polygon elsewhere is not touched', () => {
  const answer = queryAnswer({
    where: { location: { $geoWithin: { $polygon: { __type: 'Polygon', coordinates: [[-30, 40], [-30, 41], [-29, 41]] } } } },
  });
  const polygon = answer.map.where.map.location.map.$geoWithin.map.$polygon;
  assert.deepEqual(polygon, { polygon: [['40', '-30'], ['41', '-30'], ['41', '-29']] });
  const plain = queryAnswer({ where: { area: { __type: 'Polygon', coordinates: [[1, 2], [3, 4], [5, 6]] } } });
  assert.deepEqual(plain.map.where.map.area, { polygon: [['1', '2'], ['3', '4'], ['5', '6']] });
});

test('a find whose constraints all reach the filter keeps the request', () => {
  const verdict = judgeQuery(entry(
    { where: { title: 'Dune', genre: { $in: ['g1'] }, createdAt: { $gt: 1 } }, limit: 10 },
    [find('Oracle', { title: 'Dune', _p_genre: { $in: ['Genre$g1'] }, _created_at: { $gt: 1 }, ...READ_ACL }, { limit: 10 })]
  ));
  assert.equal(verdict.server, 'accepts-keeps');
  assert.equal(verdict.why, undefined);
});

test('an operator dropped or a point turned into nulls changes the find', () => {
  const dropped = judgeQuery(entry(
    { where: { location: { $nearSphere: { __type: 'GeoPoint', latitude: 1, longitude: 2 }, $maxDistance: 1, $maxDistanceInMiles: 2 } } },
    [find('Oracle', { location: { $nearSphere: [2, 1], $maxDistance: 1 }, ...READ_ACL })]
  ));
  assert.equal(dropped.server, 'accepts-changes');
  assert.match(dropped.why[0], /reached MongoDB as/);
  const nulled = judgeQuery(entry(
    { where: { location: { $nearSphere: [-30, 40] } } },
    [find('Oracle', { location: { $nearSphere: [null, null] }, ...READ_ACL })]
  ));
  assert.equal(nulled.server, 'accepts-changes');
});

test('a join table read for an undefined key or for no object changes the find', () => {
  const noKey = judgeQuery(entry(
    { where: { $relatedTo: { object: { __type: 'Pointer', className: 'Book', objectId: 'b1' } } } },
    [find('_Join:undefined:Book', { owningId: 'b1' }), find('Oracle', { _id: { $in: [] }, ...READ_ACL })]
  ));
  assert.equal(noKey.server, 'accepts-changes');
  const noObject = judgeQuery(entry(
    { where: { authors: { __type: 'Relation', className: 'Author' } } },
    [find('_Join:authors:Oracle', { relatedId: { $in: [] } }), find('Oracle', { _id: { $in: [] }, ...READ_ACL })]
  ));
  assert.equal(noObject.server, 'accepts-changes');
  const related = judgeQuery(entry(
    { where: { $relatedTo: { object: { __type: 'Pointer', className: 'Book', objectId: 'b1' }, key: 'authors' } } },
    [find('_Join:authors:Book', { owningId: 'b1' }), find('Oracle', { _id: { $in: [] }, ...READ_ACL })]
  ));
  assert.equal(related.server, 'accepts-keeps');
});

test('a negative limit or a fractional skip changes the find; zero does not', () => {
  assert.equal(judgeQuery(entry({ limit: -1 }, [find('Oracle', READ_ACL)])).server, 'accepts-changes');
  assert.equal(judgeQuery(entry({ skip: 1.5 }, [find('Oracle', READ_ACL)])).server, 'accepts-changes');
  assert.equal(judgeQuery(entry({ limit: 0, skip: 0 }, [find('Oracle', READ_ACL)])).server, 'accepts-keeps');
});

test("a subquery's limit that the find of its class does not receive changes the find", () => {
  const verdict = judgeQuery(entry(
    { where: { genre: { $inQuery: { className: 'Genre', where: {}, limit: 5 } } } },
    [find('Genre', READ_ACL, { limit: null }), find('Oracle', { _p_genre: { $in: [] }, ...READ_ACL })]
  ));
  assert.equal(verdict.server, 'accepts-changes');
  assert.match(verdict.why[0], /limit 5 is not applied/);
});

test('the route layer matches :name segments, ignoring case and one trailing slash', () => {
  const layer = new Layer('/classes/:className/:objectId', null, () => {});
  assert.equal(layer.match('/Classes/Recipe/r1/'), true);
  assert.deepEqual(layer.params, { className: 'Recipe', objectId: 'r1' });
  assert.equal(layer.match('/classes/Recipe'), false);
  assert.equal(layer.match('/classes/Recipe//'), false);
});

test('every response the server writes has a reason; a batch request has none', () => {
  for (const message of ['find-response', 'save-response', 'error', 'batch-response', 'function-response']) {
    assert.match(notReadReason(message), /never reads one/);
  }
  assert.equal(notReadReason('batch-request'), undefined);
});
