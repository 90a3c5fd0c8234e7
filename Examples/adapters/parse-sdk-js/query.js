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

/**
 * A distance in a unit the SDK takes but never writes: `withinMiles`/`withinKilometers` divide it
 * into radians and write `$maxDistance` beside `$nearSphere` (QUERY-12 reads the two the same).
 */
const DISTANCE_BUILDERS = {
  $maxDistanceInMiles: 'withinMiles',
  $maxDistanceInKilometers: 'withinKilometers',
  $maxDistanceInRadians: 'withinRadians',
};

/**
 * The operators some `Parse.Query` builder writes (ParseQuery.ts, each through `_addCondition`): an
 * operator outside this set has no builder, so the SDK cannot send it and the check is unsupported.
 */
const BUILT_OPERATORS = new Set(['$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$nin', '$all', '$containedBy',
  '$exists', '$regex', '$options', '$inQuery', '$notInQuery', '$select', '$dontSelect', '$nearSphere',
  '$maxDistance', '$within', '$geoWithin', '$geoIntersects', '$text', ...Object.keys(DISTANCE_BUILDERS)]);

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
      // `limit`, `skip` and `withCount` take any value an application passes and check it
      // themselves: a value of another type goes to the builder as it is.
      case 'limit':
        query.limit(type === 'number' ? Number(body) : this.values.value(node));
        return;
      case 'skip':
        query.skip(type === 'number' ? Number(body) : this.values.value(node));
        return;
      case 'count':
        query.withCount(type === 'bool' ? body : this.values.value(node));
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
        if (body.length === 0) {
          // Parse.Query.or/and/nor() of no query: the SDK's own call, which refuses it (it finds no
          // class to make the query of: src/ParseQuery.ts:78-90, 284).
          this.Parse.Query[key.slice(1)]();
        }
        const queries = body.map(each => this.query(query.className, { where: each }));
        // Parse.Query.or/and/nor make a new query through these; called on this one, the other
        // constraints of the where stay beside the list.
        query[`_${key.slice(1)}Query`](queries);
      } else if (key === '$relatedTo') {
        // Parse.Relation#query builds `$relatedTo` with these two conditions, both always set.
        this.expect(type, 'map', key);
        if (!exactlyKeys(body, ['object', 'key'])) {
          throw new NoBuilder(`Parse.Relation#query writes $relatedTo with object and key only; the request has ${JSON.stringify(Object.keys(body))}`);
        }
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
      if (!BUILT_OPERATORS.has(operator)) {
        throw new NoBuilder(`no Parse.Query builder writes the operator ${operator}`);
      }
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
          // The builder takes the key and the query as its arguments (an unset one is passed as
          // undefined, as an application's unset variable would be); it has no third member.
          const extra = Object.keys(members).filter(member => member !== 'key' && member !== 'query');
          if (type !== 'map' || extra.length > 0) {
            throw new NoBuilder(`matchesKeyInQuery/doesNotMatchKeyInQuery write ${operator} with key and query only; the request has ${JSON.stringify(type === 'map' ? extra : type)}`);
          }
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
          if (!Object.keys(DISTANCE_BUILDERS).some(distance => hasOwn(operators, distance))) {
            query.near(key, this.values.value(node));
          } // else written with the distance by its builder
          break;
        case '$maxDistanceInMiles':
        case '$maxDistanceInKilometers':
        case '$maxDistanceInRadians':
          if (!hasOwn(operators, '$nearSphere')) {
            throw new NoBuilder(`${DISTANCE_BUILDERS[operator]} writes a distance only beside $nearSphere`);
          }
          query[DISTANCE_BUILDERS[operator]](key, this.values.value(operators.$nearSphere),
            type === 'number' ? Number(body) : this.values.value(node), true);
          break;
        case '$within': {
          // withinGeoBox(key, southwest, northeast) writes {$box: [southwest, northeast]}, no other shape.
          const box = type === 'map' && exactlyKeys(body, ['$box']) && body.$box.array;
          if (!box || box.length !== 2) {
            throw new NoBuilder(`withinGeoBox writes $within as {$box: [southwest, northeast]}; the request has ${JSON.stringify(node)}`);
          }
          query.withinGeoBox(key, this.values.value(box[0]), this.values.value(box[1]));
          break;
        }
        case '$geoWithin': {
          // withinRadians(…, sorted false) writes $centerSphere from a Parse.GeoPoint (whose
          // constructor checks the pair); withinPolygon writes $polygon. No builder writes another
          // member, or none.
          const members = type === 'map' ? Object.keys(body) : [];
          if (members.length === 1 && members[0] === '$centerSphere' && centerSphere(body.$centerSphere)) {
            const [[longitude, latitude], distance] = centerSphere(body.$centerSphere);
            query.withinRadians(key, new this.Parse.GeoPoint(latitude, longitude), distance, false);
          } else if (members.length === 1 && members[0] === '$polygon') {
            query._addCondition(key, operator, this.values.value(node));
          } else {
            throw new NoBuilder(`withinRadians and withinPolygon write $geoWithin with $centerSphere or $polygon; the request has ${JSON.stringify(members)}`);
          }
          break;
        }
        case '$text': {
          // fullText(key, term, {language, caseSensitive, diacriticSensitive}) writes $search with
          // these members; it checks the term itself (an unset one is passed as undefined).
          const search = type === 'map' && exactlyKeys(body, ['$search']) && body.$search.map;
          const names = { $language: 'language', $caseSensitive: 'caseSensitive', $diacriticSensitive: 'diacriticSensitive' };
          if (!search || !Object.keys(search).every(member => member === '$term' || names[member])) {
            throw new NoBuilder(`fullText writes $text as {$search:{$term,$language,$caseSensitive,$diacriticSensitive}}; the request has ${JSON.stringify(node)}`);
          }
          const options = {};
          for (const [member, operand] of Object.entries(search)) {
            if (member !== '$term') {
              options[names[member]] = this.values.value(operand);
            }
          }
          query.fullText(key, search.$term === undefined ? undefined : this.values.value(search.$term), options);
          break;
        }
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

function exactlyKeys(map, keys) {
  const own = Object.keys(map);
  return own.length === keys.length && keys.every(key => own.includes(key));
}

/** The numbers of a TVN `$centerSphere` operand `[[lng, lat], distance]`, or null for another shape. */
function centerSphere(node) {
  const number = each => (each && each.number !== undefined ? Number(each.number) : undefined);
  const list = node && node.array;
  const pair = list && list.length === 2 && list[0].array;
  if (!pair || pair.length !== 2) {
    return null;
  }
  const values = [number(pair[0]), number(pair[1]), number(list[1])];
  return values.every(each => each !== undefined) ? [[values[0], values[1]], values[2]] : null;
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
