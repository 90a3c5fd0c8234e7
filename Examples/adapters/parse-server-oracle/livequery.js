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

/** The fields `Client._toJSONWithFields` always copies; the others of a keys subscription's object are its keys. */
const DEFAULT_FIELDS = ['className', 'objectId', 'updatedAt', 'createdAt', 'ACL'];

/** A JSON value with every object's members sorted, to compare two documents whatever their order. */
function sorted(value) {
  if (Array.isArray(value)) {
    return value.map(sorted);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map(key => [key, sorted(value[key])]));
  }
  return value;
}

/**
 * Whether the server's own writer (`LiveQuery/Client.js`) writes a server message `text`: its parts
 * (client id, installation id, request id, error, object, original) are handed to the writer the
 * server calls for its op (`pushConnect`, `pushSubscribe`, `pushUnsubscribe`, `Client.pushError`,
 * `pushCreate` …) with a socket that keeps what is sent, and the text sent is compared with the
 * document, members in any order. An event's object without `__type` is handed over as the server
 * holds it (with `"__type":"Object"`) under a subscription whose `keys` are its other fields, as
 * `_toJSONWithFields` then writes it. This grounds the message around the object; the object itself
 * (`toJSON()` of the inflated `Parse.Object`) is not rebuilt.
 */
function serverWriterVerdict(bundle, text) {
  const message = JSON.parse(text);
  const sent = [];
  const socket = { send: line => sent.push(line) };
  const Client = bundle.LiveQueryClient;
  const client = new Client(message.clientId, socket, false, undefined, message.installationId);
  switch (message.op) {
    case 'connected':
      client.pushConnect();
      break;
    case 'subscribed':
      client.pushSubscribe(message.requestId);
      break;
    case 'unsubscribed':
      client.pushUnsubscribe(message.requestId);
      break;
    case 'error':
      Client.pushError(socket, message.code, message.error, message.reconnect, message.requestId);
      break;
    default: {
      const push = client['push' + String(message.op).charAt(0).toUpperCase() + String(message.op).slice(1)];
      if (!['create', 'enter', 'update', 'leave', 'delete'].includes(message.op) || typeof push !== 'function') {
        return { accepted: false, code: null, message: `Client.js has no writer of op ${JSON.stringify(message.op)}` };
      }
      const object = message.object && { ...message.object };
      const original = message.original && { ...message.original };
      if (object && !('__type' in object)) {
        const keys = Object.keys(object).filter(key => !DEFAULT_FIELDS.includes(key));
        client.addSubscriptionInfo(message.requestId, { keys });
        object.__type = 'Object';
        if (original) {
          original.__type = 'Object';
        }
      }
      push.call(client, message.requestId, object, original);
    }
  }
  const written = sent[0];
  const same = written !== undefined && JSON.stringify(sorted(JSON.parse(written))) === JSON.stringify(sorted(message));
  return same
    ? { accepted: true, writer: 'LiveQuery/Client.js', written }
    : { accepted: false, code: null, message: `LiveQuery/Client.js writes ${written} from these parts`, written };
}

module.exports = { notReadReason, clientVerdict, serverWriterVerdict };
