// Stands in for `express` inside the oracle bundle: parse-server's PromiseRouter loads it to build
// an express router, which the oracle never does (see lib/router/layer.js for what it does use).
'use strict';

module.exports = require('../inert');
