<?php
// Typed value notation (Vectors/INTERPRETING.md §4) to and from parse-php-sdk's own values.
//
// Going in (`Native`), each TVN node becomes what an application using the SDK holds for it: a
// `\DateTime`, a `ParseGeoPoint`, a `ParsePolygon`, a `ParseFile` (as the SDK makes one for a
// stored file), `ParseBytes`, a `ParseObject` (a pointer made by `ParseObject::create`, an embedded
// object merged as a fetch merges one), a `ParseRelation`, a `ParseACL`; a map is an associative
// array, an empty map `new \stdClass()` (the one empty-object value the SDK's encoder passes through).
// Coming out (`TvnWriter`), each value the SDK holds is written as the TVN node of what it is and
// nothing is repaired: a string the SDK made from Bytes stays a string, an array holding `__type`
// that the SDK left undecoded stays an `unknownType`, an empty PHP array is an empty array.

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\Internal\AddOperation;
use Parse\Internal\AddUniqueOperation;
use Parse\Internal\DeleteOperation;
use Parse\Internal\FieldOperation;
use Parse\Internal\IncrementOperation;
use Parse\Internal\ParseRelationOperation;
use Parse\Internal\RemoveOperation;
use Parse\Internal\SetOperation;
use Parse\ParseACL;
use Parse\ParseBytes;
use Parse\ParseClient;
use Parse\ParseFile;
use Parse\ParseGeoPoint;
use Parse\ParseObject;
use Parse\ParsePolygon;
use Parse\ParseRelation;

/** Thrown when the SDK accepted the input but the value it holds has no TVN spelling. */
final class Unrepresentable extends \Exception
{
}

/** A request the adapter cannot turn into SDK values (malformed TVN): a glue failure. */
final class GlueError extends \Exception
{
}

/** One-key TVN node: [name, body]. */
function node(mixed $tvn): array
{
    if (!$tvn instanceof JsonObject || count($tvn->members) !== 1) {
        throw new GlueError('a TVN node is an object with exactly one member');
    }
    $name = (string) array_key_first($tvn->members);
    return [$name, $tvn->members[array_key_first($tvn->members)]];
}

/** Calls a private method of an SDK object (the SDK's own code, which it offers no public way to reach). */
function callPrivate(object $object, string $method, string $class): mixed
{
    return \Closure::bind(function () use ($method) {
        return $this->$method();
    }, $object, $class)();
}

/** Reads a private member of an SDK object (the SDK offers no getter for it). */
function privateOf(object $object, string $member, string $class): mixed
{
    // Bound to the declaring class: a subclass (ParseUser, ParseRole) cannot see the member.
    return \Closure::bind(function () use ($member) {
        return $this->$member;
    }, $object, $class)();
}

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

final class TvnWriter
{
    /** The TVN node of a value the SDK holds. */
    public static function value(mixed $v): mixed
    {
        if ($v === null) {
            return ['null' => true];
        }
        if (is_bool($v)) {
            return ['bool' => $v];
        }
        if (is_int($v) || is_float($v)) {
            return ['number' => self::numberText($v)];
        }
        if (is_string($v)) {
            if (!mb_check_encoding($v, 'UTF-8')) {
                throw new Unrepresentable('a PHP string whose bytes are not UTF-8 (' . bin2hex(substr($v, 0, 16)) . '…)');
            }
            return ['string' => $v];
        }
        if (is_array($v)) {
            if (array_is_list($v)) {
                $elements = [];
                foreach ($v as $element) {
                    $elements[] = self::value($element);
                }
                return ['array' => $elements];
            }
            $members = [];
            foreach ($v as $key => $member) {
                $members[(string) $key] = self::value($member);
            }
            // Only a non-empty string names a type; the SDK treats any other `__type` as data
            // (ParseClient::_decode compares it with the type names and keeps the array).
            $typed = isset($v['__type']) && is_string($v['__type']) && $v['__type'] !== '';
            return [$typed ? 'unknownType' : 'map' => new JsonObject($members)];
        }
        if ($v instanceof \stdClass) {
            // The SDK passes a stdClass through unread; only its members can be listed.
            $members = [];
            foreach (get_object_vars($v) as $key => $member) {
                $members[(string) $key] = self::value($member);
            }
            return ['map' => new JsonObject($members)];
        }
        if ($v instanceof \DateTimeInterface) {
            return ['date' => new JsonObject(['epochMs' => self::epochMs($v)])];
        }
        if ($v instanceof ParseGeoPoint) {
            return ['geopoint' => new JsonObject([
                'latitude' => self::numberText($v->getLatitude()),
                'longitude' => self::numberText($v->getLongitude()),
            ])];
        }
        if ($v instanceof ParsePolygon) {
            return ['polygon' => array_map(fn ($p) => [self::numberText($p[0]), self::numberText($p[1])], $v->getCoordinates())];
        }
        if ($v instanceof ParseFile) {
            $file = ['name' => self::text($v->getName(), 'a File name')];
            if ($v->getURL() !== null) {
                $file['url'] = self::text($v->getURL(), 'a File url');
            }
            return ['file' => new JsonObject($file)];
        }
        if ($v instanceof ParseBytes) {
            $encoded = $v->_encode();
            $bytes = base64_decode($encoded['base64'], true);
            if ($bytes === false) {
                throw new Unrepresentable('a ParseBytes whose base64 does not decode');
            }
            return ['bytes' => new JsonObject(['hex' => bin2hex($bytes)])];
        }
        if ($v instanceof ParseRelation) {
            return ['relation' => new JsonObject(['className' => self::text($v->getTargetClass(), 'a Relation className')])];
        }
        if ($v instanceof ParseACL) {
            return ['acl' => self::acl($v)];
        }
        if ($v instanceof ParseObject) {
            return self::parseObject($v);
        }
        throw new Unrepresentable('a value of PHP type ' . get_debug_type($v));
    }

    /** The TVN nodes of a list of SDK values (a loop, for the reason Native::values gives). */
    public static function values(array $values): array
    {
        $out = [];
        foreach ($values as $value) {
            $out[] = self::value($value);
        }
        return $out;
    }

    public static function numberText(mixed $n): string
    {
        if (is_int($n)) {
            return (string) $n;
        }
        if (is_float($n)) {
            if (!is_finite($n)) {
                throw new Unrepresentable("the float $n");
            }
            return json_encode($n);
        }
        throw new Unrepresentable('a number held as ' . get_debug_type($n) . ' ' . var_export($n, true));
    }

    private static function text(mixed $s, string $what): string
    {
        if (!is_string($s)) {
            throw new Unrepresentable("$what held as " . get_debug_type($s));
        }
        return $s;
    }

    /**
     * Whole milliseconds, truncated from PHP's microseconds as the SDK truncates them when it
     * writes a date (ParseClient::getProperDateFormat).
     */
    public static function epochMs(\DateTimeInterface $date): string
    {
        $seconds = (int) $date->format('U');
        $micros = (int) $date->format('u');
        return (string) ($seconds * 1000 + intdiv($micros, 1000));
    }

    public static function acl(ParseACL $acl): JsonObject
    {
        $encoded = $acl->_encode();
        $out = [];
        foreach ($encoded instanceof \stdClass ? [] : $encoded as $principal => $grants) {
            $granted = [];
            foreach ($grants as $permission => $on) {
                if ($on === true) {
                    $granted[(string) $permission] = true;
                }
            }
            if ($granted) {
                $out[(string) $principal] = new JsonObject($granted);
            }
        }
        return new JsonObject($out);
    }

    /** A pointer when the SDK holds no data for it (made from a Pointer), else the object. */
    public static function parseObject(ParseObject $object): array
    {
        $fetched = privateOf($object, 'hasBeenFetched', ParseObject::class);
        $data = privateOf($object, 'estimatedData', ParseObject::class);
        if (!$fetched && !$data && $object->getObjectId() !== null) {
            return ['pointer' => new JsonObject([
                'className' => self::text($object->getClassName(), 'a Pointer className'),
                'objectId' => self::text($object->getObjectId(), 'a Pointer objectId'),
            ])];
        }
        $out = ['className' => self::text($object->getClassName(), 'an Object className')];
        if ($object->getObjectId() !== null) {
            $out['objectId'] = self::text($object->getObjectId(), 'an objectId');
        }
        if ($object->getCreatedAt() !== null) {
            $out['createdAt'] = new JsonObject(['epochMs' => self::epochMs($object->getCreatedAt())]);
        }
        if ($object->getUpdatedAt() !== null) {
            $out['updatedAt'] = new JsonObject(['epochMs' => self::epochMs($object->getUpdatedAt())]);
        }
        $fields = [];
        foreach ($data as $key => $value) {
            if ($key === 'ACL' && $value instanceof ParseACL) {
                $out['acl'] = self::acl($value);
                continue;
            }
            $fields[(string) $key] = self::value($value);
        }
        $out['fields'] = new JsonObject($fields);
        return ['object' => new JsonObject($out)];
    }

    /** The TVN of one pending operation of an object's operation set. */
    public static function operation(FieldOperation $op): array
    {
        if ($op instanceof SetOperation) {
            return self::value($op->getValue());
        }
        if ($op instanceof DeleteOperation) {
            return ['op' => ['delete' => true]];
        }
        if ($op instanceof IncrementOperation) {
            return ['op' => ['increment' => self::numberText($op->getValue())]];
        }
        foreach ([AddOperation::class => 'add', AddUniqueOperation::class => 'addUnique', RemoveOperation::class => 'remove'] as $class => $name) {
            if ($op instanceof $class) {
                return ['op' => [$name => TvnWriter::values($op->getValue())]];
            }
        }
        if ($op instanceof ParseRelationOperation) {
            $parts = [];
            foreach (['relationsToAdd' => 'addRelation', 'relationsToRemove' => 'removeRelation'] as $member => $name) {
                $objects = ParseRelationOperation::convertToOneDimensionalArray(privateOf($op, $member, ParseRelationOperation::class));
                if ($objects) {
                    $parts[] = [$name => array_map(fn (ParseObject $o) => new JsonObject([
                        'className' => self::text($o->getClassName(), 'a relation className'),
                        'objectId' => self::text($o->getObjectId(), 'a relation objectId'),
                    ]), array_values($objects))];
                }
            }
            if (count($parts) === 1) {
                return ['op' => $parts[0]];
            }
            return ['op' => ['batch' => $parts]];
        }
        throw new Unrepresentable('an operation of class ' . get_class($op));
    }
}
