// Find requests (Vectors/INTERPRETING.md, "Find requests") through Parse-SDK-JS's `Parse.Query`.
//
// Writing: a request's TVN becomes the builder calls an application makes (`equalTo`, the
// condition builders, `matchesQuery`, `matchesKeyInQuery`, `Parse.Query.or`, `include`, `limit`,
// `withCount` …), each operand the SDK value an application holds (a Date, a Parse.Object for a
// Pointer, a Parse.GeoPoint); the answer is the query's `toJSON()`, the parameters `find` sends.
// Reading: `Parse.Query.fromJSON(className, json)` (which calls `withJSON`), then `toJSON()` read
// back as TVN: what the SDK kept of the request is what it would send again.
'use strict';

const { put, Unrepresentable, numberText, scalarTVN } = require('./native');

/** A request this adapter cannot turn into builder calls: its own failure, not the SDK's. */
class NoBuilder extends Error {}

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** The one condition builder per operator whose builder takes the operand as it is. */
const CONDITION_BUILDERS = {
  $ne: 'notEqualTo',
  $lt: 'lessThan',
  $lte: 'lessThanOrEqualTo',
  $gt: 'greaterThan',
  $gte: 'greaterThanOrEqualTo',
  $in: 'containedIn',
  $nin: 'notContainedIn',
  $all: 'containsAll',
  $containedBy: 'containedBy',
};

/** The find parameters whose TVN is a string the SDK's builders take as a list of keys. */
const KEY_LISTS = { include: 'include', keys: 'select', excludeKeys: 'exclude' };

/** Builds `Parse.Query` objects from the TVN of a find request. */
class QueryBuilder {
  /**
   * @param {object} Parse the SDK
   * @param {object} values a NativeBuilder (TVN values → the SDK's values)
   */
  constructor(Parse, values) {
    this.Parse = Parse;
    this.values = values;
  }

  /** A query of the class from the TVN `map` body of a find request (or of a subquery). */
  query(className, body) {
    const query = new this.Parse.Query(className);
    for (const [key, node] of Object.entries(body)) {
      this.parameter(query, key, node);
    }
    return query;
  }

  parameter(query, key, node) {
    const [type, body] = Object.entries(node)[0];
    switch (key) {
      case 'where':
        this.expect(type, 'map', key);
        this.where(query, body);
        return;
      case 'include':
      case 'keys':
      case 'excludeKeys':
        this.expect(type, 'string', key);
        query[KEY_LISTS[key]](...body.split(','));
        return;
      case 'order':
        this.expect(type, 'string', key);
        for (const field of body.split(',')) {
          if (field.startsWith('-')) {
            query.addDescending(field.slice(1));
          } else {
            query.addAscending(field);
          }
        }
        return;
      case 'limit':
        this.expect(type, 'number', key);
        query.limit(Number(body));
        return;
      case 'skip':
        this.expect(type, 'number', key);
        query.skip(Number(body));
        return;
      case 'count':
        this.expect(type, 'bool', key);
        query.withCount(body);
        return;
      case '_method':
        // `find` always asks for GET (RESTController.request adds `_method` to the body it posts):
        // the query itself has no method to set.
        if (type === 'string' && body === 'GET') {
          return;
        }
        throw new NoBuilder(`a find is always a GET; the request asks for ${JSON.stringify(node)}`);
      case 'className':
        return; // a subquery's class, read by the caller
      default:
        throw new NoBuilder(`the find parameter ${JSON.stringify(key)} has no Parse.Query builder`);
    }
  }

  expect(type, wanted, key) {
    if (type !== wanted) {
      throw new NoBuilder(`${key} is a ${type}; the builder takes a ${wanted}`);
    }
  }

  where(query, where) {
    for (const [key, node] of Object.entries(where)) {
      const [type, body] = Object.entries(node)[0];
      if (key === '$or' || key === '$and' || key === '$nor') {
        this.expect(type, 'array', key);
        const queries = body.map(each => this.query(query.className, { where: each }));
        // Parse.Query.or/and/nor make a new query through these; called on this one, the other
        // constraints of the where stay beside the list.
        query[`_${key.slice(1)}Query`](queries);
      } else if (key === '$relatedTo') {
        // Parse.Relation#query builds `$relatedTo` with these two conditions.
        this.expect(type, 'map', key);
        for (const [member, operand] of Object.entries(body)) {
          query._addCondition('$relatedTo', member, this.values.value(operand));
        }
      } else if (type === 'map' && Object.keys(body).length > 0 && Object.keys(body).every(k => k.startsWith('$'))) {
        this.conditions(query, key, body);
      } else {
        query.equalTo(key, this.values.value(node));
      }
    }
  }

  /** The operators of one field, each through its builder, or `_addCondition` where none fits. */
  conditions(query, key, operators) {
    for (const [operator, node] of Object.entries(operators)) {
      const [type, body] = Object.entries(node)[0];
      switch (operator) {
        case '$exists':
          if (type === 'bool') {
            if (body) {
              query.exists(key);
            } else {
              query.doesNotExist(key);
            }
            break;
          }
          query._addCondition(key, operator, this.values.value(node));
          break;
        case '$regex':
          if (type === 'string') {
            const options = operators.$options;
            query.matches(key, body, options && options.string !== undefined ? options.string : undefined);
            break;
          }
          query._addCondition(key, operator, this.values.value(node));
          break;
        case '$options':
          if (!hasOwn(operators, '$regex')) {
            query._addCondition(key, operator, this.values.value(node));
          }
          break; // else written by `matches` with its regex
        case '$inQuery':
        case '$notInQuery': {
          const sub = this.subquery(node);
          if (operator === '$inQuery') {
            query.matchesQuery(key, sub);
          } else {
            query.doesNotMatchQuery(key, sub);
          }
          break;
        }
        case '$select':
        case '$dontSelect': {
          const members = node.map || {};
          const sub = this.subquery(members.query || { map: {} });
          const queryKey = members.key && members.key.string;
          if (operator === '$select') {
            query.matchesKeyInQuery(key, queryKey, sub);
          } else {
            query.doesNotMatchKeyInQuery(key, queryKey, sub);
          }
          break;
        }
        case '$nearSphere':
          query.near(key, this.values.value(node));
          break;
        default: {
          const builder = CONDITION_BUILDERS[operator];
          if (builder) {
            query[builder](key, this.values.value(node));
          } else {
            // `_addCondition` is what every condition builder ends in: the operand through the
            // SDK's encoder (`encode(value, false, true)`), under the operator's name.
            query._addCondition(key, operator, this.values.value(node));
          }
        }
      }
    }
  }

  /** The subquery of `$inQuery`, `$select` …: a `map` of `className`, `where` and parameters. */
  subquery(node) {
    const body = node.map || {};
    const className = body.className && body.className.string;
    return this.query(className, body);
  }
}

function isoToEpochMs(iso) {
  if (typeof iso !== 'string') {
    return null;
  }
  const ms = Date.parse(iso);
  return Number.isNaN(ms) || new Date(ms).toISOString() !== iso ? null : String(ms);
}

function exactly(value, keys) {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every(key => own.includes(key));
}

/** A typed wire value as its TVN node, or null when it is not one in the exact wire shape. */
function typedNode(value, polygonLongitudeFirst) {
  switch (value.__type) {
    case 'Date': {
      const ms = exactly(value, ['__type', 'iso']) ? isoToEpochMs(value.iso) : null;
      return ms === null ? null : { date: { epochMs: ms } };
    }
    case 'Pointer':
      return exactly(value, ['__type', 'className', 'objectId']) && typeof value.className === 'string' &&
        typeof value.objectId === 'string'
        ? { pointer: { className: value.className, objectId: value.objectId } }
        : null;
    case 'GeoPoint':
      return exactly(value, ['__type', 'latitude', 'longitude']) && typeof value.latitude === 'number' &&
        typeof value.longitude === 'number'
        ? { geopoint: { latitude: numberText(value.latitude), longitude: numberText(value.longitude) } }
        : null;
    case 'Relation':
      return exactly(value, ['__type', 'className']) && typeof value.className === 'string'
        ? { relation: { className: value.className } }
        : null;
    case 'Polygon': {
      const pairs = exactly(value, ['__type', 'coordinates']) && Array.isArray(value.coordinates) &&
        value.coordinates.every(p => Array.isArray(p) && p.length === 2 && p.every(n => typeof n === 'number'));
      if (!pairs) {
        return null;
      }
      const latFirst = polygonLongitudeFirst ? value.coordinates.map(([lng, lat]) => [lat, lng]) : value.coordinates;
      return { polygon: latFirst.map(([lat, lng]) => [numberText(lat), numberText(lng)]) };
    }
    default:
      return null;
  }
}

/**
 * The TVN of a JSON value inside a find request's `where`: typed values in their exact wire shape
 * as their types, anything else with a string `__type` as `unknownType`, the rest as it is. A
 * Polygon that is the operand of `$polygon` is read longitude first, as the server reads it there.
 */
function whereTVN(value, polygonLongitudeFirst = false) {
  const scalar = scalarTVN(value, 'in a find request');
  if (scalar !== undefined) {
    return scalar;
  }
  if (Array.isArray(value)) {
    return { array: value.map(each => whereTVN(each)) };
  }
  if (typeof value.__type === 'string' && value.__type !== '' && hasOwn(value, '__type')) {
    const typed = typedNode(value, polygonLongitudeFirst);
    if (typed) {
      return typed;
    }
    const members = {};
    for (const [key, member] of Object.entries(value)) {
      put(members, key, whereTVN(member));
    }
    return { unknownType: members };
  }
  const map = {};
  for (const [key, member] of Object.entries(value)) {
    put(map, key, whereTVN(member, key === '$polygon'));
  }
  return { map };
}

/**
 * The TVN of the find parameters a query's `toJSON()` gives: `include`, `keys`, `excludeKeys`
 * and `order` a string (a list joined with commas, as the server reads one), `count` a bool
 * when it is one of the values the server reads as a flag (`true`, `1`), the rest as written.
 */
function requestTVN(json) {
  const map = {};
  for (const [key, value] of Object.entries(json)) {
    if (value === undefined) {
      continue;
    }
    if (['include', 'keys', 'excludeKeys', 'order'].includes(key) && Array.isArray(value)) {
      put(map, key, { string: value.join(',') });
    } else if (key === 'count' && (value === 1 || value === true)) {
      put(map, key, { bool: true });
    } else if (key === 'count' && (value === 0 || value === false)) {
      put(map, key, { bool: false });
    } else {
      put(map, key, whereTVN(value));
    }
  }
  return { map };
}

module.exports = { QueryBuilder, NoBuilder, requestTVN, whereTVN };
