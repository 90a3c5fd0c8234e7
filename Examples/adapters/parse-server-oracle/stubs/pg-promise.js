// Stands in for `pg-promise`: the Postgres adapter is bundled (DatabaseController imports it) but
// never used. Loading it reads its SQL files through QueryFile, which here only remembers the path.
'use strict';

function pgPromise() {
  const error = new Error('the oracle does not model Postgres');
  error.oracleGap = true;
  throw error;
}

pgPromise.QueryFile = class QueryFile {
  constructor(file) {
    this.file = file;
    this.error = undefined;
  }
};

module.exports = pgPromise;
