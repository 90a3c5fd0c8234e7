// Stands in for the `punycode` package path that parse-server's vendored URL parser requires:
// Node's own built-in module has the same interface.
'use strict';

module.exports = require('node:punycode');
