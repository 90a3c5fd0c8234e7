<?php
// A ParseWire conformance adapter (Vectors/INTERPRETING.md §9, profile `client`) around
// parse-php-sdk's own reading and writing of the wire format. Nothing here encodes or decodes a
// Parse type: documents are read by the SDK (`ParseClient::_decode`, `ParseObject::decode`,
// `ParseQuery::find` and `_setConditions`, `ParseClient::_request`) and written by it (the
// object's save body, `ParseQuery::find`'s request), and what it produced is reported as it is.
//
//     PARSE_PHP_SDK=/path/to/parse-php-sdk swift run parse-wire conformance --profile client \
//         --expected-failures Examples/adapters/parse-php-sdk/expected-failures.json \
//         -- php Examples/adapters/parse-php-sdk/adapter.php
//
// Environment: PARSE_PHP_SDK, a checkout of the SDK whose src/ is loaded by a small PSR-4 loader;
// or PARSE_PHP_AUTOLOAD, a Composer `vendor/autoload.php` that loads it (README.md).
// PARSE_PHP_SDK_NO_CHOICES=1 declares no implementation-defined choices.

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\ParseClient;

// stdout carries answers only: PHP's own notices and warnings go to stderr, and execution goes on
// after them as it does in an application (the SDK's behaviour after a warning is its behaviour).
ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');
error_reporting(E_ALL);
set_error_handler(function (int $level, string $message, string $file, int $line): bool {
    fwrite(STDERR, "php: $message at " . basename($file) . ":$line\n");
    return true;
});

if (getenv('PARSE_PHP_AUTOLOAD')) {
    require getenv('PARSE_PHP_AUTOLOAD');
} elseif (getenv('PARSE_PHP_SDK')) {
    $src = rtrim(getenv('PARSE_PHP_SDK'), '/') . '/src/Parse/';
    spl_autoload_register(function (string $class) use ($src): void {
        if (str_starts_with($class, 'Parse\\')) {
            $file = $src . str_replace('\\', '/', substr($class, 6)) . '.php';
            if (is_file($file)) {
                require $file;
            }
        }
    });
} else {
    fwrite(STDERR, "set PARSE_PHP_SDK (an SDK checkout) or PARSE_PHP_AUTOLOAD (vendor/autoload.php)\n");
    exit(3);
}
foreach (['Json', 'Tvn', 'Native', 'TvnWriter', 'StubHttp', 'Sdk', 'Messages', 'Adapter'] as $lib) {
    require __DIR__ . "/lib/$lib.php";
}

// The SDK needs an application id and a server URL; the server is never contacted.
$http = new StubHttp();
ParseClient::initialize('parse-wire-conformance', null, 'parse-wire-master');
ParseClient::setServerURL('http://127.0.0.1:9', 'parse');
ParseClient::setHttpClient($http);

$adapter = new Adapter(new Sdk($http), $http);
while (($line = fgets(STDIN)) !== false) {
    if (trim($line) === '') {
        continue;
    }
    $reply = $adapter->handle(rtrim($line, "\r\n"));
    if ($reply === null) {
        exit(0);
    }
    fwrite(STDOUT, $reply . "\n");
    fflush(STDOUT);
}
