// LiveQuery messages (context `livequery`): the client's messages go through the check
// parse-server's LiveQuery server makes of every message it reads (`ParseLiveQueryServer._onConnect`:
// `tv4.validate` against `RequestSchema.general`, then against the op's own schema), with the
// schemas and the validator taken from the bundle. The server's messages are what it writes
// (`LiveQuery/Client.js`) and never reads: they are answered `skipped`, and their verdict is
// `not-applicable` with that reason.
'use strict';

/** Why the oracle has no verdict on a message of `side`, or undefined when it reads the side. */
function notReadReason(side) {
  return side === 'client'
    ? undefined
    : 'parse-server\'s LiveQuery server writes this message (LiveQuery/Client.js) and never reads one';
}

/**
 * tv4's error codes (`tv4.errorCodes`) by the corpus's error kind for the same refusal: an unknown
 * op is the general schema's enum, a missing member `required`, an extra one
 * `additionalProperties: false`, an empty or repeated `keys`/`watch` list `minItems`/`uniqueItems`.
 */
function kindOfTV4Error(tv4, error) {
  const codes = tv4.errorCodes;
  switch (error.code) {
    case codes.INVALID_TYPE:
      return 'wrong-field-type';
    case codes.ENUM_MISMATCH:
      return 'invalid-operation';
    case codes.OBJECT_REQUIRED:
    case codes.ARRAY_LENGTH_SHORT:
      return 'missing-field';
    case codes.OBJECT_ADDITIONAL_PROPERTIES:
    case codes.ARRAY_UNIQUE:
      return 'unexpected-field';
    default:
      return 'other';
  }
}

/**
 * What the LiveQuery server does with a client's message `text`, as `_onConnect` does it: a text
 * that is not JSON is logged and dropped (no answer); one the schemas refuse is answered with an
 * `error` of code 1 and tv4's message; the rest goes on to the op's handler.
 */
function clientVerdict(bundle, text) {
  let request;
  try {
    request = JSON.parse(text);
  } catch (error) {
    return { accepted: false, code: null, kind: 'json-syntax', message: `not JSON, dropped without an answer (${error.message})` };
  }
  const tv4 = bundle.tv4;
  const schemas = bundle.LiveQueryRequestSchema;
  if (!tv4.validate(request, schemas.general) || !tv4.validate(request, schemas[request.op])) {
    return {
      accepted: false,
      code: 1,
      kind: kindOfTV4Error(tv4, tv4.error),
      message: tv4.error.message,
      // What the server writes back (Client.pushError with its defaults).
      response: { op: 'error', error: tv4.error.message, code: 1, reconnect: true, requestId: null },
    };
  }
  return { accepted: true, handler: request.op };
}

module.exports = { notReadReason, clientVerdict };
