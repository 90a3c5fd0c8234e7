// What the adapter answers when the SDK refuses an input (Vectors/INTERPRETING.md §6, §9): a thrown
// error becomes a rejection with the error kind its message names; the adapter's own glue failures
// and what TVN cannot spell pass through untouched, to be answered `errored` or `unrepresentable`.
'use strict';

const { Unrepresentable } = require('./native');
const { NoBuilder } = require('./query');
const { Hang } = require('./messages');

/** A refusal by the SDK (or by `JSON.parse`, which the SDK's REST controller reads responses with). */
class Rejection extends Error {
  constructor(kind, message, parseCode) {
    super(message);
    this.kind = kind;
    this.parseCode = parseCode;
  }
}

/** A check the SDK has no code path for: answered `skipped`. */
class NotPerformed extends Error {}

/** The SDK's refusals, read with its `Parse.Error` class. */
function refusals(Parse) {
  /** The error kind (§6) a thrown SDK error means; `other` where the SDK's message names none. */
  function kindOf(error) {
    if (error instanceof Parse.Error) {
      return error.code === Parse.Error.INVALID_KEY_NAME ? 'invalid-field-name' : /ACL/.test(error.message) ? 'invalid-acl' : 'other';
    }
    if (error instanceof RangeError && /call stack/.test(error.message)) {
      return 'depth-limit';
    }
    const patterns = [
      [/ACL/, 'invalid-acl'],
      [/must be valid numbers/, 'wrong-field-type'],
      [/out of bounds/, 'out-of-range'],
      [/Polygon|Coordinates/, 'invalid-polygon'],
      [/invalid date/, 'invalid-date'],
      [/Increment Op|[Rr]elation/, 'invalid-operation'],
      [/without a className/, 'missing-field'],
    ];
    const found = patterns.find(([pattern]) => pattern.test(String(error && error.message)));
    return found ? found[1] : 'other';
  }

  /** Runs one step of the SDK; whatever it throws is its rejection of the input. */
  function sdk(step) {
    try {
      return step();
    } catch (error) {
      if (error instanceof Rejection || error instanceof Unrepresentable || error instanceof NoBuilder) {
        throw error;
      }
      if (error instanceof Parse.Error) {
        throw new Rejection(kindOf(error), `Parse.Error ${error.code}: ${error.message}`, error.code);
      }
      const message = `${(error && error.name) || 'Error'}: ${error && error.message !== undefined ? error.message : error}`;
      throw new Rejection(kindOf(error), message);
    }
  }

  /** A request body the SDK sent; what it throws on the way is its rejection. */
  async function sent(step) {
    try {
      return await step();
    } catch (error) {
      if (error instanceof Hang) {
        throw error;
      }
      return sdk(() => {
        throw error;
      });
    }
  }

  function parseJSON(text) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Rejection('json-syntax', `${error.name}: ${error.message}`);
    }
  }

  return { kindOf, sdk, sent, parseJSON };
}

module.exports = { Rejection, NotPerformed, refusals };
