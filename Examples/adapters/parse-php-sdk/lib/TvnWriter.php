<?php
// parse-php-sdk's values to typed value notation (Vectors/INTERPRETING.md §4): each value the SDK
// holds is written as the TVN node of what it is and nothing is repaired: a string the SDK made
// from Bytes stays a string, an array holding `__type` that the SDK left undecoded stays an
// `unknownType`, an empty PHP array is an empty array.

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
use Parse\ParseFile;
use Parse\ParseGeoPoint;
use Parse\ParseObject;
use Parse\ParsePolygon;
use Parse\ParseRelation;

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
