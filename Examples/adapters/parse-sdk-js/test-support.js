// The SDK the adapter's tests (test/) drive: the bundle PARSE_SDK_JS names, or the npm package; `skip` says why not.
'use strict';

function loadSDK() {
  try {
    return process.env.PARSE_SDK_JS ? require(process.env.PARSE_SDK_JS) : require('parse/node');
  } catch {
    return null;
  }
}

const Parse = loadSDK();
const skip = Parse ? false : 'the SDK is not installed (npm install, or set PARSE_SDK_JS)';

module.exports = { Parse, skip };
