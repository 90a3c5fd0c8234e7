// What the adapter reads from the corpus itself, because the protocol does not carry it: the class
// schema of every case that names one, and every case's kind.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/**
 * The class schema of every case that names one, by case id. The protocol does not carry a case's
 * `class`, so the adapter reads the corpus itself; without a corpus it claims no `typed-record`.
 */
function classSchemasById(corpus) {
  const byId = new Map();
  const casesDir = path.join(corpus, 'cases');
  if (!fs.existsSync(casesDir)) {
    return byId;
  }
  const schemas = new Map();
  for (const area of fs.readdirSync(casesDir)) {
    for (const file of fs.readdirSync(path.join(casesDir, area)).filter(f => f.endsWith('.json'))) {
      const doc = JSON.parse(fs.readFileSync(path.join(casesDir, area, file), 'utf8'));
      for (const c of doc.cases.filter(each => each.class)) {
        if (!schemas.has(c.class)) {
          const schemaPath = path.join(corpus, 'classes', `${c.class}.json`);
          schemas.set(c.class, JSON.parse(fs.readFileSync(schemaPath, 'utf8')));
        }
        byId.set(c.id, schemas.get(c.class));
      }
    }
  }
  return byId;
}

/**
 * The kind of every case, by id: encode requests are answered for `encode-error` cases only (the
 * protocol does not carry a case's kind).
 */
function caseKindsById(corpus) {
  const byId = new Map();
  const casesDir = path.join(corpus, 'cases');
  if (!fs.existsSync(casesDir)) {
    return byId;
  }
  for (const area of fs.readdirSync(casesDir)) {
    for (const file of fs.readdirSync(path.join(casesDir, area)).filter(f => f.endsWith('.json'))) {
      for (const c of JSON.parse(fs.readFileSync(path.join(casesDir, area, file), 'utf8')).cases) {
        byId.set(c.id, c.kind);
      }
    }
  }
  return byId;
}

module.exports = { classSchemasById, caseKindsById };
