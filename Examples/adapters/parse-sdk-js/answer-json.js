// JSON text of an answer line without recursion. `JSON.stringify` overflows the stack on the TVN of a
// value a few thousand levels deep, which the SDK itself may have read without trouble; the answer
// must still reach the runner, so it is written with an explicit stack instead.
'use strict';

/**
 * The JSON text of a value made of plain objects, arrays, strings, finite numbers, booleans and null.
 * @param {*} value the answer
 * @returns {string} the same text `JSON.stringify(value)` gives, at any depth
 */
function writeJSON(value) {
  const out = [];
  const stack = [{ value }];
  while (stack.length) {
    const item = stack.pop();
    if (item.text !== undefined) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v));
      continue;
    }
    // Pushed in reverse, so they are written in order.
    const parts = [];
    if (Array.isArray(v)) {
      parts.push({ text: '[' });
      v.forEach((element, i) => {
        if (i) {
          parts.push({ text: ',' });
        }
        parts.push({ value: element });
      });
      parts.push({ text: ']' });
    } else {
      parts.push({ text: '{' });
      Object.keys(v).forEach((key, i) => {
        parts.push({ text: `${i ? ',' : ''}${JSON.stringify(key)}:` });
        parts.push({ value: v[key] });
      });
      parts.push({ text: '}' });
    }
    for (let i = parts.length - 1; i >= 0; i -= 1) {
      stack.push(parts[i]);
    }
  }
  return out.join('');
}

module.exports = { writeJSON };
