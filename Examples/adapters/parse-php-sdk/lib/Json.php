<?php
// The adapter's own JSON for its protocol lines (Vectors/INTERPRETING.md §9). PHP's json_decode
// cannot be used for them: as an associative array it cannot tell `{}` from `[]`, and it refuses
// nesting deeper than its parser stack (about 10,000 levels) whatever depth is passed, while an
// encode request may carry TVN nested far deeper. Neither limit may change what the adapter
// reports about the SDK, so requests are read and answers written here, without recursion.
// The SDK's own reading of a wire document is left to the SDK (`json_decode($response, true)`).

declare(strict_types=1);

namespace ParseWireAdapter;

/** A JSON object as read: its members in order, the last of a repeated name kept. */
final class JsonObject
{
    /** @var array<string|int, mixed> */
    public array $members = [];

    /** @param array<string|int, mixed> $members */
    public function __construct(array $members = [])
    {
        $this->members = $members;
    }

    /** The member names as strings (PHP turns a key such as "1" into an int). */
    public function keys(): array
    {
        return array_map('strval', array_keys($this->members));
    }
}

final class JsonError extends \Exception
{
}

final class Json
{
    /**
     * Reads one JSON text: objects become JsonObject, arrays PHP lists, numbers int or float
     * (the protocol's numbers are small integers; TVN numbers travel as strings).
     */
    public static function read(string $text): mixed
    {
        $n = strlen($text);
        $i = 0;
        // Each frame: [JsonObject|array container, pending key or null].
        $stack = [];
        $root = null;
        $haveRoot = false;
        $expectValue = true;
        while (true) {
            $i = self::skipSpace($text, $i, $n);
            if ($expectValue) {
                if ($i >= $n) {
                    throw new JsonError('unexpected end of text');
                }
                $c = $text[$i];
                $value = null;
                $opened = false;
                if ($c === '{') {
                    $i = self::skipSpace($text, $i + 1, $n);
                    if ($i < $n && $text[$i] === '}') {
                        $value = new JsonObject();
                        $i++;
                    } else {
                        $stack[] = [new JsonObject(), self::readKey($text, $i, $n)];
                        $opened = true;
                    }
                } elseif ($c === '[') {
                    $i = self::skipSpace($text, $i + 1, $n);
                    if ($i < $n && $text[$i] === ']') {
                        $value = [];
                        $i++;
                    } else {
                        $stack[] = [[], null];
                        $opened = true;
                    }
                } elseif ($c === '"') {
                    $value = self::readString($text, $i, $n);
                } elseif (preg_match('/\G-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/', $text, $m, 0, $i) && $m[0] !== '' && $m[0] !== '-') {
                    $i += strlen($m[0]);
                    $value = (isset($m[1]) && $m[1] !== '') || (isset($m[2]) && $m[2] !== '') ? (float) $m[0] : self::integer($m[0]);
                } elseif (substr_compare($text, 'true', $i, 4) === 0) {
                    $value = true;
                    $i += 4;
                } elseif (substr_compare($text, 'false', $i, 5) === 0) {
                    $value = false;
                    $i += 5;
                } elseif (substr_compare($text, 'null', $i, 4) === 0) {
                    $value = null;
                    $i += 4;
                } else {
                    throw new JsonError("unexpected character at offset $i");
                }
                if ($opened) {
                    continue;
                }
                // A complete value: hand it to the container, or it is the root.
                if (!$stack) {
                    $root = $value;
                    $haveRoot = true;
                    $expectValue = false;
                    continue;
                }
                $top = count($stack) - 1;
                if ($stack[$top][0] instanceof JsonObject) {
                    $stack[$top][0]->members[$stack[$top][1]] = $value;
                } else {
                    $stack[$top][0][] = $value;
                }
                $expectValue = false;
                continue;
            }
            // After a value: a separator, a close, or the end.
            if (!$stack) {
                if ($i !== $n) {
                    throw new JsonError("text after the value at offset $i");
                }
                return $root;
            }
            if ($i >= $n) {
                throw new JsonError('unexpected end of text');
            }
            $top = count($stack) - 1;
            $isObject = $stack[$top][0] instanceof JsonObject;
            $c = $text[$i];
            if ($c === ',') {
                $i++;
                if ($isObject) {
                    $i = self::skipSpace($text, $i, $n);
                    $stack[$top][1] = self::readKey($text, $i, $n);
                }
                $expectValue = true;
            } elseif (($isObject && $c === '}') || (!$isObject && $c === ']')) {
                $i++;
                $frame = array_pop($stack);
                $value = $frame[0];
                if (!$stack) {
                    $root = $value;
                    $haveRoot = true;
                } else {
                    $top = count($stack) - 1;
                    if ($stack[$top][0] instanceof JsonObject) {
                        $stack[$top][0]->members[$stack[$top][1]] = $value;
                    } else {
                        $stack[$top][0][] = $value;
                    }
                }
            } else {
                throw new JsonError("expected , or a close at offset $i");
            }
        }
    }

    private static function integer(string $digits): int|float
    {
        $int = filter_var($digits, FILTER_VALIDATE_INT);
        return $int === false ? (float) $digits : $int;
    }

    private static function skipSpace(string $text, int $i, int $n): int
    {
        while ($i < $n && ($text[$i] === ' ' || $text[$i] === "\t" || $text[$i] === "\n" || $text[$i] === "\r")) {
            $i++;
        }
        return $i;
    }

    /** A member name and its colon; leaves $i at the value. */
    private static function readKey(string $text, int &$i, int $n): string
    {
        if ($i >= $n || $text[$i] !== '"') {
            throw new JsonError("expected a member name at offset $i");
        }
        $key = self::readString($text, $i, $n);
        $i = self::skipSpace($text, $i, $n);
        if ($i >= $n || $text[$i] !== ':') {
            throw new JsonError("expected : at offset $i");
        }
        $i++;
        return $key;
    }

    /** A string starting at the quote at $i; leaves $i after the closing quote. */
    private static function readString(string $text, int &$i, int $n): string
    {
        $out = '';
        $i++;
        while (true) {
            $run = strcspn($text, "\"\\", $i);
            $out .= substr($text, $i, $run);
            $i += $run;
            if ($i >= $n) {
                throw new JsonError('unterminated string');
            }
            if ($text[$i] === '"') {
                $i++;
                break;
            }
            $e = $text[$i + 1] ?? '';
            $i += 2;
            switch ($e) {
                case '"': $out .= '"'; break;
                case '\\': $out .= '\\'; break;
                case '/': $out .= '/'; break;
                case 'b': $out .= "\x08"; break;
                case 'f': $out .= "\f"; break;
                case 'n': $out .= "\n"; break;
                case 'r': $out .= "\r"; break;
                case 't': $out .= "\t"; break;
                case 'u':
                    $unit = self::hex4($text, $i);
                    $i += 4;
                    if ($unit >= 0xD800 && $unit < 0xDC00 && substr($text, $i, 2) === '\\u') {
                        $low = self::hex4($text, $i + 2);
                        if ($low >= 0xDC00 && $low < 0xE000) {
                            $i += 6;
                            $unit = 0x10000 + (($unit - 0xD800) << 10) + ($low - 0xDC00);
                        }
                    }
                    if ($unit >= 0xD800 && $unit < 0xE000) {
                        throw new JsonError('a lone surrogate escape, which a PHP string cannot hold as UTF-8');
                    }
                    $out .= mb_chr($unit, 'UTF-8');
                    break;
                default:
                    throw new JsonError('an invalid escape at offset ' . ($i - 2));
            }
        }
        if (!mb_check_encoding($out, 'UTF-8')) {
            throw new JsonError('a string that is not UTF-8');
        }
        return $out;
    }

    private static function hex4(string $text, int $at): int
    {
        $hex = substr($text, $at, 4);
        if (strlen($hex) !== 4 || !ctype_xdigit($hex)) {
            throw new JsonError("an invalid \\u escape at offset $at");
        }
        return hexdec($hex);
    }

    /**
     * Frees a value read by `read` one level at a time. PHP frees nested objects recursively in C
     * and overflows its stack on a chain of some 100,000 of them; emptying each object before it
     * goes keeps every free shallow.
     */
    public static function release(mixed &$value): void
    {
        $stack = [$value];
        $value = null;
        while ($stack) {
            $v = array_pop($stack);
            if ($v instanceof JsonObject) {
                foreach ($v->members as $member) {
                    if (is_array($member) || $member instanceof JsonObject) {
                        $stack[] = $member;
                    }
                }
                $v->members = [];
            } elseif (is_array($v)) {
                foreach ($v as $member) {
                    if (is_array($member) || $member instanceof JsonObject) {
                        $stack[] = $member;
                    }
                }
            }
        }
    }

    /**
     * Writes an answer: JsonObject or string-keyed array as an object, a list as an array, strings
     * (UTF-8), ints, finite floats, booleans and null, at any depth.
     */
    public static function write(mixed $value): string
    {
        $out = [];
        $stack = [[$value, false]];
        while ($stack) {
            [$v, $isText] = array_pop($stack);
            if ($isText) {
                $out[] = $v;
                continue;
            }
            if ($v instanceof JsonObject) {
                $v = $v->members;
                $asObject = true;
            } elseif (is_array($v)) {
                $asObject = !array_is_list($v);
            } else {
                $out[] = self::scalar($v);
                continue;
            }
            $parts = [];
            $first = true;
            if ($asObject) {
                $parts[] = ['{', true];
                foreach ($v as $key => $member) {
                    $parts[] = [($first ? '' : ',') . self::scalar((string) $key) . ':', true];
                    $parts[] = [$member, false];
                    $first = false;
                }
                $parts[] = ['}', true];
            } else {
                $parts[] = ['[', true];
                foreach ($v as $member) {
                    if (!$first) {
                        $parts[] = [',', true];
                    }
                    $parts[] = [$member, false];
                    $first = false;
                }
                $parts[] = [']', true];
            }
            for ($k = count($parts) - 1; $k >= 0; $k--) {
                $stack[] = $parts[$k];
            }
        }
        return implode('', $out);
    }

    private static function scalar(mixed $v): string
    {
        if (is_float($v) && !is_finite($v)) {
            throw new JsonError('a number that is not finite');
        }
        if (is_string($v) && !mb_check_encoding($v, 'UTF-8')) {
            throw new JsonError('a string that is not UTF-8');
        }
        if (!is_string($v) && !is_int($v) && !is_float($v) && !is_bool($v) && $v !== null) {
            throw new JsonError('a ' . get_debug_type($v) . ' has no JSON form here');
        }
        $text = json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
        if ($text === false) {
            throw new JsonError(json_last_error_msg());
        }
        return $text;
    }
}
