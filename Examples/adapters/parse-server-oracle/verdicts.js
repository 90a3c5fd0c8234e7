#!/usr/bin/env node
// Turns the adapter's request log into per-case verdicts of parse-server's write path:
// results/verdicts.json (one entry per decode-error and implementation-defined case, and per
// valid case the server rejects, changes, or emits in another form) and results/verdicts.md
// (counts by area and by verdict).
//
//     node Examples/adapters/parse-server-oracle/verdicts.js results/oracle-log.ndjson.gz
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { compareBody } = require('./compare');
const { judgeQuery } = require('./query-verdicts');

const here = __dirname;
const corpus = path.join(here, '..', '..', '..', 'Vectors');
const logPath = process.argv[2] || path.join(here, 'results', 'oracle-log.ndjson.gz');

function readLog(file) {
  const raw = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const byId = new Map();
  for (const line of text.split('\n')) {
    if (line.trim()) {
      const entry = JSON.parse(line);
      if (!byId.has(entry.id)) {
        byId.set(entry.id, []);
      }
      byId.get(entry.id).push(entry);
    }
  }
  return byId;
}

/** The runner's outcome of each case's first decode check (`oracle.ndjson.gz` beside the log). */
function readRunnerOutcomes(file) {
  const outcomes = new Map();
  if (!fs.existsSync(file)) {
    return outcomes;
  }
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  for (const line of text.split('\n')) {
    if (line.includes('"record":"check"')) {
      const check = JSON.parse(line);
      if (check.op === 'decode' && !outcomes.has(check.id)) {
        outcomes.set(check.id, { outcome: check.outcome, message: check.message });
      }
    }
  }
  return outcomes;
}

function readCases() {
  const cases = [];
  const casesDir = path.join(corpus, 'cases');
  for (const area of fs.readdirSync(casesDir).sort()) {
    for (const file of fs.readdirSync(path.join(casesDir, area)).sort()) {
      if (file.endsWith('.json')) {
        const doc = JSON.parse(fs.readFileSync(path.join(casesDir, area, file), 'utf8'));
        for (const c of doc.cases) {
          cases.push({ ...c, area, file: `cases/${area}/${file}` });
        }
      }
    }
  }
  return cases;
}

const hasLoneSurrogate = text => !text.isWellFormed();

/** Nesting depth of a JSON value (deep values are given as text, so stock JSON readers cope). */
function depthOf(value) {
  if (value === null || typeof value !== 'object') {
    return 0;
  }
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}
const MAX_INLINE_DEPTH = 64;

/** What a fetch emitted that the body concerns: the field `f`, or the object's own fields. */
function emittedPart(entry) {
  const object = JSON.parse(entry.emitted);
  if (entry.context === 'value') {
    return Object.prototype.hasOwnProperty.call(object, 'f') ? { emitted: object.f } : { emitted: null, emittedAbsent: true };
  }
  const written = JSON.parse(entry.body);
  const own = {};
  for (const [key, value] of Object.entries(object)) {
    if (!['objectId', 'createdAt', 'updatedAt'].includes(key) || (written && key in written)) {
      own[key] = value;
    }
  }
  return { emitted: own };
}

/** The verdict on one request. */
function judge(entry) {
  if (entry.notWritten) {
    return { server: 'not-applicable', reason: entry.notWritten };
  }
  if (entry.notRead) {
    return { server: 'not-applicable', reason: entry.notRead };
  }
  if (!entry.accepted) {
    return { server: 'rejects', code: entry.code, message: entry.message };
  }
  if (entry.context === 'query') {
    return { code: null, message: null, ...judgeQuery(entry) };
  }
  if (entry.context === 'message') {
    // A batch whose every request the server answers without an error.
    return { server: 'accepts-keeps', code: null, message: null, responses: entry.response };
  }
  if (entry.context === 'livequery') {
    // A client message the LiveQuery server's request schemas accept: its handler gets it whole.
    return { server: 'accepts-keeps', code: null, message: null, handler: entry.handler };
  }
  if (entry.fetchError) {
    return {
      server: 'accepts-changes',
      code: null,
      message: null,
      why: [`the write is accepted, but a fetch fails: ${entry.fetchError.code}: ${entry.fetchError.message}`],
    };
  }
  const verdict = { code: null, message: null, ...emittedPart(entry) };
  // An encode request's body is the written form of a TVN value: an `__op` member there is data.
  const { data, form } = compareBody(entry.context, entry.body, JSON.parse(entry.emitted), entry.decoding,
    entry.relations, { opsAreData: entry.op === 'encode' });
  if (entry.relations) {
    verdict.relations = entry.relations;
  }
  verdict.server = data.length ? 'accepts-changes' : 'accepts-keeps';
  if (data.length) {
    verdict.why = data;
  }
  if (form.length) {
    verdict.form = form;
  }
  const emittedText = JSON.stringify(verdict.emitted);
  if (emittedText !== undefined && (hasLoneSurrogate(emittedText) || depthOf(verdict.emitted) > MAX_INLINE_DEPTH)) {
    // A lone surrogate escape or a 200-level nesting breaks many JSON readers: give the text.
    verdict.emittedText = emittedText
      .replace(/[\uD800-\uDFFF]/g, unit => `\\u${unit.charCodeAt(0).toString(16)}`);
    delete verdict.emitted;
  }
  return verdict;
}

function inputNames(c) {
  if (c.kind === 'valid') {
    return ['canonical', ...(c.alternates || []).map((_, k) => `alternates[${k}]`)];
  }
  return ['wire'];
}

function build() {
  const log = readLog(logPath);
  const runner = readRunnerOutcomes(path.join(path.dirname(logPath), 'oracle.ndjson.gz'));
  const verdicts = [];
  const notRun = [];
  for (const c of readCases()) {
    if (!['valid', 'decode-error', 'implementation-defined', 'encode-error'].includes(c.kind)) {
      continue;
    }
    const context = c.context || 'value';
    // An encode-error case is judged by its unchecked written form (the adapter's encode answer).
    const entries = (log.get(c.id) || []).filter(e => (e.op === 'encode') === (c.kind === 'encode-error'));
    if (entries.length === 0) {
      const reason = `level ${c.level}, tags ${(c.tags || []).join(' ')} not claimed`;
      notRun.push({ id: c.id, kind: c.kind, area: c.area, context, reason });
      continue;
    }
    const names = inputNames(c);
    const judged = entries.map((entry, k) => ({ input: names[k] || `request ${k}`, ...judge(entry) }));
    const worst =
      judged.find(j => j.server === 'rejects') ||
      judged.find(j => j.server === 'accepts-changes') ||
      judged.find(j => j.form) ||
      judged[0];
    if (c.kind === 'valid' && worst.server === 'accepts-keeps' && !worst.form) {
      continue;
    }
    const entry = { id: c.id, kind: c.kind, area: c.area, context, ...worst };
    if (context === 'object') {
      // A fetched object's fields were written as a save body: the verdict says whether the server
      // could ever emit this document (see README, "Fetched objects").
      entry.via = 'fields written';
    }
    if (c.kind === 'encode-error') {
      // The document is the value's naive wire form: what a writer without the case's check sends.
      entry.via = context === 'object' ? 'unchecked write, fields written' : 'unchecked write';
      if (entries[0].body !== undefined) {
        entry.written = entries[0].body;
      }
    }
    if (entries[0].class) {
      entry.class = entries[0].class;
    }
    if (c.kind === 'decode-error' || c.kind === 'encode-error') {
      entry.expectedError = c.error;
    }
    if (c.kind === 'implementation-defined' && runner.has(c.id)) {
      // accepted: the emitted value is one of the case's ifAccepted outcomes; fail: it is none.
      entry.runnerOutcome = runner.get(c.id).outcome;
    }
    if (c.flags && c.flags.length) {
      entry.flags = c.flags;
    }
    if (judged.length > 1) {
      entry.inputs = judged.map(j => `${j.input}: ${j.server}${j.form ? ' (form differs)' : ''}`);
    }
    verdicts.push(entry);
  }
  return { verdicts, notRun };
}

function table(rows, columns) {
  const lines = [`| area | ${columns.join(' | ')} | total |`, `|---|${columns.map(() => '---:').join('|')}|---:|`];
  const totals = columns.map(() => 0);
  for (const [area, counts] of [...rows.entries()].sort()) {
    const cells = columns.map((col, k) => {
      totals[k] += counts[col] || 0;
      return counts[col] || 0;
    });
    lines.push(`| ${area} | ${cells.join(' | ')} | ${cells.reduce((a, b) => a + b, 0)} |`);
  }
  lines.push(`| **all** | ${totals.join(' | ')} | ${totals.reduce((a, b) => a + b, 0)} |`);
  return lines.join('\n');
}

function countBy(list, keyOf, colOf) {
  const rows = new Map();
  for (const item of list) {
    const key = keyOf(item);
    if (!rows.has(key)) {
      rows.set(key, {});
    }
    const row = rows.get(key);
    row[colOf(item)] = (row[colOf(item)] || 0) + 1;
  }
  return rows;
}

/** A name for the kind of the first data difference of an accepts-changes verdict. */
const CHANGE_KINDS = [
  [/a fetch fails/, 'accepted, but a later fetch fails'],
  [/not UTF-8/, 'invalid UTF-8 replaced by U+FFFD'],
  [/join collection/, 'relation members differ from the operations'],
  [/operation inside a value is stored as data/, 'operation nested in a value stored as data, not applied'],
  [/date text .* has no exact reading/, 'date text with no exact reading (rolled over, or stored as epoch 0)'],
  [/sub-millisecond/, 'date loses its sub-millisecond digits'],
  [/the date .* came back as|a Date came back as/, 'date changed'],
  [/Bytes came back as \{"buffer"/, 'nested Bytes flattened to {buffer, sub_type, position}'],
  [/base64 text|the bytes|Bytes came back/, 'bytes changed (junk base64 decoded to other bytes)'],
  [/the number/, 'number changed (precision, sign of zero, overflow to null)'],
  [/\$\.(createdAt|updatedAt|objectId):/, 'server-owned field ignored'],
  [/\$\.ACL/, 'ACL changed'],
  [/U\+FFFD|\\ufffd|\uFFFD/, 'lone surrogate replaced by U+FFFD'],
  [/was dropped/, 'member dropped'],
  [/appeared/, 'member added'],
];

function changeKind(verdict) {
  const first = (verdict.why || [''])[0];
  const found = CHANGE_KINDS.find(([pattern]) => pattern.test(first));
  return found ? found[1] : 'value changed otherwise';
}

function markdown({ verdicts, notRun }) {
  const verdictCols = ['rejects', 'accepts-keeps', 'accepts-changes'];
  const of = kind => verdicts.filter(v => v.kind === kind);
  const codes = countBy(of('decode-error').filter(v => v.server === 'rejects'), v => String(v.code), () => 'n');
  const changes = countBy(
    verdicts.filter(v => v.server === 'accepts-changes' && v.kind !== 'implementation-defined'),
    changeKind,
    v => v.kind
  );
  return `# parse-server's write path over the corpus: verdicts per case

Generated by \`verdicts.js\` from the adapter's request log (\`oracle-log.ndjson.gz\`) of one run of
the whole corpus through \`adapter.js\` (parse-server 7.4.0-alpha.5, commit 7ea2a2953). Each case's
document went through the real write path as a PUT body (a field value as \`{"f": v}\`, a save body as
it is; a save body of a case that names a \`class\` goes to that class, created first from
\`Vectors/classes/\`), and what a later fetch emits (with the members of each Relation column) was
compared with what the document says (\`compare.js\`):

- **rejects**: the server answers an error (\`code\` is its Parse code; \`null\` when body-parser
  refuses the JSON text before parse-server sees it; 1 for a thrown non-Parse error, which the
  server answers as a bare 500 \`Internal server error.\`).
- **accepts-keeps**: a fetch emits the same data (same instant, same bytes, same exact numbers, same
  members; operations applied to the empty object the oracle updates). \`form\` lists differences of
  form only (a Polygon ring emitted closed, a File without url, a repeated member where the last wins).
- **accepts-changes**: data is lost or changed; \`why\` says where and how.

A find request (area \`query\`) is run through the read path instead (\`query.js\`): accepts-keeps when
the server runs the find the request states, accepts-changes when it runs another one (\`why\`, from
what reached the collections, \`reached\`). A batch request goes through \`batch.js\`; the responses of
area \`messages\` are \`not-applicable\`: the server writes them and never reads one.

## decode-error cases (${of('decode-error').length} run)

${table(countBy(of('decode-error'), v => v.area, v => v.server), [...verdictCols, 'not-applicable'])}

A fetched object (context \`object\`) is judged by writing its fields as a save body of its class
(\`via: "fields written"\`): \`rejects\` and \`accepts-changes\` mean the server never emits that
document; \`not-applicable\` marks one whose \`objectId\`, \`createdAt\` or \`updatedAt\` is not in the
form the server writes, which no write produces.

Rejections by Parse code: ${[...codes.entries()].sort((a, b) => b[1].n - a[1].n).map(([c, n]) => `${c === 'null' ? 'body-parser' : c} × ${n.n}`).join(', ')}.

What the changes are (first data difference of each accepts-changes verdict):

${table(changes, ['decode-error', 'valid']).replace('| area |', '| change |')}

Where these come from in the server's code:

- *nested Bytes*: \`transformInteriorValue\` turns a Bytes value inside an array or object into a
  BSON \`Binary\` and then copies it member by member like any object, so what is stored and
  emitted is \`{"buffer":{"0":104,…},"sub_type":0,"position":2}\`; Bytes as a top-level field are fine.
- *dates*: V8 reads the \`iso\` text; a day past the month's end up to 31 rolls over (\`2022-02-30\` is
  stored as 2022-03-02), and text V8 cannot read makes an Invalid Date, which BSON stores as
  1970-01-01T00:00:00.000Z.
- *lone surrogates*: \`JSON.parse\` accepts them, BSON writes strings as UTF-8, so they come back as U+FFFD.
- *operations inside values*: stored as plain data (interior values are not operations).

## encode-error cases (${of('encode-error').length} run)

${table(countBy(of('encode-error'), v => v.area, v => v.server), [...verdictCols, 'not-applicable'])}

An encode-error case is judged by the document a writer *without the case's check* sends
(\`via: "unchecked write"\`, the value's naive wire form, \`written\`): the adapter answers the case's
encode request by sending that document through the same write path. \`rejects\` means the server
refuses what the check refuses; \`accepts-keeps\` that it stores the data the value holds (the check
only keeps one canonical form); \`accepts-changes\` that it stores other data.

Rejections by Parse code: ${[...countBy(of('encode-error').filter(v => v.server === 'rejects'), v => String(v.code), () => 'n').entries()].sort((a, b) => b[1].n - a[1].n).map(([c, n]) => `${c === 'null' ? 'body-parser' : c} × ${n.n}`).join(', ')}.

## valid cases the server rejects, changes or emits in another form (${of('valid').length})

${table(countBy(of('valid'), v => v.area, v => (v.server === 'accepts-keeps' ? 'form only' : v.server)), ['rejects', 'accepts-changes', 'form only'])}

## implementation-defined cases (${of('implementation-defined').length} run)

${table(countBy(of('implementation-defined'), v => v.area, v => v.server), verdictCols)}

The runner's reading of the same checks (\`runnerOutcome\`: \`accepted\` when what the server emits
is one of the case's \`ifAccepted\` outcomes, \`fail\` when it is none of them, \`rejected\`):

${table(countBy(of('implementation-defined'), v => v.area, v => v.runnerOutcome || 'none'), ['accepted', 'fail', 'rejected'])}

## Not run (${notRun.length})

${table(countBy(notRun, v => v.area, v => `${v.kind}, optional`),
    ['valid, optional', 'decode-error, optional', 'implementation-defined, optional'])}

Cases at level \`optional\` run only for an adapter that claims all their tags; the oracle claims
\`op\`, \`relation\`, \`object\` and \`typed-record\`. Their ids are in \`not-run.json\`.
`;
}

/** The corpus's copy of the verdicts (`Vectors/server-verdicts.json`), which `vectors lint` reads. */
function serverVerdicts({ verdicts }) {
  // An array of pairs, not an object: JavaScript puts integer-like keys ("272490") first.
  const cases = [];
  for (const v of [...verdicts].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const entry = { server: v.server };
    if (v.server === 'rejects') {
      entry.code = v.code;
    }
    if (v.via) {
      entry.via = v.via;
    }
    if (v.reason) {
      entry.reason = v.reason;
    }
    cases.push([v.id, entry]);
  }
  const lines = cases.map(([id, entry]) => `    ${JSON.stringify(id)}: ${JSON.stringify(entry).replace(/","/g, '", "').replace(/":/g, '": ').replace(/,"/g, ', "')}`);
  const description = 'What parse-server\'s own write path does with each case\'s document, as recorded by the ' +
    'parse-server oracle adapter (Examples/adapters/parse-server-oracle): a field value is sent as the PUT body ' +
    '{"f": v}, a save body as it is, and a fetched object (context object, "via": "fields written") as a save body ' +
    'of its fields without objectId, createdAt and updatedAt, which the server writes itself. A find request ' +
    '(context query) goes through the server\'s read path as a client\'s POST /classes/<class> with _method GET, a ' +
    'batch request (context message) through batch.js. rejects (with its Parse code; null when the request is ' +
    'refused before parse-server reads it: JSON text body-parser refuses, a _method no find route takes): the server ' +
    'never stores, so never emits, this document, or refuses the request; accepts-keeps: a later fetch emits the same ' +
    'data, or the server runs the find the request states; accepts-changes: data lost or changed, or the server runs ' +
    'another find (a constraint dropped or altered, a parameter handed on with no meaning); not-applicable (with the ' +
    'reason): a fetched object whose objectId, createdAt or updatedAt is not in the form the server writes it, which ' +
    'no write can produce, or a REST response, which the server writes and never reads. An encode-error case is ' +
    'judged by the document a writer without the case\'s check sends ("via": "unchecked write"): the naive wire form ' +
    'of its value, written as above. \'parse-wire vectors lint\' checks that every decode-error and encode-error ' +
    'case has a verdict and that one the server accepts carries exactly one of the flags ServerMangles and CanonicalOnly.';
  return `{\n  "description": ${JSON.stringify(description)},\n  "cases": {\n${lines.join(',\n')}\n  }\n}\n`;
}

const result = build();
fs.writeFileSync(path.join(corpus, 'server-verdicts.json'), serverVerdicts(result));
const out = path.join(here, 'results');
fs.writeFileSync(path.join(out, 'verdicts.json'), `${JSON.stringify(result.verdicts, null, 1)}\n`);
fs.writeFileSync(path.join(out, 'not-run.json'), `${JSON.stringify(result.notRun, null, 1)}\n`);
fs.writeFileSync(path.join(out, 'verdicts.md'), markdown(result));
process.stdout.write(`${result.verdicts.length} verdicts, ${result.notRun.length} cases not run\n`);
