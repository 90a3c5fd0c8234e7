// The part of the BSON layer the in-memory store needs: the driver's BSON classes that
// parse-server tests with `instanceof`, what BSON serialization does to a value on its way into
// storage and back (`stored`), and BSON equality. Facts from bson 6 (the version the mongodb 6
// driver uses): a Date is written as a 64-bit integer through Long.fromNumber, which turns NaN
// into 0; strings and member names are written as UTF-8, so a lone surrogate becomes U+FFFD; a
// member name containing NUL is refused; a plain object with a `_bsontype` member is taken for
// one of the library's own classes and refused for lacking its version marker.
'use strict';

/**
 * Binary data as the driver's BSON class holds it: own members `buffer` (the bytes), `sub_type`
 * and `position` (the length written). parse-server's interior-value transform copies a nested
 * Binary member by member, so these members are observable.
 */
class Binary {
  constructor(buffer, subType) {
    this.buffer = Buffer.from(buffer || []);
    this.sub_type = subType || 0;
    this.position = this.buffer.byteLength;
  }
}

/** A 64-bit integer; parse-server never writes one, it only recognises it on read. */
class Long {
  constructor(low, high) {
    this.low = low | 0;
    this.high = high | 0;
  }
  toNumber() {
    return this.high * 4294967296 + (this.low >>> 0);
  }
}

/** A boxed double; parse-server never writes one, it only recognises it on read. */
class Double {
  constructor(value) {
    this.value = value;
  }
}

/** An ObjectId; parse-server uses string ids, so this exists for `instanceof` only. */
class ObjectId {
  constructor(id) {
    this.id = String(id);
  }
  toHexString() {
    return this.id;
  }
}

function unsupported(what) {
  const error = new Error(`the in-memory store does not model ${what}`);
  error.oracleGap = true;
  return error;
}

function mongoError(code, message) {
  const error = new Error(message);
  error.code = code;
  return error;
}

/** A member name as BSON writes it: UTF-8 (a lone surrogate becomes U+FFFD), no NUL allowed. */
function storedKey(key) {
  if (key.includes('\u0000')) {
    throw new Error(`key ${key} must not contain null bytes`);
  }
  return key.toWellFormed();
}

/** A copy of a value as BSON storage would hand it back. */
function stored(value) {
  if (value === undefined) {
    return null;
  }
  if (typeof value === 'string') {
    // BSON strings are UTF-8: a lone surrogate is written, and read back, as U+FFFD.
    return value.toWellFormed();
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  if (value instanceof Date) {
    // BSON writes a date as a 64-bit integer through Long.fromNumber, which turns NaN into 0:
    // an Invalid Date is stored, and read back, as 1970-01-01T00:00:00.000Z.
    const ms = value.getTime();
    return new Date(Number.isNaN(ms) ? 0 : ms);
  }
  if (value instanceof Binary) {
    return new Binary(value.buffer, value.sub_type);
  }
  if (value instanceof Long || value instanceof Double || value instanceof ObjectId) {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map(stored);
  }
  if (value instanceof RegExp) {
    throw unsupported('regular expressions as stored values');
  }
  if (value._bsontype != null) {
    // The BSON serializer takes any object with a `_bsontype` for one of its own classes and
    // refuses it unless it carries the current major version's marker.
    throw new Error('Unsupported BSON version, bson types must be from bson 6.x.x');
  }
  const out = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, storedKey(key), {
      value: stored(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** BSON equality: documents compare member by member in order, arrays element by element. */
function bsonEqual(a, b) {
  if (a === b) {
    return true;
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (a instanceof Binary || b instanceof Binary) {
    return a instanceof Binary && b instanceof Binary && a.buffer.equals(b.buffer);
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || (Number.isNaN(a) && Number.isNaN(b));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) {
    return false;
  }
  return keysA.every((key, i) => key === keysB[i] && bsonEqual(a[key], b[key]));
}

module.exports = { Binary, Long, Double, ObjectId, unsupported, mongoError, storedKey, stored, bsonEqual };
