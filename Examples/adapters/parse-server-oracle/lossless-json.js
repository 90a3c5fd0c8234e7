// Reads JSON text without losing what JSON.parse loses: a number keeps its exact text (`Num`),
// a member named `__proto__` stays an own member, and repeated member names are reported (the
// last one wins, as with JSON.parse). The input is known to be JSON that JSON.parse accepted.
'use strict';

/** A number as its exact JSON text. */
class Num {
  constructor(text) {
    this.text = text;
  }
}

/** Parses JSON text keeping number text; returns `{value, repeated}` (repeated member names). */
function parseLossless(text) {
  let i = 0;
  const repeated = [];
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) {
      i += 1;
    }
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      i += 1;
      const out = {};
      ws();
      if (text[i] === '}') {
        i += 1;
        return out;
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        i += 1; // ':'
        const member = value();
        if (Object.prototype.hasOwnProperty.call(out, key)) {
          repeated.push(key);
        }
        Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i++] === '}') {
          return out;
        }
      }
    }
    if (c === '[') {
      i += 1;
      const out = [];
      ws();
      if (text[i] === ']') {
        i += 1;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        if (text[i++] === ']') {
          return out;
        }
      }
    }
    if (c === '"') {
      return string();
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 2000));
    i += literal[0].length;
    if (literal[0] === 'true' || literal[0] === 'false' || literal[0] === 'null') {
      return JSON.parse(literal[0]);
    }
    return new Num(literal[0]);
  };
  const string = () => {
    const start = i;
    i += 1;
    while (text[i] !== '"') {
      i += text[i] === '\\' ? 2 : 1;
    }
    i += 1;
    return JSON.parse(text.slice(start, i));
  };
  return { value: value(), repeated };
}

/** A decimal number text reduced to sign, significant digits and exponent. */
function decimal(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  let digits = m[2] + (m[3] || '');
  let exponent = BigInt(m[4] || '0') - BigInt((m[3] || '').length);
  digits = digits.replace(/^0+/, '');
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exponent += 1n;
  }
  return digits === '' ? `${m[1]}0` : `${m[1]}${digits}e${exponent}`;
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

module.exports = { Num, parseLossless, decimal, losslessText };
