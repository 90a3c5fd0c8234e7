// Helpers for judging a fetched object (context `object`): whether a server-owned member is in the
// form the server writes it, and the JSON text of the fields written back as a save body.
'use strict';

const { Num } = require('./lossless-json');

/** Whether a server-owned member of a fetched object is in the form the server writes it. */
function isServerForm(key, value) {
  if (typeof value !== 'string') {
    return false;
  }
  if (key === 'objectId') {
    return /^[A-Za-z0-9]+$/.test(value);
  }
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString() === value;
}

/** JSON text of a value read by `parseLossless`, numbers as their exact text. */
function losslessText(value) {
  if (value instanceof Num) {
    return value.text;
  }
  if (Array.isArray(value)) {
    return `[${value.map(losslessText).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).map(key => `${JSON.stringify(key)}:${losslessText(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

module.exports = { isServerForm, losslessText };
