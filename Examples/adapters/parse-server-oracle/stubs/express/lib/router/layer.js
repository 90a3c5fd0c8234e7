// Stands in for express's route layer (`express/lib/router/layer`) inside the oracle bundle:
// parse-server's PromiseRouter uses it only to match a request path against a route path with
// `:name` segments (the routing of a batch's requests). Like express's default, matching ignores
// case and one trailing slash; nothing else of express is modelled.
'use strict';

class Layer {
  constructor(path, options, handle) {
    this.path = path;
    this.handle = handle;
    this.params = undefined;
  }

  match(path) {
    const trim = text => (text.length > 1 && text.endsWith('/') ? text.slice(0, -1) : text);
    const wanted = trim(this.path).split('/');
    const given = trim(path).split('/');
    if (wanted.length !== given.length) {
      return false;
    }
    const params = {};
    for (let k = 0; k < wanted.length; k += 1) {
      if (wanted[k].startsWith(':')) {
        if (given[k] === '') {
          return false;
        }
        params[wanted[k].slice(1)] = decodeURIComponent(given[k]);
      } else if (wanted[k].toLowerCase() !== given[k].toLowerCase()) {
        return false;
      }
    }
    this.params = params;
    return true;
  }
}

module.exports = Layer;
