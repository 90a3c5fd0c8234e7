// Stands in for the Parse JS SDK (`parse/node`) inside the oracle bundle. The write path uses only
// a little of it: `Parse.Error` (a code and a message), `Parse._encode` (a Date becomes
// `{"__type":"Date","iso":…}`; an invalid Date throws), `Parse.GeoPoint._validate` (the range
// check of a coordinate pair) and the object state controller (asked for pending operations). The behaviour follows the SDK's documented semantics; the parts of
// the SDK that only triggers, Cloud Code and the JS client use throw if reached.
'use strict';

/** The Parse error codes that parse-server's write path can raise, by the SDK's names. */
const codes = {
  OTHER_CAUSE: -1,
  INTERNAL_SERVER_ERROR: 1,
  CONNECTION_FAILED: 100,
  OBJECT_NOT_FOUND: 101,
  INVALID_QUERY: 102,
  INVALID_CLASS_NAME: 103,
  MISSING_OBJECT_ID: 104,
  INVALID_KEY_NAME: 105,
  INVALID_POINTER: 106,
  INVALID_JSON: 107,
  COMMAND_UNAVAILABLE: 108,
  NOT_INITIALIZED: 109,
  INCORRECT_TYPE: 111,
  INVALID_CHANNEL_NAME: 112,
  PUSH_MISCONFIGURED: 115,
  OBJECT_TOO_LARGE: 116,
  OPERATION_FORBIDDEN: 119,
  CACHE_MISS: 120,
  INVALID_NESTED_KEY: 121,
  INVALID_FILE_NAME: 122,
  INVALID_ACL: 123,
  TIMEOUT: 124,
  INVALID_EMAIL_ADDRESS: 125,
  MISSING_CONTENT_TYPE: 126,
  MISSING_CONTENT_LENGTH: 127,
  INVALID_CONTENT_LENGTH: 128,
  FILE_TOO_LARGE: 129,
  FILE_SAVE_ERROR: 130,
  DUPLICATE_VALUE: 137,
  INVALID_ROLE_NAME: 139,
  EXCEEDED_QUOTA: 140,
  SCRIPT_FAILED: 141,
  VALIDATION_ERROR: 142,
  INVALID_IMAGE_DATA: 143,
  UNSAVED_FILE_ERROR: 151,
  INVALID_PUSH_TIME_ERROR: 152,
  FILE_DELETE_ERROR: 153,
  REQUEST_LIMIT_EXCEEDED: 155,
  DUPLICATE_REQUEST: 159,
  INVALID_EVENT_NAME: 160,
  FILE_DELETE_UNNAMED_ERROR: 161,
  INVALID_VALUE: 162,
  USERNAME_MISSING: 200,
  PASSWORD_MISSING: 201,
  USERNAME_TAKEN: 202,
  EMAIL_TAKEN: 203,
  EMAIL_MISSING: 204,
  EMAIL_NOT_FOUND: 205,
  SESSION_MISSING: 206,
  MUST_CREATE_USER_THROUGH_SIGNUP: 207,
  ACCOUNT_ALREADY_LINKED: 208,
  INVALID_SESSION_TOKEN: 209,
  MFA_ERROR: 210,
  MFA_TOKEN_REQUIRED: 211,
  LINKED_ID_MISSING: 250,
  INVALID_LINKED_SESSION: 251,
  UNSUPPORTED_SERVICE: 252,
  INVALID_SCHEMA_OPERATION: 255,
  AGGREGATE_ERROR: 600,
  FILE_READ_ERROR: 601,
  X_DOMAIN_REQUEST: 602,
};

/** A Parse error: what parse-server answers as `{"code":…,"error":…}`. */
class ParseError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    Object.defineProperty(this, 'message', { enumerable: true, value: message });
  }
  toString() {
    return `ParseError: ${this.code} ${this.message}`;
  }
}
Object.assign(ParseError, codes);

// A code name the table lacks would silently be `undefined`; make it loud instead.
const CheckedError = new Proxy(ParseError, {
  get(target, property, receiver) {
    if (typeof property === 'string' && /^[A-Z][A-Z0-9_]+$/.test(property) && !(property in target)) {
      throw new Error(`the Parse stub has no error code named ${property}`);
    }
    return Reflect.get(target, property, receiver);
  },
});

function encode(value) {
  if (Object.prototype.toString.call(value) === '[object Date]') {
    if (isNaN(value)) {
      throw new Error('Tried to encode an invalid date.');
    }
    return { __type: 'Date', iso: value.toJSON() };
  }
  if (Array.isArray(value)) {
    return value.map(encode);
  }
  if (value && typeof value === 'object') {
    const output = {};
    for (const key in value) {
      output[key] = encode(value[key]);
    }
    return output;
  }
  return value;
}

class GeoPoint {
  constructor(latitude, longitude) {
    GeoPoint._validate(latitude, longitude);
    this.latitude = latitude;
    this.longitude = longitude;
  }
  static _validate(latitude, longitude) {
    if (isNaN(latitude) || isNaN(longitude) || typeof latitude !== 'number' || typeof longitude !== 'number') {
      throw new TypeError('GeoPoint latitude and longitude must be valid numbers');
    }
    if (latitude < -90.0) {
      throw new TypeError(`GeoPoint latitude out of bounds: ${latitude} < -90.0.`);
    }
    if (latitude > 90.0) {
      throw new TypeError(`GeoPoint latitude out of bounds: ${latitude} > 90.0.`);
    }
    if (longitude < -180.0) {
      throw new TypeError(`GeoPoint longitude out of bounds: ${longitude} < -180.0.`);
    }
    if (longitude > 180.0) {
      throw new TypeError(`GeoPoint longitude out of bounds: ${longitude} > 180.0.`);
    }
  }
}

function notModelled(name) {
  return () => {
    const error = new Error(`the Parse stub does not model ${name} (triggers and Cloud Code are not run)`);
    error.oracleGap = true;
    throw error;
  };
}

const Parse = {
  Error: CheckedError,
  _encode: encode,
  _decode: notModelled('Parse._decode'),
  GeoPoint,
  Object: { fromJSON: notModelled('Parse.Object.fromJSON'), prototype: {} },
  // Without triggers no object has pending operations: the SDK answers one empty set for any id.
  CoreManager: { getObjectStateController: () => ({ getPendingOps: () => [{}] }) },
  applicationId: 'oracle',
  initialize() {},
};
Parse.Parse = Parse;
Parse.default = Parse;

module.exports = Parse;
