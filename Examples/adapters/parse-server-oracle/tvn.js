// Turns what parse-server emits (a JSON value, as a client would parse the response) into typed
// value notation (Vectors/INTERPRETING.md §4). The conversion reads the wire the way a lenient
// client would: an object with a `__type` this file recognises, in the exact shape the server
// writes, becomes that type; any other object whose `__type` is a string is kept whole as
// `unknownType`, and one whose `__type` is not a string or is empty stays a plain map (the server
// itself tests `if (obj.__type)`, so a falsy type is plain data), so nothing the server emitted is
// hidden or reshaped.
'use strict';

/** Thrown when the emitted value cannot be carried by the protocol (see `adapter.js`). */
class Inexpressible extends Error {}

const MAX_DEPTH = 512;

function number(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new Inexpressible(`a non-finite number (${n})`);
  }
  return JSON.stringify(n);
}

function string(s) {
  if (!s.isWellFormed()) {
    throw new Inexpressible('a string holding a lone surrogate');
  }
  return s;
}

function hasExactly(object, keys) {
  const own = Object.keys(object);
  return own.length === keys.length && keys.every(key => own.includes(key));
}

function isoToEpochMs(iso) {
  if (typeof iso !== 'string') {
    return null;
  }
  const ms = Date.parse(iso);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== iso) {
    return null;
  }
  return String(ms);
}

function canonicalBase64ToHex(base64) {
  if (typeof base64 !== 'string') {
    return null;
  }
  const bytes = Buffer.from(base64, 'base64');
  return bytes.toString('base64') === base64 ? bytes.toString('hex') : null;
}

function isNumberPair(pair) {
  return Array.isArray(pair) && pair.length === 2 && pair.every(n => typeof n === 'number');
}

/** The ACL body as TVN: only `true` grants are listed, a principal without one is left out. */
function aclNode(acl) {
  if (acl === null || typeof acl !== 'object' || Array.isArray(acl)) {
    return null;
  }
  const out = {};
  for (const [principal, grants] of Object.entries(acl)) {
    if (grants === null || typeof grants !== 'object' || Array.isArray(grants)) {
      return null;
    }
    const kept = {};
    for (const [permission, granted] of Object.entries(grants)) {
      if ((permission !== 'read' && permission !== 'write') || typeof granted !== 'boolean') {
        return null;
      }
      if (granted) {
        kept[permission] = true;
      }
    }
    if (Object.keys(kept).length) {
      out[string(principal)] = kept;
    }
  }
  return { acl: out };
}

function typedNode(value, depth) {
  switch (value.__type) {
    case 'Date': {
      const epochMs = hasExactly(value, ['__type', 'iso']) ? isoToEpochMs(value.iso) : null;
      return epochMs === null ? null : { date: { epochMs } };
    }
    case 'Bytes': {
      const hex = hasExactly(value, ['__type', 'base64']) ? canonicalBase64ToHex(value.base64) : null;
      return hex === null ? null : { bytes: { hex } };
    }
    case 'Pointer':
      if (hasExactly(value, ['__type', 'className', 'objectId']) &&
          typeof value.className === 'string' && typeof value.objectId === 'string') {
        return { pointer: { className: string(value.className), objectId: string(value.objectId) } };
      }
      return null;
    case 'Relation':
      if (hasExactly(value, ['__type', 'className']) && typeof value.className === 'string') {
        return { relation: { className: string(value.className) } };
      }
      return null;
    case 'GeoPoint':
      if (hasExactly(value, ['__type', 'latitude', 'longitude']) &&
          typeof value.latitude === 'number' && typeof value.longitude === 'number') {
        return { geopoint: { latitude: number(value.latitude), longitude: number(value.longitude) } };
      }
      return null;
    case 'File': {
      const shaped = hasExactly(value, ['__type', 'name']) || hasExactly(value, ['__type', 'name', 'url']);
      if (!shaped || typeof value.name !== 'string' || ('url' in value && typeof value.url !== 'string')) {
        return null;
      }
      const file = { name: string(value.name) };
      if ('url' in value) {
        file.url = string(value.url);
      }
      return { file };
    }
    case 'Polygon':
      if (hasExactly(value, ['__type', 'coordinates']) && Array.isArray(value.coordinates) &&
          value.coordinates.every(isNumberPair)) {
        return { polygon: value.coordinates.map(([lat, lng]) => [number(lat), number(lng)]) };
      }
      return null;
    case 'Object':
      return objectNode(value, depth);
    default:
      return null;
  }
}

/** A fetched object or an embedded `"__type":"Object"`, as an `object` node (null if it is not one). */
function objectNode(value, depth) {
  if (typeof value.className !== 'string') {
    return null;
  }
  const object = { className: string(value.className), fields: {} };
  for (const [key, member] of Object.entries(value)) {
    if (key === '__type' || key === 'className') {
      continue;
    }
    if (key === 'objectId' && typeof member === 'string') {
      object.objectId = string(member);
    } else if ((key === 'createdAt' || key === 'updatedAt') && isoToEpochMs(member) !== null) {
      object[key] = { epochMs: isoToEpochMs(member) };
    } else if (key === 'ACL' && aclNode(member) !== null) {
      object.acl = aclNode(member).acl;
    } else {
      object.fields[string(key)] = toTVN(member, depth + 1);
    }
  }
  return { object };
}

/**
 * The TVN node of one emitted JSON value.
 * @param {*} value a value as `JSON.parse` returns it
 * @param {number} depth the nesting depth of `value` (the protocol carries at most 512 levels)
 * @returns {object} a TVN node
 * @throws {Inexpressible} when TVN over the protocol cannot carry the value
 */
function toTVN(value, depth = 1) {
  if (depth > MAX_DEPTH) {
    throw new Inexpressible(`a value nested deeper than ${MAX_DEPTH} levels`);
  }
  if (value === null) {
    return { null: true };
  }
  switch (typeof value) {
    case 'boolean':
      return { bool: value };
    case 'number':
      return { number: number(value) };
    case 'string':
      return { string: string(value) };
    default:
      break;
  }
  if (Array.isArray(value)) {
    return { array: value.map(element => toTVN(element, depth + 1)) };
  }
  if (typeof value.__type === 'string' && value.__type !== '' && Object.prototype.hasOwnProperty.call(value, '__type')) {
    const typed = typedNode(value, depth);
    if (typed !== null) {
      return typed;
    }
    const members = {};
    for (const [key, member] of Object.entries(value)) {
      members[string(key)] = toTVN(member, depth + 1);
    }
    return { unknownType: members };
  }
  const map = {};
  for (const [key, member] of Object.entries(value)) {
    map[string(key)] = toTVN(member, depth + 1);
  }
  return { map };
}

/**
 * The TVN of a fetched object's own fields (`objectId`, `createdAt` and `updatedAt` left out;
 * `ACL` as an `acl` node when it has the ACL shape).
 * @param {object} fetched the fetched object as a client parses it
 * @returns {object} a `map` node
 */
function fieldsToTVN(fetched) {
  const map = {};
  for (const [key, member] of Object.entries(fetched)) {
    if (key === 'objectId' || key === 'createdAt' || key === 'updatedAt') {
      continue;
    }
    const acl = key === 'ACL' ? aclNode(member) : null;
    map[string(key)] = acl !== null ? acl : toTVN(member, 2);
  }
  return { map };
}

module.exports = { toTVN, fieldsToTVN, Inexpressible };
