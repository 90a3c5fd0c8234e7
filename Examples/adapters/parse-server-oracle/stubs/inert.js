// Stands in for modules the oracle never exercises but that parse-server loads (winston and its
// rotating file transport, the Postgres monitor, bcrypt, uuid, the SDK's promise
// helpers): every property, call and construction yields the same inert value, and a logging
// call does nothing.
'use strict';

const inert = new Proxy(function inertValue() {}, {
  get(target, property) {
    if (property === 'then') {
      return undefined;
    }
    if (property === '__esModule') {
      return true;
    }
    if (property === Symbol.toPrimitive) {
      return () => '';
    }
    if (property === Symbol.iterator) {
      return function* nothing() {};
    }
    return inert;
  },
  apply() {
    return inert;
  },
  construct() {
    return inert;
  },
});

module.exports = inert;
