// Decides whether what parse-server emitted is the same data as what a request body said.
//
// The body is read literally (numbers as exact decimal text, every member kept, a repeated
// member read as JSON.parse reads it: the last one wins), typed values by their meaning (a Date
// by its instant, Bytes by their bytes), and top-level field operations of a save body applied
// to the empty object the oracle updates. The emitted object is then compared member by member.
// Each difference is reported as a sentence; a difference that is only the server's emitted form
// of the same data (a Polygon ring closed, a File without its url) is reported as form-only.
'use strict';

const { Num, parseLossless, decimal } = require('./lossless-json');

const ABSENT = Symbol('absent');

const isMap = v => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Num);
const show = v => (v === ABSENT ? 'absent' : JSON.stringify(v, (k, x) => (x instanceof Num ? Number(x.text) : x)));

/** The exact instant of an ISO 8601 date-time in the forms clients write, or null. */
function isoInstant(iso) {
  const m = /^([+-]\d{6}|\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?(Z|[+-]\d\d:\d\d)$/.exec(iso);
  if (!m) {
    return null;
  }
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(k => Number(m[k] || 0));
  const fraction = (m[7] || '').padEnd(9, '0');
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(2000, month, 0)).getUTCDate() ||
      (month === 2 && day === 29 && !((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0)) ||
      hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3)));
  let ms = date.getTime();
  if (m[8] !== 'Z') {
    const sign = m[8][0] === '-' ? -1 : 1;
    ms -= sign * (Number(m[8].slice(1, 3)) * 60 + Number(m[8].slice(4, 6))) * 60000;
  }
  return { ms, subMillisecond: /[1-9]/.test(fraction.slice(3)) };
}

function bytesOf(base64) {
  if (typeof base64 !== 'string') {
    return null;
  }
  const standard = /^[A-Za-z0-9+/]*={0,2}$/.test(base64);
  const urlSafe = /^[A-Za-z0-9\-_]*={0,2}$/.test(base64);
  const body = base64.replace(/=+$/, '');
  if ((!standard && !urlSafe) || body.length % 4 === 1 || (base64.includes('=') && base64.length % 4 !== 0)) {
    return null;
  }
  return Buffer.from(base64, standard ? 'base64' : 'base64url').toString('hex');
}

/**
 * Compares a value as written with the value as emitted.
 * @returns {{data: string[], form: string[]}} data differences and form-only differences
 */
function compareValues(input, emitted, path, out, nested) {
  const differ = why => out.data.push(`${path}: ${why}`);
  if (input instanceof Num) {
    if (typeof emitted !== 'number') {
      differ(`the number ${input.text} came back as ${show(emitted)}`);
    } else if (decimal(input.text) !== decimal(JSON.stringify(emitted))) {
      differ(`the number ${input.text} came back as ${JSON.stringify(emitted)}`);
    }
    return;
  }
  if (input === null || typeof input !== 'object') {
    if (input !== emitted) {
      differ(`${show(input)} came back as ${show(emitted)}`);
    }
    return;
  }
  if (Array.isArray(input)) {
    if (!Array.isArray(emitted)) {
      differ(`an array came back as ${show(emitted)}`);
      return;
    }
    if (input.length !== emitted.length) {
      differ(`an array of ${input.length} came back with ${emitted.length} elements`);
      return;
    }
    input.forEach((element, k) => compareValues(element, emitted[k], `${path}[${k}]`, out, true));
    return;
  }
  if (typeof input.__op === 'string' && nested && !out.opsAreData) {
    out.data.push(`${path}: the ${input.__op} operation inside a value is stored as data, not applied`);
  }
  if (typeof input.__type === 'string' && compareTyped(input, emitted, path, out)) {
    return;
  }
  if (!isMap(emitted)) {
    differ(`an object came back as ${show(emitted)}`);
    return;
  }
  for (const key of Object.keys(input)) {
    if (!Object.prototype.hasOwnProperty.call(emitted, key)) {
      differ(`the member ${JSON.stringify(key)} was dropped`);
    } else {
      compareValues(input[key], emitted[key], `${path}.${key}`, out, true);
    }
  }
  for (const key of Object.keys(emitted)) {
    if (!Object.prototype.hasOwnProperty.call(input, key)) {
      differ(`the member ${JSON.stringify(key)} appeared`);
    }
  }
}

/** Typed values compared by meaning; returns false to fall back to a member-wise comparison. */
function compareTyped(input, emitted, path, out) {
  const differ = why => out.data.push(`${path}: ${why}`);
  const emittedType = isMap(emitted) ? emitted.__type : undefined;
  switch (input.__type) {
    case 'Date': {
      const reading = typeof input.iso === 'string' ? isoInstant(input.iso) : null;
      if (emittedType !== 'Date') {
        differ(`a Date came back as ${show(emitted)}`);
      } else if (reading === null) {
        differ(`the date text ${show(input.iso)} has no exact reading; the server stored ${emitted.iso}`);
      } else if (reading.ms !== Date.parse(emitted.iso)) {
        differ(`the date ${input.iso} came back as ${emitted.iso}`);
      } else if (reading.subMillisecond) {
        differ(`the date ${input.iso} lost its sub-millisecond digits (${emitted.iso})`);
      } else if (Object.keys(input).length !== 2) {
        return false;
      }
      return true;
    }
    case 'Bytes': {
      const wanted = bytesOf(input.base64);
      if (emittedType !== 'Bytes') {
        differ(`Bytes came back as ${show(emitted)}`);
      } else if (wanted === null) {
        differ(`the base64 text ${show(input.base64)} has no reading; the server stored ${show(emitted.base64)}`);
      } else if (wanted !== Buffer.from(emitted.base64, 'base64').toString('hex')) {
        differ(`the bytes ${wanted} came back as ${Buffer.from(emitted.base64, 'base64').toString('hex')}`);
      } else if (Object.keys(input).length !== 2) {
        return false;
      }
      return true;
    }
    case 'Polygon': {
      const coords = input.coordinates;
      if (emittedType === 'Polygon' && Array.isArray(coords) && coords.length &&
          Array.isArray(emitted.coordinates) && emitted.coordinates.length === coords.length + 1) {
        const sub = { data: [], form: [] };
        compareValues(
          [...coords, coords[0]], emitted.coordinates, `${path}.coordinates`, sub, true);
        if (sub.data.length === 0 && Object.keys(input).length === 2) {
          out.form.push(`${path}: the Polygon ring is emitted closed (first vertex repeated at the end)`);
          return true;
        }
      }
      return false;
    }
    case 'File': {
      if (emittedType !== 'File' || typeof input.name !== 'string' || input.name !== emitted.name ||
          'url' in emitted) {
        return false;
      }
      if ('url' in input) {
        out.form.push(`${path}: the File url is not stored (only the name is)`);
      }
      for (const key of Object.keys(input).filter(k => !['__type', 'name', 'url'].includes(k))) {
        differ(`the member ${JSON.stringify(key)} was dropped`);
      }
      for (const key of Object.keys(emitted).filter(k => !['__type', 'name'].includes(k))) {
        differ(`the member ${JSON.stringify(key)} appeared`);
      }
      return true;
    }
    default:
      return false;
  }
}

const SERVER_OWNED = ['objectId', 'createdAt', 'updatedAt'];

function relationClass(op) {
  const ops = op.__op === 'Batch' && Array.isArray(op.ops) ? op.ops : [op];
  for (const each of ops) {
    const first = each && Array.isArray(each.objects) ? each.objects[0] : undefined;
    if (first && typeof first.className === 'string') {
      return first.className;
    }
  }
  return undefined;
}

function sameJSON(a, b) {
  return show(a) === show(b);
}

/** The state a top-level field operation leaves on a field the object does not have yet. */
function appliedOperation(op) {
  const list = Array.isArray(op.objects) ? op.objects : [];
  switch (op.__op) {
    case 'Delete':
    case 'Remove':
      return ABSENT;
    case 'Increment':
      return op.amount;
    case 'Add':
      return list;
    case 'AddUnique':
      return list.filter((item, k) => list.findIndex(other => sameJSON(other, item)) === k);
    case 'AddRelation':
    case 'RemoveRelation':
    case 'Batch':
      return { __type: 'Relation', className: relationClass(op) };
    default:
      return op;
  }
}

/** An ACL's `true` grants as sorted `principal:permission` lines (null when it is no ACL map). */
function aclGrants(acl) {
  if (!isMap(acl)) {
    return null;
  }
  const grants = [];
  for (const [principal, perms] of Object.entries(acl)) {
    if (!isMap(perms)) {
      return null;
    }
    for (const permission of ['read', 'write']) {
      if (perms[permission] === true) {
        grants.push(`${JSON.stringify(principal)}:${permission}`);
      }
    }
  }
  return grants.sort();
}

/** Sets a member, even one named `__proto__`, as an own member. */
function put(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The members a relation operation leaves on a fresh object, applying a Batch in order. */
function relationMembers(op) {
  const members = [];
  const apply = each => {
    if (!isMap(each)) {
      return;
    }
    const ids = (Array.isArray(each.objects) ? each.objects : [])
      .map(o => (isMap(o) ? o.objectId : undefined))
      .filter(id => typeof id === 'string');
    if (each.__op === 'AddRelation') {
      ids.filter(id => !members.includes(id)).forEach(id => members.push(id));
    } else if (each.__op === 'RemoveRelation') {
      ids.forEach(id => members.includes(id) && members.splice(members.indexOf(id), 1));
    } else if (each.__op === 'Batch' && Array.isArray(each.ops)) {
      each.ops.forEach(apply);
    }
  };
  apply(op);
  return members;
}

/**
 * Compares a request body with the object a fetch emitted.
 * @param {string} context `value` (the body is `{"f": v}`), `update`, or `object` (a fetched object's fields)
 * @param {string} body the exact body text sent
 * @param {object} emitted the fetched object, as JSON.parse reads the server's response
 * @param {string[]} decoding what decoding the body bytes changed (`invalid-utf8-replaced`, `bom-dropped`)
 * @param {object} relations the related objectIds the join collections hold, by Relation field
 * @param {object} [options] `opsAreData`: the body is the written form of a TVN value (an encode
 *   request), in which a map with an `__op` member is data at every depth, never an operation
 * @returns {{data: string[], form: string[]}}
 */
function compareBody(context, body, emitted, decoding = [], relations = {}, options = {}) {
  // In a fetched object (context `object`, its fields written as a save body) an operation-shaped
  // map inside a value is data, as the server stores and emits it, not a client's lost intent; so
  // it is in the written form of a TVN value, where an operation would be an `op` node.
  const out = { data: [], form: [], opsAreData: context === 'object' || Boolean(options.opsAreData) };
  if (decoding.includes('invalid-utf8-replaced')) {
    out.data.push('the body is not UTF-8: the body decoder replaced the invalid bytes by U+FFFD');
  }
  if (decoding.includes('bom-dropped')) {
    out.form.push('a leading byte-order mark is dropped by the body decoder');
  }
  const { value: written, repeated } = parseLossless(body);
  if (repeated.length) {
    out.form.push(`repeated member names (${[...new Set(repeated)].join(', ')}): the last one is kept`);
  }
  if (!isMap(written)) {
    out.data.push(`the body is ${show(written)}, not an object`);
    return { data: out.data, form: out.form };
  }
  const expected = {};
  for (const [key, member] of Object.entries(written)) {
    let state = member;
    if (context === 'update' && !out.opsAreData && isMap(member) && typeof member.__op === 'string') {
      state = appliedOperation(member);
      if (isMap(state) && state.__type === 'Relation' && Array.isArray(relations[key])) {
        const wanted = relationMembers(member).map(String).sort();
        const held = relations[key].map(String).sort();
        if (show(wanted) !== show(held)) {
          out.data.push(`$.${key}: the relation should hold ${show(wanted)}; the join collection holds ${show(held)}`);
        }
      }
    } else if (key === 'ACL' && member === null) {
      state = ABSENT;
    }
    if (key.includes('.') && context === 'update' && state === ABSENT) {
      continue; // unsetting a path inside a field the fresh object lacks changes nothing
    }
    if (key.includes('.') && context === 'update') {
      const [head, ...rest] = key.split('.');
      if (!Object.prototype.hasOwnProperty.call(expected, head) || !isMap(expected[head])) {
        put(expected, head, {});
      }
      let holder = expected[head];
      for (const part of rest.slice(0, -1)) {
        if (!Object.prototype.hasOwnProperty.call(holder, part) || !isMap(holder[part])) {
          put(holder, part, {});
        }
        holder = holder[part];
      }
      put(holder, rest[rest.length - 1], state);
    } else {
      put(expected, key, state);
    }
  }
  for (const key of new Set([...Object.keys(expected), ...Object.keys(emitted)])) {
    const has = Object.prototype.hasOwnProperty.call(expected, key) && expected[key] !== ABSENT;
    const got = Object.prototype.hasOwnProperty.call(emitted, key);
    if (!has && SERVER_OWNED.includes(key)) {
      continue;
    }
    if (!has && got && isMap(emitted[key]) && emitted[key].__type === 'Relation' &&
        !Object.prototype.hasOwnProperty.call(expected, key)) {
      continue; // a fetch lists every Relation column of the class schema
    }
    const where = context === 'value' && key === 'f' ? '$' : `$.${key}`;
    if (!has && !got) {
      continue;
    }
    if (!got && expected[key] === null) {
      out.form.push(`${where}: null is stored as no value, so a fetch omits the field`);
    } else if (!got) {
      out.data.push(`${where}: ${show(expected[key])} is not in what a fetch emits`);
    } else if (!has) {
      out.data.push(`${where}: a fetch emits ${show(emitted[key])}, which the body did not ask for`);
    } else if (key === 'ACL' && aclGrants(expected[key]) !== null) {
      if (!sameJSON(aclGrants(expected[key]), aclGrants(emitted[key]))) {
        out.data.push(`${where}: the ACL ${show(expected[key])} came back as ${show(emitted[key])}`);
      }
    } else {
      compareValues(expected[key], emitted[key], where, out, false);
    }
  }
  return { data: out.data, form: out.form };
}

module.exports = { compareBody };
