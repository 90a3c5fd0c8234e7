// Stands in for the `intersect` package: the members of the first array that the second also holds.
'use strict';

function intersect(a, b) {
  if (b === undefined) {
    return a.reduce((common, list) => common.filter(item => list.includes(item)));
  }
  return a.filter(item => b.includes(item));
}

module.exports = intersect;
module.exports.default = intersect;
