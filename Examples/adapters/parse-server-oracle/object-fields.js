// Helpers for judging a fetched object (context `object`): whether a server-owned member is in the
// form the server writes it.
'use strict';

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

module.exports = { isServerForm };
