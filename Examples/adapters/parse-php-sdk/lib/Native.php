<?php
// Typed value notation (Vectors/INTERPRETING.md §4) to parse-php-sdk's own values: each TVN node
// becomes what an application using the SDK holds for it: a `\DateTime`, a `ParseGeoPoint`, a
// `ParsePolygon`, a `ParseFile` (as the SDK makes one for a stored file), `ParseBytes`, a
// `ParseObject` (a pointer made by `ParseObject::create`, an embedded object merged as a fetch
// merges one), a `ParseRelation`, a `ParseACL`; a map is an associative array, an empty map
// `new \stdClass()` (the one empty-object value the SDK's encoder passes through).

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\ParseACL;
use Parse\ParseBytes;
use Parse\ParseClient;
use Parse\ParseFile;
use Parse\ParseGeoPoint;
use Parse\ParseObject;
use Parse\ParsePolygon;
use Parse\ParseRelation;

final class Native
{
    /** The SDK value an application would hold for a TVN value node. */
    public static function value(mixed $tvn): mixed
    {
        [$type, $body] = node($tvn);
        switch ($type) {
            case 'null':
                return null;
            case 'bool':
            case 'string':
                return $body;
            case 'number':
                return self::number($body);
            case 'array':
                return self::values($body);
            case 'map':
            case 'unknownType':
                if (!$body->members) {
                    return new \stdClass();
                }
                $out = [];
                foreach ($body->members as $key => $member) {
                    $out[(string) $key] = self::value($member);
                }
                return $out;
            case 'date':
                return self::date($body->members['epochMs']);
            case 'bytes':
                $bytes = $body->members['hex'] === '' ? [] : array_values(unpack('C*', hex2bin($body->members['hex'])));
                return ParseBytes::createFromByteArray($bytes);
            case 'pointer':
                return ParseObject::create($body->members['className'], $body->members['objectId']);
            case 'relation':
                return new ParseRelation(null, null, $body->members['className']);
            case 'geopoint':
                return new ParseGeoPoint(self::number($body->members['latitude']), self::number($body->members['longitude']));
            case 'file':
                return ParseFile::_createFromServer($body->members['name'], $body->members['url'] ?? null);
            case 'polygon':
                return new ParsePolygon(array_map(fn ($p) => [self::number($p[0]), self::number($p[1])], $body));
            case 'acl':
                return ParseACL::_createACLFromJSON(self::plain($body));
            case 'object':
                return self::object($body);
            default:
                throw new GlueError("$type is not a value node");
        }
    }

    /**
     * The values of a list of TVN nodes. A loop, not array_map: a callback from an internal
     * function recurses on the C stack, and TVN may nest 100,000 levels deep.
     */
    public static function values(array $nodes): array
    {
        $out = [];
        foreach ($nodes as $node) {
            $out[] = self::value($node);
        }
        return $out;
    }

    private static function plainList(array $list): array
    {
        $out = [];
        foreach ($list as $member) {
            $out[] = self::plain($member);
        }
        return $out;
    }

    /** A number as PHP's json_decode reads its text (the SDK reads every response that way). */
    public static function number(string $text): int|float
    {
        $value = json_decode($text, true);
        if (!is_int($value) && !is_float($value)) {
            throw new GlueError("$text is not JSON number text");
        }
        return $value;
    }

    public static function date(string $epochMs): \DateTime
    {
        $ms = (int) $epochMs;
        $seconds = intdiv($ms, 1000);
        $rest = $ms % 1000;
        if ($rest < 0) {
            $seconds -= 1;
            $rest += 1000;
        }
        $date = \DateTime::createFromFormat('U.u', sprintf('%d.%06d', $seconds, $rest * 1000), new \DateTimeZone('UTC'));
        if ($date === false) {
            throw new GlueError("no DateTime for epochMs $epochMs");
        }
        return $date;
    }

    /** A JsonObject tree as PHP arrays (for SDK calls that take decoded JSON). */
    public static function plain(mixed $json): mixed
    {
        if ($json instanceof JsonObject) {
            $out = [];
            foreach ($json->members as $key => $member) {
                $out[$key] = self::plain($member);
            }
            return $out;
        }
        return is_array($json) ? self::plainList($json) : $json;
    }

    /**
     * A ParseObject holding what a fetch of it would hold: its fields written by the SDK's own
     * encoder and merged with `_mergeAfterFetch`, as the SDK reads a fetched object.
     */
    public static function object(JsonObject $body): ParseObject
    {
        $m = $body->members;
        $json = [];
        if (isset($m['objectId'])) {
            $json['objectId'] = $m['objectId'];
        }
        foreach (['createdAt', 'updatedAt'] as $key) {
            if (isset($m[$key])) {
                $json[$key] = ParseClient::getProperDateFormat(self::date($m[$key]->members['epochMs']));
            }
        }
        if (isset($m['acl'])) {
            $json['ACL'] = self::plain($m['acl']);
        }
        foreach ($m['fields']->members as $key => $member) {
            $json[(string) $key] = ParseClient::_encode(self::value($member), true);
        }
        $object = ParseObject::create($m['className'], $m['objectId'] ?? null);
        $object->_mergeAfterFetch($json);
        return $object;
    }

    /**
     * Applies one TVN value or operation to a field of an object, through the SDK's public
     * methods as an application would call them.
     */
    public static function change(ParseObject $object, string $key, mixed $tvn): void
    {
        [$type, $body] = node($tvn);
        if ($type !== 'op') {
            $value = self::value($tvn);
            if ($type === 'array') {
                $object->setArray($key, $value);
            } elseif (is_array($value)) {
                $object->setAssociativeArray($key, $value);
            } else {
                $object->set($key, $value);
            }
            return;
        }
        [$op, $argument] = node($body);
        switch ($op) {
            case 'increment':
                $object->increment($key, self::number($argument));
                return;
            case 'add':
                $object->add($key, self::values($argument));
                return;
            case 'addUnique':
                $object->addUnique($key, self::values($argument));
                return;
            case 'remove':
                $object->remove($key, self::values($argument));
                return;
            case 'delete':
                $object->delete($key);
                return;
            case 'addRelation':
            case 'removeRelation':
                $pointers = array_map(fn ($p) => ParseObject::create($p->members['className'], $p->members['objectId']), $argument);
                $relation = $object->getRelation($key);
                $op === 'addRelation' ? $relation->add($pointers) : $relation->remove($pointers);
                return;
            case 'batch':
                foreach ($argument as $each) {
                    self::change($object, $key, new JsonObject(['op' => $each]));
                }
                return;
            default:
                throw new GlueError("$op is not an operation");
        }
    }
}
