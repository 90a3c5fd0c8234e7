// What MongoDB does with documents, for the in-memory store: matching the simple queries
// parse-server sends for one object and its schema, applying the update operators it emits
// ($set, $unset, $inc, $push/$addToSet with $each, $pullAll, $setOnInsert) and projecting.
// `_id` is immutable; an update path with an empty segment or a positional `$` is refused.
// Anything else throws.
'use strict';

const { unsupported, mongoError, storedKey, stored, bsonEqual } = require('./bson');

function valuesAt(doc, path) {
  let current = [doc];
  for (const part of path.split('.')) {
    const next = [];
    for (const item of current) {
      if (item === null || typeof item !== 'object') {
        continue;
      }
      if (Array.isArray(item) && !/^\d+$/.test(part)) {
        for (const element of item) {
          if (element !== null && typeof element === 'object' && part in element) {
            next.push(element[part]);
          }
        }
      } else if (Object.prototype.hasOwnProperty.call(item, part)) {
        next.push(item[part]);
      }
    }
    current = next;
  }
  return current;
}

function equalsCandidate(found, wanted) {
  return found.some(
    value => bsonEqual(value, wanted) || (Array.isArray(value) && value.some(e => bsonEqual(e, wanted)))
  );
}

function matchesCondition(doc, path, condition) {
  const found = valuesAt(doc, path);
  const isOperatorDoc =
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    !(condition instanceof Date) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every(k => k.startsWith('$'));
  if (!isOperatorDoc) {
    if (condition === null) {
      return found.length === 0 || found.some(v => v === null);
    }
    return equalsCandidate(found, condition);
  }
  return Object.entries(condition).every(([op, arg]) => {
    switch (op) {
      case '$exists':
        return arg ? found.length > 0 : found.length === 0;
      case '$eq':
        return matchesCondition(doc, path, arg);
      case '$ne':
        return !matchesCondition(doc, path, arg);
      case '$in':
        return arg.some(candidate => matchesCondition(doc, path, candidate));
      case '$nin':
        return !arg.some(candidate => matchesCondition(doc, path, candidate));
      default:
        throw unsupported(`the query operator ${op}`);
    }
  });
}

function matches(doc, query) {
  return Object.entries(query || {}).every(([key, condition]) => {
    switch (key) {
      case '$and':
        return condition.every(q => matches(doc, q));
      case '$or':
        return condition.some(q => matches(doc, q));
      case '$nor':
        return !condition.some(q => matches(doc, q));
      default:
        if (key.startsWith('$')) {
          throw unsupported(`the query operator ${key}`);
        }
        return matchesCondition(doc, key, condition);
    }
  });
}

function parentOf(doc, path, create) {
  const parts = path.split('.');
  let current = doc;
  for (const part of parts.slice(0, -1)) {
    if (current[part] === undefined || current[part] === null) {
      if (!create) {
        return null;
      }
      current[part] = {};
    }
    current = current[part];
    if (typeof current !== 'object') {
      throw mongoError(28, `Cannot create field '${part}' in element`);
    }
  }
  return { holder: current, key: parts[parts.length - 1] };
}

function eachOf(arg) {
  if (arg !== null && typeof arg === 'object' && !Array.isArray(arg) && '$each' in arg) {
    return arg.$each;
  }
  return [arg];
}

function arrayAt(doc, path, op) {
  const { holder, key } = parentOf(doc, path, true);
  if (holder[key] === undefined) {
    holder[key] = [];
  }
  if (!Array.isArray(holder[key])) {
    throw mongoError(2, `Cannot apply ${op} to a non-array field`);
  }
  return holder[key];
}

/**
 * MongoDB's own check of an update path: an empty segment is refused (EmptyFieldName), and so is
 * the positional `$`, which needs the query to have matched an array element (the queries
 * parse-server sends for one object name no array). A `$`-prefixed segment below the top is a
 * field name (MongoDB 5.0 and later); `$[]` and `$[x]` are not modelled.
 */
function checkUpdatePath(path) {
  const parts = path.split('.');
  if (parts.some(part => part === '')) {
    throw mongoError(56, `The update path '${path}' contains an empty field name, which is not allowed.`);
  }
  if (parts.includes('$')) {
    throw mongoError(2, 'The positional operator did not find the match needed from the query.');
  }
  if (parts.some(part => /^\$\[.*\]$/.test(part))) {
    throw unsupported(`the array-filter update path ${path}`);
  }
}

function applyUpdate(doc, update, inserting) {
  for (const [op, fields] of Object.entries(update)) {
    for (const [rawPath, arg] of Object.entries(fields)) {
      const path = storedKey(rawPath);
      checkUpdatePath(path);
      const touchesId = path === '_id' || path.startsWith('_id.');
      if (touchesId && !inserting && !(op === '$set' && bsonEqual(doc._id, arg))) {
        throw mongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      switch (op) {
        case '$set': {
          const { holder, key } = parentOf(doc, path, true);
          holder[key] = stored(arg);
          break;
        }
        case '$setOnInsert': {
          if (inserting) {
            const { holder, key } = parentOf(doc, path, true);
            holder[key] = stored(arg);
          }
          break;
        }
        case '$unset': {
          const place = parentOf(doc, path, false);
          if (place) {
            delete place.holder[place.key];
          }
          break;
        }
        case '$inc': {
          if (typeof arg !== 'number') {
            throw mongoError(14, 'Cannot increment with non-numeric argument');
          }
          const { holder, key } = parentOf(doc, path, true);
          if (holder[key] === undefined) {
            holder[key] = arg;
          } else if (typeof holder[key] !== 'number') {
            throw mongoError(14, 'Cannot apply $inc to a value of non-numeric type');
          } else {
            holder[key] += arg;
          }
          break;
        }
        case '$push': {
          arrayAt(doc, path, op).push(...eachOf(arg).map(stored));
          break;
        }
        case '$addToSet': {
          const array = arrayAt(doc, path, op);
          for (const item of eachOf(arg).map(stored)) {
            if (!array.some(existing => bsonEqual(existing, item))) {
              array.push(item);
            }
          }
          break;
        }
        case '$pullAll': {
          // Pulling from a field that does not exist changes nothing (and does not create it).
          const place = parentOf(doc, path, false);
          if (!place || place.holder[place.key] === undefined) {
            break;
          }
          const array = arrayAt(doc, path, op);
          const kept = array.filter(existing => !arg.some(item => bsonEqual(existing, stored(item))));
          array.splice(0, array.length, ...kept);
          break;
        }
        default:
          throw unsupported(`the update operator ${op}`);
      }
    }
  }
}

/** Applies a projection of the `{field: 1}` / `{field: 0}` kind. */
function projected(doc, projection) {
  const entries = Object.entries(projection || {});
  if (entries.length === 0) {
    return doc;
  }
  const including = entries.some(([key, flag]) => key !== '_id' && flag);
  const out = {};
  for (const key of Object.keys(doc)) {
    const flag = projection[key];
    const keep = including ? Boolean(flag) || (key === '_id' && flag !== 0) : flag !== 0;
    if (keep) {
      out[key] = doc[key];
    }
  }
  return out;
}

module.exports = { matches, applyUpdate, projected };
