// The verdict on a find request the server accepted (context `query`), from what reached the
// in-memory collections (`reached` in the request log, see query.js): `accepts-keeps` when the
// server runs the query the request states, `accepts-changes` when it runs another one or hands
// the database a parameter the request gives no meaning to. `why` lists what was found:
//
// - a constraint of the where document whose operators are missing from, or fewer in, the
//   MongoDB filter (a `$box` of no corners dropped; one of two distance limits kept);
// - a constraint whose filter holds a null the request did not write (a `$nearSphere` point read
//   from a pair of numbers as `[undefined, undefined]`);
// - a join table read for an `undefined` key, class or object (a `$relatedTo` without its key, a
//   Relation column compared with a value that names no object);
// - a `limit` or `skip` that is not a non-negative integer, handed to MongoDB as it is;
// - a subquery's `limit`, `skip`, `order` or `keys`, which the find of its class does not receive.
'use strict';

const QUERY_CLASS = require('./query-class.json');

/** Operators the server moves out of the field's constraint, or rewrites into another one. */
const MOVED = new Set(['$containedBy', '$text', '$inQuery', '$notInQuery', '$select', '$dontSelect']);
const LOGICAL = new Set(['$or', '$and', '$nor']);
/** The Relation columns of the query class: a constraint on one is read through its join table. */
const RELATION_FIELDS = new Set(
  Object.keys(QUERY_CLASS.fields).filter(name => QUERY_CLASS.fields[name].type === 'Relation'));
/** Members of a subquery besides its `where` and `className`, which RestQuery does not run. */
const SUBQUERY_OPTIONS = { limit: 'limit', skip: 'skip', order: 'sort', keys: 'projection' };

/** The names a field may have in the MongoDB filter (MongoTransform.transformKey). */
function filterKeys(key) {
  const renamed = { objectId: '_id', createdAt: '_created_at', updatedAt: '_updated_at' };
  return [key, `_p_${key}`, renamed[key]].filter(Boolean);
}

function isOperatorObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) &&
    Object.keys(value).length > 0 && Object.keys(value).every(key => key.startsWith('$'));
}

function containsNull(value) {
  if (value === null) {
    return true;
  }
  return typeof value === 'object' && Object.values(value).some(containsNull);
}

/** What the filter lost of one where document (its clauses matched against `filter`). */
function lostConstraints(where, filter, path, why) {
  if (where === null || typeof where !== 'object' || Array.isArray(where)) {
    return;
  }
  for (const [key, value] of Object.entries(where)) {
    if (LOGICAL.has(key) && Array.isArray(value) && Array.isArray(filter[key])) {
      value.forEach((clause, k) => lostConstraints(clause, filter[key][k] || {}, `${path}.${key}[${k}]`, why));
      continue;
    }
    if (key.startsWith('$')) {
      continue;
    }
    if (!isOperatorObject(value)) {
      if (!filterKeys(key).some(candidate => candidate in filter) && !RELATION_FIELDS.has(key)) {
        why.push(`${path}.${key}: the constraint ${JSON.stringify(value)} is not in the filter the server built`);
      }
      continue;
    }
    const operators = Object.keys(value).filter(op => !MOVED.has(op));
    if (operators.length === 0) {
      continue;
    }
    const name = filterKeys(key).find(candidate => candidate in filter);
    const found = name === undefined ? undefined : filter[name];
    if (found === undefined) {
      why.push(`${path}.${key}: the constraint ${JSON.stringify(value)} is not in the filter the server built`);
    } else if (isOperatorObject(value) && (found === null || typeof found !== 'object' || Object.keys(found).length < operators.length)) {
      why.push(`${path}.${key}: the constraint ${JSON.stringify(value)} reached MongoDB as ${JSON.stringify(found)}`);
    } else if (containsNull(found) && !containsNull(value)) {
      why.push(`${path}.${key}: the constraint ${JSON.stringify(value)} reached MongoDB as ${JSON.stringify(found)}`);
    }
  }
}

function isEmpty(option) {
  return option === null || option === undefined || (typeof option === 'object' && Object.keys(option).length === 0);
}

/**
 * The find parameters a subquery (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`) carries that
 * the find of its class did not receive (RestQuery runs a subquery's `where` alone).
 */
function subqueryOptionsIgnored(where, reached, why) {
  if (where === null || typeof where !== 'object') {
    return;
  }
  for (const [key, value] of Object.entries(where)) {
    if (!isOperatorObject(value)) {
      continue;
    }
    for (const [op, operand] of Object.entries(value)) {
      const subquery = op === '$select' || op === '$dontSelect' ? operand && operand.query : operand;
      if (!['$inQuery', '$notInQuery', '$select', '$dontSelect'].includes(op) || !subquery || typeof subquery !== 'object') {
        continue;
      }
      const call = reached.find(each => each.collection === subquery.className);
      for (const [member, option] of Object.entries(SUBQUERY_OPTIONS)) {
        if (member in subquery && call && isEmpty(call.options[option])) {
          why.push(`$.where.${key}.${op}: the subquery's ${member} ${JSON.stringify(subquery[member])} is not applied to the find of ${subquery.className}`);
        }
      }
    }
  }
}

/**
 * The verdict on an accepted find request.
 * @param {object} entry a request-log entry of context `query` with `accepted: true`
 * @returns {{server: string, why?: string[], reached: object[]}}
 */
function judgeQuery(entry) {
  const why = [];
  const reached = entry.reached || [];
  for (const call of reached) {
    const namesNoObject = Object.values(call.filter).some(value => value === null ||
      (value !== null && typeof value === 'object' && Array.isArray(value.$in) && value.$in.length === 0));
    if (call.collection.startsWith('_Join:') && (call.collection.split(':').includes('undefined') || namesNoObject)) {
      why.push(`the server reads the join table ${call.collection} with ${JSON.stringify(call.filter)}: ` +
        'no relation the request names is read');
    }
  }
  subqueryOptionsIgnored(entry.understood && entry.understood.where, reached, why);
  const main = reached.filter(call => call.collection === QUERY_CLASS.className).pop();
  const where = entry.understood && entry.understood.where;
  if (main && where !== null && typeof where === 'object') {
    lostConstraints(where, main.filter, '$.where', why);
  }
  for (const parameter of ['limit', 'skip']) {
    const value = entry.understood && entry.understood[parameter];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      why.push(`$.${parameter}: ${JSON.stringify(value)} is handed to MongoDB as it is; the request gives it no meaning as a ${parameter}`);
    }
  }
  const verdict = { server: why.length ? 'accepts-changes' : 'accepts-keeps', reached };
  if (why.length) {
    verdict.why = why;
  }
  return verdict;
}

module.exports = { judgeQuery };
