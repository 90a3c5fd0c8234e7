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

/**
 * Thrown when a TVN value has no naive wire form (a date outside the range JavaScript's `Date`
 * holds): the value cannot be written without a check, so there is no unchecked document to try.
 */
class Unwritable extends Error {}

const OP_NAMES = {
  add: 'Add', addUnique: 'AddUnique', remove: 'Remove', addRelation: 'AddRelation', removeRelation: 'RemoveRelation',
};

/** JSON text of a member name or string: exactly the TVN string, no check. */
const quoted = text => JSON.stringify(text);

function isoText(date) {
  const ms = Number(date.epochMs);
  const instant = new Date(ms);
  if (!Number.isInteger(ms) || Number.isNaN(instant.getTime())) {
    throw new Unwritable(`the instant ${date.epochMs} ms is outside what a JavaScript Date holds, so it has no ISO text`);
  }
  return instant.toISOString();
}

function members(pairs) {
  return `{${pairs.map(([key, text]) => `${quoted(key)}:${text}`).join(',')}}`;
}

function pointerText(p) {
  return members([['__type', quoted('Pointer')], ['className', quoted(p.className)], ['objectId', quoted(p.objectId)]]);
}

function aclText(acl) {
  return members(Object.entries(acl).map(([principal, grants]) =>
    [principal, members(Object.keys(grants).filter(k => grants[k] === true).map(k => [k, 'true']))]));
}

function opText(op) {
  const [name, body] = Object.entries(op)[0];
  switch (name) {
    case 'increment':
      return members([['__op', quoted('Increment')], ['amount', body]]);
    case 'delete':
      return members([['__op', quoted('Delete')]]);
    case 'addRelation':
    case 'removeRelation':
      return members([['__op', quoted(OP_NAMES[name])], ['objects', `[${body.map(pointerText).join(',')}]`]]);
    case 'add':
    case 'addUnique':
    case 'remove':
      return members([['__op', quoted(OP_NAMES[name])], ['objects', `[${body.map(n => wireText(n)).join(',')}]`]]);
    case 'batch':
      return members([['__op', quoted('Batch')], ['ops', `[${body.map(opText).join(',')}]`]]);
    default:
      throw new Error(`not a TVN operation: ${name}`);
  }
}

/** The members of an `object` node that a writer puts beside its fields. */
function objectHead(object) {
  const head = [];
  if (object.objectId !== undefined) {
    head.push(['objectId', quoted(object.objectId)]);
  }
  if (object.createdAt !== undefined) {
    head.push(['createdAt', quoted(isoText(object.createdAt))]);
  }
  if (object.updatedAt !== undefined) {
    head.push(['updatedAt', quoted(isoText(object.updatedAt))]);
  }
  if (object.acl !== undefined) {
    head.push(['ACL', aclText(object.acl)]);
  }
  return head;
}

/**
 * The JSON text a writer *without checks* produces for a TVN node: every type in its wire shape
 * (Vectors/spec/types.md), names, class names, keys and instants exactly as the value holds them,
 * numbers as their TVN text. Used only for encode-error cases: the document the case's check
 * exists to stop, sent to the server to see what it does with it.
 * @param {object} node a TVN node
 * @param {string} [kind] the context: `object` writes an `object` node as a fetched REST object
 *   (its fields beside `objectId`, `createdAt`, `updatedAt` and `ACL`, no `className`)
 * @returns {string} JSON text
 * @throws {Unwritable} when the node has no wire form at all
 */
function wireText(node, kind = 'value') {
  const [type, body] = Object.entries(node)[0];
  switch (type) {
    case 'null':
      return 'null';
    case 'bool':
      return body ? 'true' : 'false';
    case 'number':
      return body;
    case 'string':
      return quoted(body);
    case 'array':
      return `[${body.map(n => wireText(n)).join(',')}]`;
    case 'map':
    case 'unknownType':
      return members(Object.entries(body).map(([key, n]) => [key, wireText(n)]));
    case 'date':
      return members([['__type', quoted('Date')], ['iso', quoted(isoText(body))]]);
    case 'bytes':
      return members([['__type', quoted('Bytes')], ['base64', quoted(Buffer.from(body.hex, 'hex').toString('base64'))]]);
    case 'pointer':
      return pointerText(body);
    case 'relation':
      return members([['__type', quoted('Relation')], ['className', quoted(body.className)]]);
    case 'geopoint':
      return members([['__type', quoted('GeoPoint')], ['latitude', body.latitude], ['longitude', body.longitude]]);
    case 'file':
      return members([['__type', quoted('File')], ['name', quoted(body.name)],
        ...(body.url === undefined ? [] : [['url', quoted(body.url)]])]);
    case 'polygon':
      return members([['__type', quoted('Polygon')], ['coordinates', `[${body.map(([lat, lng]) => `[${lat},${lng}]`).join(',')}]`]]);
    case 'acl':
      return aclText(body);
    case 'op':
      return opText(body);
    case 'object': {
      const fields = Object.entries(body.fields).map(([key, n]) => [key, wireText(n)]);
      if (kind === 'object') {
        return members([...objectHead(body), ...fields]);
      }
      return members([['__type', quoted('Object')], ['className', quoted(body.className)], ...objectHead(body), ...fields]);
    }
    default:
      throw new Error(`not a TVN node: ${type}`);
  }
}

module.exports = { toTVN, fieldsToTVN, Inexpressible, wireText, Unwritable };
