// Stands in for the `deepcopy` package (RestWrite copies every request body with it). What
// matters for the oracle is the package's documented copying rule for plain data: arrays and
// plain objects are rebuilt member by member with ordinary assignment, so a member literally
// named `__proto__` (which JSON.parse creates as an own member) is not copied as a member: the
// assignment goes to the copy's prototype instead. Dates are copied as Dates.
'use strict';

function deepcopy(value) {
  if (value instanceof Date) {
    return new Date(value.getTime());
  }
  if (Array.isArray(value)) {
    const copy = [];
    for (const key of Object.keys(value)) {
      copy[key] = deepcopy(value[key]);
    }
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy = {};
    for (const key of Object.keys(value)) {
      copy[key] = deepcopy(value[key]);
    }
    return copy;
  }
  return value;
}

module.exports = deepcopy;
module.exports.default = deepcopy;
