// The protocol side of the oracle's answers: the request's document as text (as parse-server's
// body parser would decode it), and a server verdict written as the protocol's answer.
'use strict';

/** The Parse codes whose meaning matches one error kind of the corpus (others answer `other`). */
const KIND_BY_CODE = {
  103: 'invalid-class-name',
  105: 'invalid-field-name',
  111: 'wrong-field-type',
  121: 'invalid-nested-key',
  123: 'invalid-acl',
};

function send(answer) {
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

/**
 * The document as text, with what decoding changed. body-parser decodes a body with iconv-lite:
 * invalid UTF-8 becomes U+FFFD and a leading BOM is dropped. A field value is not a body, only a
 * part of one, so a BOM before it stays (and makes the body not JSON).
 */
function requestText(request, isBody) {
  if (typeof request.wire === 'string') {
    return { text: request.wire, notes: [] };
  }
  const bytes = Buffer.from(request.wireBase64, 'base64');
  const notes = [];
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    notes.push('invalid-utf8-replaced');
  }
  if (isBody && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    notes.push('bom-dropped');
  }
  return { text: new TextDecoder('utf-8', { ignoreBOM: !isBody }).decode(bytes), notes };
}

/** A message the protocol can carry: a lone surrogate is written out as its `\\uXXXX` text. */
function printable(text) {
  const written = text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    unit => `\\u${unit.charCodeAt(0).toString(16)}`
  );
  const cut = written.slice(0, 2000);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function isOneJSONText(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function rejection(seq, verdict) {
  const kind = verdict.kind || KIND_BY_CODE[verdict.code] || 'other';
  const code = verdict.code === null ? `HTTP ${verdict.http || 400}` : String(verdict.code);
  return { seq, ok: false, error: { kind, message: printable(`${code}: ${verdict.message}`) } };
}

module.exports = { send, requestText, printable, isOneJSONText, rejection };
