#!/usr/bin/env node
// Says, for every check the runner failed in an oracle run, why the server's answer differs from
// the case's expectation, and writes the run's summary (results/summary-<corpus version>.txt).
// A failure nothing below explains is listed as unexplained and makes the script exit 1.
//
//     node Examples/adapters/parse-server-oracle/explain.js [--authority FILE] [results/oracle.ndjson.gz] [results/verdicts.json]
//
// With --authority, it also writes FILE (Vectors/results/parse-server-oracle/authority.json): the
// explanation of every failed check by name, and the SHA-256 of the report's text, so that
// 'parse-wire report publish' presents the server's column as what the server did, not as a verdict.
// The report published beside FILE must hold the same text as the one explained.
//
// Run verdicts.js first: the explanations read its verdict on each case (what the server kept).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const here = __dirname;
const corpus = path.join(here, '..', '..', '..', 'Vectors');
const args = process.argv.slice(2);
let authorityPath = null;
const authorityAt = args.indexOf('--authority');
if (authorityAt >= 0) {
  authorityPath = args[authorityAt + 1];
  if (!authorityPath) {
    process.stderr.write('explain.js: --authority needs a file\n');
    process.exit(2);
  }
  args.splice(authorityAt, 2);
}
const reportPath = args[0] || path.join(here, 'results', 'oracle.ndjson.gz');
const verdictsPath = args[1] || path.join(here, 'results', 'verdicts.json');

function readReport(file) {
  const raw = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const records = text.split('\n').filter(line => line.trim()).map(line => JSON.parse(line));
  return {
    sha256: crypto.createHash('sha256').update(text, 'utf8').digest('hex'),
    header: records.find(r => r.record === 'header'),
    footer: records.find(r => r.record === 'footer'),
    checks: records.filter(r => r.record === 'check'),
  };
}

function readCases() {
  const cases = new Map();
  const casesDir = path.join(corpus, 'cases');
  for (const area of fs.readdirSync(casesDir).sort()) {
    for (const file of fs.readdirSync(path.join(casesDir, area)).sort()) {
      if (file.endsWith('.json')) {
        for (const c of JSON.parse(fs.readFileSync(path.join(casesDir, area, file), 'utf8')).cases) {
          cases.set(c.id, c);
        }
      }
    }
  }
  return cases;
}

const sharedFlags = JSON.parse(fs.readFileSync(path.join(corpus, 'flags.json'), 'utf8'));
const divergenceFlags = new Set(Object.keys(sharedFlags).filter(name => sharedFlags[name].category === 'known-divergence'));
const serverFlags = ['ServerMangles', 'CanonicalOnly'];

/**
 * The explanations, in the order they are tried. Each names what explains a failed check and where
 * that is written down; `applies` gets the case, the server's verdict on it (`undefined` for a valid
 * case the server keeps in the same form: verdicts.js lists only the others) and the check.
 */
const EXPLANATIONS = [
  {
    name: 'flagged',
    text: 'decode-error cases the server accepts, each flagged ServerMangles or CanonicalOnly (a strict reader must reject them; under the client profile only ServerMangles is enforced)',
    applies: (c, verdict) => c.kind === 'decode-error' && verdict && verdict.server !== 'rejects' &&
      (c.flags || []).filter(flag => serverFlags.includes(flag)).length === 1,
    detail: c => c.flags.find(flag => serverFlags.includes(flag)),
  },
  {
    name: 'flagged-write',
    text: 'encode-error cases whose unchecked written form the server accepts (the oracle answers with that form), each flagged ServerMangles or CanonicalOnly (a strict writer must refuse them; under the client profile only ServerMangles is enforced)',
    applies: (c, verdict) => c.kind === 'encode-error' && verdict && verdict.server !== 'rejects' &&
      (c.flags || []).filter(flag => serverFlags.includes(flag)).length === 1,
    detail: c => c.flags.find(flag => serverFlags.includes(flag)),
  },
  {
    name: 'known-divergence',
    text: 'valid cases flagged NestedBytes or StorageRefuses (known-divergence: the server changes or refuses valid data)',
    applies: c => (c.flags || []).some(flag => divergenceFlags.has(flag)),
    detail: c => c.flags.find(flag => divergenceFlags.has(flag)),
  },
  {
    name: 'direction',
    text: 'valid cases marked `direction`: emitted (a form the server emits and refuses as a written field) or written (ACL deletion: the server keeps an empty ACL)',
    applies: c => c.kind === 'valid' && Boolean(c.direction),
    detail: c => c.direction,
  },
  {
    name: 'state-after-update',
    text: 'save bodies the server keeps as written (verdict accepts-keeps: operations applied, dot paths set, a null stored as no value), answered by the oracle as the object\'s state after the update, not as the body (oracle modelling, README "Results")',
    applies: (c, verdict) => (c.context === 'update') && c.kind !== 'decode-error' && (!verdict || verdict.server === 'accepts-keeps'),
    detail: c => c.kind,
  },
  {
    name: 'number-lost',
    text: 'implementation-defined cases flagged NumberBeyondDouble that the server loses (JavaScript reads ±1e400 as ±Infinity and emits null, as the flag says): the case accepts only keeping the number or rejecting it',
    applies: (c, verdict) => c.kind === 'implementation-defined' && (c.flags || []).includes('NumberBeyondDouble') &&
      verdict && verdict.server === 'accepts-changes',
    detail: () => 'NumberBeyondDouble',
  },
];

function explain() {
  const report = readReport(reportPath);
  const cases = readCases();
  const verdicts = new Map(JSON.parse(fs.readFileSync(verdictsPath, 'utf8')).map(v => [v.id, v]));
  const explained = new Map(EXPLANATIONS.map(e => [e.name, { explanation: e, checks: 0, details: new Map(), names: new Map() }]));
  const unexplained = [];
  for (const check of report.checks.filter(r => r.outcome === 'fail')) {
    const c = cases.get(check.id);
    const verdict = verdicts.get(check.id);
    const found = c && EXPLANATIONS.find(e => e.applies(c, verdict, check));
    const name = `${check.id} ${check.op} ${check.input}`;
    if (!found) {
      unexplained.push({ name, message: check.message });
      continue;
    }
    const entry = explained.get(found.name);
    entry.checks += 1;
    const detail = found.detail(c);
    entry.details.set(detail, (entry.details.get(detail) || 0) + 1);
    entry.names.set(detail, [...(entry.names.get(detail) || []), name]);
  }
  return { report, explained, unexplained };
}

// What `parse-wire report publish` reads: each explanation's checks by detail, in report order.
function authority({ report, explained, unexplained }) {
  const byExplanation = {};
  for (const [name, { names }] of explained) {
    if (names.size) {
      byExplanation[name] = Object.fromEntries([...names.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
    }
  }
  return {
    role: 'authority',
    description: 'Marks parse-server as the authority of the wire format: the page and summary.md present its results as what ' +
      'the server did with each case. "explained" names, per explanation of explain.js (Examples/adapters/parse-server-oracle/' +
      'README.md) and its detail (a flag, a direction, a kind), every check the runner failed; "unexplained" the others. ' +
      'reportSha256 is the SHA-256 of the report\'s text (results.ndjson.gz, decompressed) these explain.',
    reportSha256: report.sha256,
    explained: byExplanation,
    unexplained: unexplained.map(u => u.name),
  };
}

function summary({ report, explained, unexplained }) {
  const counts = report.footer.counts;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const order = ['pass', 'fail', 'error', 'timeout', 'crash', 'skip', 'unsupported', 'tolerated', 'xfail', 'xpass', 'accepted', 'rejected'];
  const lines = [
    `The corpus ${report.header.corpusVersion} through the oracle (${report.header.implementation.name} ${report.header.implementation.version}), ` +
      `${report.header.profile} profile, ${report.header.started.slice(0, 10)}:`,
    '',
    `Counts: ${order.map(name => `${counts[name] || 0} ${name}`).join(', ')} (${total} checks)`,
    '',
    `The ${counts.fail} failures, by what explains them (explain.js):`,
  ];
  for (const { explanation, checks, details } of explained.values()) {
    if (checks === 0) {
      continue;
    }
    const parts = [...details.entries()].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${n}`).join(', ');
    lines.push(`  ${String(checks).padStart(5)}  ${explanation.text} [${parts}]`);
  }
  lines.push(`  ${String(unexplained.length).padStart(5)}  not explained`);
  for (const { name, message } of unexplained) {
    lines.push(`         ${name}: ${message}`);
  }
  const skips = report.checks.filter(r => r.outcome === 'skip');
  const objectSkips = skips.filter(r => r.message.includes('a fetched object is what parse-server emits')).length;
  const responseSkips = skips.filter(r => r.message.includes('and never reads one')).length;
  const batchSkips = skips.filter(r => r.message.includes('ran every request of this batch')).length;
  const encodeSkips = skips.filter(r => r.message.includes('it is no encoder of valid values')).length;
  lines.push('', `The ${counts.skip} skips: ${objectSkips} object-context checks (a fetched object is what the server emits, ` +
    'not what its write path reads; Vectors/server-verdicts.json has the verdict on writing its fields), ' +
    `${responseSkips} REST responses (the server writes them and never reads one: verdict not-applicable), ` +
    `${batchSkips} batch requests the server runs without an error (the request log has each answer), ` +
    `${encodeSkips} encode checks of cases other than encode-error (the oracle writes only encode-error cases' values, ` +
    'to see what the server does with an unchecked writer\'s document), and ' +
    `${skips.length - objectSkips - responseSkips - batchSkips - encodeSkips} documents the server accepts and emits in a form an answer cannot carry ` +
    '(nesting deeper than 512, a lone surrogate; verdicts.json has the emitted text).');
  return `${lines.join('\n')}\n`;
}

const result = explain();
const text = summary(result);
const out = path.join(here, 'results', `summary-${result.report.header.corpusVersion}.txt`);
fs.writeFileSync(out, text);
process.stdout.write(text);
if (authorityPath) {
  fs.writeFileSync(authorityPath, `${JSON.stringify(authority(result), null, 1)}\n`);
}
process.exitCode = result.unexplained.length ? 1 : 0;
