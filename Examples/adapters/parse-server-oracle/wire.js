// The reverse of tvn.js, for encode-error cases only: the JSON text a writer *without checks*
// produces for a TVN value, which the adapter sends through parse-server's write path to see what
// the server does with the document the case's check exists to stop (README, "encode").
'use strict';

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

module.exports = { wireText, Unwritable };
