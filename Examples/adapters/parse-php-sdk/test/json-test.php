<?php
// Checks of the adapter's own JSON reader and writer (lib/Json.php), run by hand:
//     php Examples/adapters/parse-php-sdk/test/json-test.php
// It exits 1 and names the failed checks when one fails.

declare(strict_types=1);

namespace ParseWireAdapter;

require __DIR__ . '/../lib/Json.php';

$failed = 0;
function check(string $name, bool $ok): void
{
    global $failed;
    if (!$ok) {
        $failed++;
        fwrite(STDERR, "FAIL $name\n");
    }
}

function rejects(string $text): bool
{
    try {
        Json::read($text);
        return false;
    } catch (JsonError) {
        return true;
    }
}

// An empty object and an empty array stay apart (json_decode(…, true) cannot tell them apart).
check('empty object is a JsonObject', Json::read('{}') instanceof JsonObject);
check('empty array is a list', Json::read('[]') === []);
check('empty object written as {}', Json::write(Json::read('{}')) === '{}');
check('empty array written as []', Json::write(Json::read('[]')) === '[]');

// Members keep their order; a numeric key is written back as a string key.
$text = '{"b":1,"a":[true,false,null],"0":"x","":{"k":-2.5e3}}';
check('round trip keeps order and keys', Json::write(Json::read($text)) === '{"b":1,"a":[true,false,null],"0":"x","":{"k":-2500.0}}');

// The last of repeated names wins, as in every JSON reader the protocol meets.
check('duplicate name keeps the last', Json::read('{"a":1,"a":2}')->members['a'] === 2);

// Escapes: every short escape, a BMP \u escape, a surrogate pair; the writer escapes only what it must.
$s = Json::read('"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"');
check('escapes decoded', $s === "\"\\/\x08\f\n\r\té😀");
check('string written back', Json::write($s) === '"\"\\\\/\b\f\n\r\té😀"');
check('control characters escaped', Json::write("\x01") === '"\u0001"');

// TVN numbers travel as strings and are kept as text; protocol numbers are ints.
check('seq read as int', Json::read('{"seq":12}')->members['seq'] === 12);
check('TVN number text untouched', Json::read('{"number":"9007199254740993"}')->members['number'] === '9007199254740993');

// Depth: 200,000 levels, beyond PHP's own parser (which gives up near 10,000 whatever depth is passed).
$deep = str_repeat('[', 200000) . '1' . str_repeat(']', 200000);
$value = Json::read($deep);
check('deep array read and written', Json::write($value) === $deep);
Json::release($value);
$deepObject = str_repeat('{"a":', 100000) . '{}' . str_repeat('}', 100000);
$value = Json::read($deepObject);
check('deep object read and written', Json::write($value) === $deepObject);
Json::release($value);
check('released value is gone', $value === null);

// Malformed input is an error, never a value.
foreach (['', '{', '[1,]', '{"a"}', '{"a":1,}', '01', '1 2', '"\\x"', '"\\ud800"', "\"\xff\"", 'nul', '-', '[1]x'] as $bad) {
    check('rejects ' . json_encode($bad, JSON_INVALID_UTF8_SUBSTITUTE), rejects($bad));
}

// The writer refuses what JSON cannot hold instead of writing something else.
foreach ([INF, NAN, "\xff"] as $bad) {
    try {
        Json::write([$bad]);
        check('writer refuses ' . var_export($bad, true), false);
    } catch (JsonError) {
    }
}

echo $failed === 0 ? "json-test: all checks passed\n" : "json-test: $failed checks failed\n";
exit($failed === 0 ? 0 : 1);
