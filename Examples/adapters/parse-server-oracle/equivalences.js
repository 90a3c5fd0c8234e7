// Proves the corpus's equivalence rules through parse-server: for every case whose `equivalents`
// name rules (Vectors/spec/types.md#CTX-2), the case's canonical form and each equivalent are sent
// through the same path of the server, and what it then holds is compared.
//
// - context `value`: the document as the one field of a save body, `{"f": …}`; `update`: the save
//   body as it is; `object`: the object's fields without objectId, createdAt, updatedAt (which the
//   server sets itself) — each through `rest.create` + `rest.update` (server.js `writePut`). What is
//   compared: the object's stored document (timestamps and id left out), its class schema, the
//   fetched object and the members of each Relation column's join collection.
// - context `query`: the request through `ClassesRouter.handleFind` (query.js `findVerdict`). What is
//   compared: every find and count that reached the collections (filter and options). MongoDB reads
//   `{"f": {"$eq": v}}` as `{"f": v}` (implicit equality), so a sole `$eq` is read as its operand.
// - an encode-error case has no canonical form: each equivalent is compared with its first one.
//
// A `$relativeTime` is read against one fixed instant for both forms, and a Relation's members are
// compared as a set.
//
// A reading (an equivalent with a value and no form: MSG-2) is proven once for its rule, in `readings`.
// The comparison rule of FILE-2 (a File field's url is not compared) is proven on every valid case with a
// File field, written with another url, in `fieldFileURLs`.
//
// A verdict is `same` (the server holds the same), `differs` (with what differs), or
// `not-applicable` (a context the server never reads: a REST message). The results go to
// results/equivalences.json, which `swift test` (ServerEquivalenceProofTests) checks against the
// corpus: every listed equivalent needs a `same` verdict for the form the corpus lists.
//
// Usage: PARSE_SERVER_ORACLE_BUNDLE=… node equivalences.js [output.json]
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { newServer, writePut, fetchAfterWrite } = require('./server');
const { findVerdict, withFilesController } = require('./query');
const { parseLossless, losslessText } = require('./lossless-json');

const SERVER_OWNED = ['objectId', 'createdAt', 'updatedAt'];

/** The text of a wire input of the corpus (`wire`, `wireText`; `canonical`, `canonicalText`). */
function inputText(node, json, text) {
  if (typeof node[text] === 'string') {
    return node[text];
  }
  return Object.prototype.hasOwnProperty.call(node, json) ? losslessText(node[json]) : undefined;
}

/** Every valid case of the corpus, for the comparison rules that hold for every case (FILE-2). */
function validCases(corpus) {
  const found = [];
  const casesDir = path.join(corpus, 'cases');
  for (const area of fs.readdirSync(casesDir).sort()) {
    for (const file of fs.readdirSync(path.join(casesDir, area)).filter(f => f.endsWith('.json')).sort()) {
      const document = parseLossless(fs.readFileSync(path.join(casesDir, area, file), 'utf8')).value;
      found.push(...document.cases.filter(vector => vector.kind === 'valid'));
    }
  }
  return found;
}

/** The document with every File field's url replaced by another one, or null when it has no File field. */
function withOtherFieldFileURLs(text, kind) {
  const document = parseLossless(text).value;
  const isFile = value => value !== null && typeof value === 'object' && !Array.isArray(value) && value.__type === 'File';
  const other = file => ({ ...file, url: 'https://elsewhere.example/other%20name' });
  if (kind === 'value') {
    return isFile(document) ? losslessText(other(document)) : null;
  }
  if (kind !== 'update' || document === null || typeof document !== 'object' || Array.isArray(document)) {
    return null;
  }
  const keys = Object.keys(document).filter(key => isFile(document[key]));
  if (!keys.length) {
    return null;
  }
  const rewritten = { ...document };
  for (const key of keys) {
    rewritten[key] = other(document[key]);
  }
  return losslessText(rewritten);
}

/**
 * Every case of the corpus that lists equivalents, or (implementation-defined) two accepted outcomes of
 * one value with different canonical forms: both are forms a writer may choose between.
 */
function casesWithEquivalents(corpus) {
  const found = [];
  const casesDir = path.join(corpus, 'cases');
  for (const area of fs.readdirSync(casesDir).sort()) {
    for (const file of fs.readdirSync(path.join(casesDir, area)).filter(f => f.endsWith('.json')).sort()) {
      const document = parseLossless(fs.readFileSync(path.join(casesDir, area, file), 'utf8')).value;
      for (const vector of document.cases) {
        if (Array.isArray(vector.equivalents) && vector.equivalents.length) {
          found.push(vector);
        } else if (vector.kind === 'implementation-defined' && Array.isArray(vector.ifAccepted)) {
          const withForms = vector.ifAccepted.filter(each => each.canonical !== undefined || each.canonicalText !== undefined);
          const first = withForms[0];
          const alike = withForms.filter(each => each !== first && losslessText(each.value) === losslessText(first.value));
          if (alike.length) {
            // The first outcome's form stands for the canonical one; the others are its equivalents.
            found.push({ ...vector, kind: 'valid', canonical: first.canonical, canonicalText: first.canonicalText,
              outcomes: true,
              equivalents: alike.map(each => ({ wire: each.canonical, wireText: each.canonicalText, rules: [] })) });
          }
        }
      }
    }
  }
  return found;
}

/** A stored value made comparable: Dates as ISO text, ids and timestamps the server chose removed. */
function comparable(value, objectId) {
  return JSON.parse(
    JSON.stringify(value, (key, inner) => {
      if (['_id', '_created_at', '_updated_at', 'createdAt', 'updatedAt', 'objectId'].includes(key)) {
        return undefined;
      }
      return typeof inner === 'string' && objectId && inner === objectId ? '<objectId>' : inner;
    })
  );
}

/** MongoDB's implicit equality: `{"$eq": v}` alone is `v`. */
function implicitEquality(value) {
  if (Array.isArray(value)) {
    return value.map(implicitEquality);
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$eq') {
      return implicitEquality(value.$eq);
    }
    return Object.fromEntries(keys.map(key => [key, implicitEquality(value[key])]));
  }
  return value;
}

/** What the server holds after one write of `text` in the case's context. */
async function outcome(server, findServer, vector, text, schemas) {
  const kind = vector.context || 'value';
  if (kind === 'query') {
    const verdict = await atFixedTime(() => findVerdict(findServer, text));
    return verdict.accepted
      ? { accepted: true, reached: implicitEquality(JSON.parse(JSON.stringify(verdict.reached))) }
      : { accepted: false, code: verdict.code, message: verdict.message };
  }
  let body = text;
  let className;
  if (kind === 'value') {
    body = `{"f":${text}}`;
  } else if (kind === 'object') {
    const document = parseLossless(text).value;
    const fields = {};
    for (const key of Object.keys(document).filter(each => !SERVER_OWNED.includes(each))) {
      fields[key] = document[key];
    }
    body = losslessText(fields);
    className = vector.className;
  }
  const schema = vector.class ? schemas(vector.class) : undefined;
  const verdict = await writePut(server, body, schema, className);
  if (!verdict.accepted) {
    return { accepted: false, code: verdict.code, message: verdict.message };
  }
  const fetched = await fetchAfterWrite(server, verdict.className, verdict.objectId);
  const memory = server.bundle.memory;
  return comparable({
    accepted: true,
    stored: memory.storedDocuments(verdict.className),
    schema: memory.storedDocuments('_SCHEMA').filter(each => each._id === verdict.className),
    fetched: fetched.emitted ? JSON.parse(fetched.emitted) : fetched,
    // A Relation's members are a set (one join row each, found by relatedId): their row order stores nothing.
    relations: Object.fromEntries(Object.entries(fetched.relations || {}).map(([key, ids]) => [key, [...ids].sort()])),
  }, verdict.objectId);
}

/** The first difference between two outcomes, as a path and the two values, or null. */
function difference(left, right, where = '$') {
  if (JSON.stringify(left) === JSON.stringify(right)) {
    return null;
  }
  const isMap = value => value !== null && typeof value === 'object';
  if (isMap(left) && isMap(right) && Array.isArray(left) === Array.isArray(right)) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
    for (const key of keys) {
      const found = difference(left[key], right[key], `${where}.${key}`);
      if (found) {
        return found;
      }
    }
    return `${where}: the members are in another order`;
  }
  const show = value => (value === undefined ? 'absent' : JSON.stringify(value).slice(0, 300));
  return `${where}: ${show(left)} for the canonical form, ${show(right)} for the equivalent`;
}

/**
 * Runs `work` with the clock stopped at one instant, so that a `$relativeTime` constraint ("in 2
 * weeks") reads the same for both forms of a find.
 */
const RealDate = Date;
const instant = RealDate.now();
async function atFixedTime(work) {
  class FixedDate extends RealDate {
    constructor(...args) {
      super(...(args.length ? args : [instant]));
    }
    static now() {
      return instant;
    }
  }
  global.Date = FixedDate;
  try {
    return await work();
  } finally {
    global.Date = RealDate;
  }
}

async function main() {
  const bundlePath = process.env.PARSE_SERVER_ORACLE_BUNDLE || path.join(__dirname, 'build', 'parse-server-oracle.js');
  if (!fs.existsSync(bundlePath)) {
    process.stderr.write(`equivalences: no bundle at ${bundlePath}; README.md says how to build it\n`);
    process.exit(3);
  }
  process.env.PARSE_SERVER_LOGS_FOLDER = 'null';
  const corpus = process.env.PARSE_SERVER_ORACLE_CORPUS || path.join(__dirname, '..', '..', '..', 'Vectors');
  const output = process.argv[2] || path.join(__dirname, 'results', 'equivalences.json');
  const bundle = require(bundlePath);
  const server = newServer(bundle);
  const findServer = withFilesController(server);
  const schemaCache = new Map();
  const schemas = name => {
    if (!schemaCache.has(name)) {
      schemaCache.set(name, JSON.parse(fs.readFileSync(path.join(corpus, 'classes', `${name}.json`), 'utf8')));
    }
    return schemaCache.get(name);
  };
  const records = [];
  const counts = {};
  for (const vector of casesWithEquivalents(corpus)) {
    const kind = vector.context || 'value';
    const forms = vector.equivalents.map(each => inputText(each, 'wire', 'wireText'));
    const canonical = vector.kind === 'valid' ? inputText(vector, 'canonical', 'canonicalText') : forms[0];
    const base = kind === 'message' ? null : await outcome(server, findServer, vector, canonical, schemas);
    for (const [index, equivalent] of vector.equivalents.entries()) {
      const record = vector.outcomes
        ? { id: vector.id, ifAccepted: vector.ifAccepted.findIndex(each => (each.canonicalText ?? losslessText(each.canonical)) === forms[index]), form: forms[index] }
        : { id: vector.id, index, rules: equivalent.rules || [], form: forms[index] };
      if (kind === 'message') {
        record.verdict = 'not-applicable';
        record.detail = 'a REST message is what the server writes; it reads none';
      } else {
        const found = difference(base, await outcome(server, findServer, vector, forms[index], schemas));
        record.verdict = found ? 'differs' : 'same';
        if (found) {
          record.detail = found;
        }
      }
      counts[record.verdict] = (counts[record.verdict] || 0) + 1;
      records.push(record);
    }
  }
  // FILE-2 as a comparison rule: a File field written with another url stores the same.
  const fieldFileURLs = [];
  for (const vector of validCases(corpus)) {
    const kind = vector.context || 'value';
    const canonical = inputText(vector, 'canonical', 'canonicalText');
    const other = canonical === undefined ? null : withOtherFieldFileURLs(canonical, kind);
    if (other === null) {
      continue;
    }
    const found = difference(await outcome(server, findServer, vector, canonical, schemas),
      await outcome(server, findServer, vector, other, schemas));
    fieldFileURLs.push({ id: vector.id, form: other, verdict: found ? 'differs' : 'same', ...(found ? { detail: found } : {}) });
  }
  // A reading (MSG-2): a create response read with updatedAt equal to createdAt is what the server
  // stores on create. Proven on the stored document of a create: both timestamps are one instant.
  const readings = [];
  {
    bundle.memory.resetMemory();
    bundle.SchemaCache.clear();
    server.database.schemaPromise = null;
    const created = await bundle.rest.create(server.config, server.auth, 'Oracle', { servings: 5 }, undefined, {});
    const [document] = server.bundle.memory.storedDocuments('Oracle').filter(each => each._id === created.response.objectId);
    const iso = value => (value === undefined ? 'absent' : new Date(value).toISOString());
    const same = Boolean(document) && iso(document._created_at) === iso(document._updated_at);
    readings.push({
      rule: 'MSG-2', verdict: same ? 'same' : 'differs',
      detail: `a create stored _created_at ${iso(document && document._created_at)}, _updated_at ${iso(document && document._updated_at)}; `
        + `its response carried ${Object.keys(created.response).sort().join(', ')}`,
    });
  }
  const result = {
    description: 'Each equivalent of the corpus written through parse-server next to its case\'s canonical form '
      + '(equivalences.js): same when the server holds the same from both.',
    parseServer: bundle.version,
    counts,
    records,
    readings,
    fieldFileURLs,
  };
  fs.writeFileSync(output, `${JSON.stringify(result, null, 1)}\n`);
  process.stdout.write(`${records.length} equivalents: ${JSON.stringify(counts)}; `
    + `${fieldFileURLs.length} File fields with another url: ${fieldFileURLs.filter(each => each.verdict === 'same').length} same\n`);
}

if (require.main === module) {
  main().catch(error => {
    process.stderr.write(`${error.stack || error}\n`);
    process.exit(1);
  });
}

module.exports = { implicitEquality, difference, comparable, losslessText, withOtherFieldFileURLs };
