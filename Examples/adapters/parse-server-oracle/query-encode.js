// The naive writer of a find request (context `query`), for encode-error cases only: the JSON text a
// query writer *without checks* sends for a TVN find request. It is wire.js's writer with the one
// reading a find request has of its own: a Polygon that is the operand of `$geoWithin.$polygon` is
// written `[longitude, latitude]`, as the server reads it there (Vectors/INTERPRETING.md §2, "Find
// requests"). The adapter sends the text through the same read path as a decode request's.
'use strict';

const { wireText } = require('./wire');

const quoted = text => JSON.stringify(text);

/**
 * The JSON text of a TVN find request, written without any check: members in the TVN's order,
 * numbers as their TVN text, operators and keys exactly as the value holds them.
 * @param {object} node a TVN node (the find request is a `map`)
 * @param {string} [key] the member the node is the value of
 * @returns {string} JSON text
 * @throws {Unwritable} (from wire.js) when a node has no wire form at all
 */
function queryWireText(node, key) {
  const [type, body] = Object.entries(node)[0];
  switch (type) {
    case 'map':
      return `{${Object.entries(body).map(([member, n]) => `${quoted(member)}:${queryWireText(n, member)}`).join(',')}}`;
    case 'array':
      return `[${body.map(n => queryWireText(n)).join(',')}]`;
    case 'polygon':
      if (key === '$polygon') {
        return `{"__type":"Polygon","coordinates":[${body.map(([lat, lng]) => `[${lng},${lat}]`).join(',')}]}`;
      }
      return wireText(node);
    default:
      return wireText(node);
  }
}

module.exports = { queryWireText };
