// The entry point of the oracle bundle: the parse-server modules that the adapter drives (the write
// path; the find route and the batch handler for find and batch requests).
// It is copied into the root of the type-stripped parse-server tree (beside `src/`) and bundled
// from there; see README.md. It holds no logic of its own.
'use strict';

module.exports = {
  rest: require('./src/rest'),
  Auth: require('./src/Auth'),
  DatabaseController: require('./src/Controllers/DatabaseController'),
  MongoStorageAdapter: require('./src/Adapters/Storage/Mongo/MongoStorageAdapter').default,
  SchemaCache: require('./src/Adapters/Cache/SchemaCache').default,
  Config: require('./src/Config'),
  AppCache: require('./src/cache').AppCache,
  ParseServerOptions: require('./src/Options/Definitions').ParseServerOptions,
  ClassesRouter: require('./src/Routers/ClassesRouter').default,
  batch: require('./src/batch'),
  // The LiveQuery server's check of a client's message (ParseLiveQueryServer._onConnect).
  LiveQueryRequestSchema: require('./src/LiveQuery/RequestSchema').default,
  tv4: require('tv4'),
  // What the LiveQuery server writes on a socket (pushConnect, pushSubscribe, pushError, the events).
  LiveQueryClient: require('./src/LiveQuery/Client').Client,
  Parse: require('parse/node'),
  memory: require('mongodb'),
  version: require('./package.json').version,
};
