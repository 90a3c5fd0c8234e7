<?php
// What the adapter asks of parse-php-sdk, per context (Vectors/INTERPRETING.md §2, §9). Every
// document is read by the SDK and written by it; the adapter only turns TVN into the values an
// application would hand the SDK, and the SDK's values back into TVN.

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\ParseClient;
use Parse\ParseException;
use Parse\ParseObject;
use Parse\ParseQuery;

/** A refusal by the SDK (an exception or PHP error raised inside its code). */
final class Rejection extends \Exception
{
    public function __construct(public readonly string $kind, string $message, public readonly ?int $parseCode = null)
    {
        parent::__construct($message);
    }
}

final class Sdk
{
    /** The class a save body or a field value belongs to when the case names none. */
    public const DEFAULT_CLASS = 'ParseWireCase';

    public function __construct(private StubHttp $http)
    {
    }

    /** Runs one step of the SDK; whatever it throws is its rejection of the input. */
    public static function run(callable $step): mixed
    {
        try {
            return $step();
        } catch (Rejection | GlueError | Unrepresentable $e) {
            throw $e;
        } catch (\Throwable $e) {
            $code = $e instanceof ParseException || ($e->getCode() !== 0 && $e instanceof \Exception && str_starts_with(get_class($e), 'Parse\\'))
                ? (int) $e->getCode() : null;
            throw new Rejection(self::kindOf($e), get_class($e) . ': ' . $e->getMessage(), $code);
        }
    }

    /** The error kind (§6) an SDK exception means; `other` where its message names none. */
    private static function kindOf(\Throwable $e): string
    {
        $message = $e->getMessage();
        $patterns = [
            '/Maximum stack depth/' => 'depth-limit',
            '/Could not decode Response|Syntax error|Malformed UTF-8|Control character/' => 'json-syntax',
            '/ACL/' => 'invalid-acl',
            '/must be within range/' => 'out-of-range',
            '/Polygon|Coordinates/' => 'invalid-polygon',
            '/DateTime|time string|Failed to parse/' => 'invalid-date',
            '/increment|requires an array|[Rr]elation|Operation is invalid/' => 'invalid-operation',
        ];
        foreach ($patterns as $pattern => $kind) {
            if (preg_match($pattern, $message)) {
                return $kind;
            }
        }
        return 'other';
    }

    /**
     * A response body as `ParseClient::_request` reads it (ParseClient.php:596-604): `json_decode`
     * to associative arrays, default depth 512, no flags; text that does not decode is refused.
     */
    public static function readJSON(string $text): mixed
    {
        $decoded = json_decode($text, true);
        if (!isset($decoded) && $text !== '' && json_last_error() !== JSON_ERROR_NONE) {
            throw new Rejection(
                json_last_error() === JSON_ERROR_DEPTH ? 'depth-limit' : 'json-syntax',
                'ParseException: Bad Request. Could not decode Response: (' . json_last_error() . ') ' . json_last_error_msg(),
                -1
            );
        }
        return $decoded;
    }

    /** The request text the SDK sends for a JSON body: `json_encode` with no flags (ParseObject.php:1321). */
    public static function writeJSON(mixed $json): string
    {
        $text = json_encode($json);
        if ($text === false) {
            throw new Rejection(
                json_last_error() === JSON_ERROR_DEPTH ? 'depth-limit' : 'other',
                'json_encode of the request body failed (' . json_last_error_msg() . '); the SDK would send the body false'
            );
        }
        return $text;
    }

    /**
     * The body a save request carries: the SDK's `json_encode` of the body (ParseObject.php:1317)
     * handed to ParseClient::_request, which sends `[]` as `{}` (ParseClient.php:520-522); the
     * stubbed transport keeps what reached it.
     */
    public function sendSaveBody(mixed $json, JsonObject $context): string
    {
        $text = self::writeJSON($json);
        $this->http->sent = [];
        $this->http->response = '{"objectId":"parsewire0","createdAt":"2022-01-01T00:00:00.000Z"}';
        self::run(fn () => ParseClient::_request('POST', 'classes/' . self::classOf($context), null, $text));
        $sent = $this->http->sent[0]['data'] ?? null;
        if (!is_string($sent)) {
            throw new GlueError('the SDK sent no request body');
        }
        return $sent;
    }

    public static function classOf(JsonObject $context): string
    {
        return $context->members['class'] ?? self::DEFAULT_CLASS;
    }

    /** The JSON body the SDK sends to save an object: its private getSaveJSON (ParseObject.php:1201). */
    public static function saveJSON(ParseObject $object): mixed
    {
        return self::run(fn () => callPrivate($object, 'getSaveJSON', ParseObject::class));
    }

    // ---- value -----------------------------------------------------------------------------

    /**
     * A field value, read as a fetched object's field is read (ParseObject::mergeFromServer:
     * `ParseClient::_decode`, then a Relation made a ParseRelation).
     */
    public function readValue(string $text, JsonObject $context): mixed
    {
        $json = self::readJSON($text);
        return self::run(function () use ($json, $context) {
            $object = ParseObject::create(self::classOf($context));
            $object->_mergeAfterFetch(['f' => $json]);
            return $object->get('f');
        });
    }

    /** The JSON of a value the SDK writes as field `f` of a save body. */
    public function writeValue(mixed $value, JsonObject $context): mixed
    {
        $object = self::run(fn () => ParseObject::create(self::classOf($context)));
        self::run(fn () => self::setField($object, $value));
        $json = self::saveJSON($object);
        if (!is_array($json) || !array_key_exists('f', $json)) {
            throw new GlueError('the SDK wrote a save body without the field: ' . json_encode($json));
        }
        return $json['f'];
    }

    /** `set`, `setArray` or `setAssociativeArray`, the one the SDK requires for the value. */
    public static function setField(ParseObject $object, mixed $value): void
    {
        if (is_array($value)) {
            array_is_list($value) ? $object->setArray('f', $value) : $object->setAssociativeArray('f', $value);
        } else {
            $object->set('f', $value);
        }
    }

    // ---- object ----------------------------------------------------------------------------

    /**
     * A fetched object, read as ParseQuery::find reads each result (ParseQuery.php:732-735): the
     * response through ParseClient::_request, each row merged with _mergeAfterFetchWithSelectedKeys.
     */
    public function readObject(string $text, JsonObject $context): ParseObject
    {
        $this->http->response = '{"results":[' . $text . ']}';
        $className = $context->members['className'] ?? self::DEFAULT_CLASS;
        $found = self::run(fn () => (new ParseQuery($className))->find());
        if (count($found) !== 1) {
            throw new GlueError('the SDK read ' . count($found) . ' objects from one result');
        }
        return $found[0];
    }

    // ---- update ----------------------------------------------------------------------------

    /**
     * A save body, read by the SDK's one reader of operation JSON: ParseObject::decode of an
     * encoded object whose `operationSet` is the body (ParseObject.php:1089-1195).
     */
    public function readUpdate(string $text, JsonObject $context): ParseObject
    {
        $body = self::readJSON($text);
        return self::run(fn () => ParseObject::decode([
            'className' => self::classOf($context),
            'serverData' => [],
            'operationSet' => $body,
        ]));
    }

    /** The TVN of an object's pending operations. */
    public static function pendingTVN(ParseObject $object): array
    {
        $map = [];
        foreach (privateOf($object, 'operationSet', ParseObject::class) as $key => $op) {
            $map[(string) $key] = TvnWriter::operation($op);
        }
        return ['map' => new JsonObject($map)];
    }

    public function writeUpdate(JsonObject $map, JsonObject $context): mixed
    {
        $object = self::run(fn () => ParseObject::create(self::classOf($context)));
        foreach ($map->members as $key => $node) {
            self::run(fn () => Native::change($object, (string) $key, $node));
        }
        return self::saveJSON($object);
    }

    // ---- query -----------------------------------------------------------------------------

    /** A find request read by ParseQuery::_setConditions (ParseQuery.php:171-231). */
    public function readQuery(string $text): ParseQuery
    {
        $json = self::readJSON($text);
        return self::run(function () use ($json) {
            $query = new ParseQuery(self::DEFAULT_CLASS);
            $query->_setConditions($json);
            return $query;
        });
    }

    /**
     * The TVN of what a query holds, from _getOptions: `where` read with ParseClient::_decode,
     * the SDK's decoder, since the query keeps it as the JSON it was given.
     */
    public static function queryTVN(ParseQuery $query): array
    {
        $options = self::run(fn () => $query->_getOptions());
        $map = [];
        foreach ($options as $key => $value) {
            if ($key === 'where') {
                $value = self::run(fn () => ParseClient::_decode($value));
            } elseif ($key === 'count') {
                // The query uses it as a flag (`if ($this->count)`, ParseQuery.php:524): TVN's bool.
                $value = (bool) $value;
            }
            $map[(string) $key] = TvnWriter::value($value);
        }
        return ['map' => new JsonObject($map)];
    }

    /** A query built from a TVN find request: its members given to _setConditions as values. */
    public function buildQuery(JsonObject $map): ParseQuery
    {
        return self::run(function () use ($map) {
            // The operands are the SDK's values (a ParseGeoPoint checks its pair as it is made): an
            // application building this where gets the same refusal.
            $conditions = [];
            foreach ($map->members as $key => $node) {
                $conditions[(string) $key] = Native::value($node);
            }
            $query = new ParseQuery(self::DEFAULT_CLASS);
            $query->_setConditions($conditions);
            return $query;
        });
    }

    /**
     * The find request the SDK sends: ParseQuery::find's query string (buildQueryString of
     * _getOptions, ParseQuery.php:566-574), each parameter read as parse-server reads a GET
     * parameter (JSON.parse, else the string: ClassesRouter.JSONFromQuery).
     */
    public function writeQuery(ParseQuery $query): mixed
    {
        $this->http->sent = [];
        $this->http->response = '{"results":[]}';
        self::run(fn () => $query->find());
        $url = $this->http->sent[0]['url'] ?? '';
        $queryString = (string) parse_url($url, PHP_URL_QUERY);
        $out = [];
        foreach ($queryString === '' ? [] : explode('&', $queryString) as $pair) {
            [$name, $raw] = array_pad(explode('=', $pair, 2), 2, '');
            $value = urldecode($raw);
            // Kept as its JSON text when it is JSON (so no number is re-spelled), else as a string.
            json_decode($value, true, 2147483647, JSON_BIGINT_AS_STRING);
            $out[urldecode($name)] = json_last_error() === JSON_ERROR_NONE ? new RawJSON($value) : $value;
        }
        return $out;
    }
}

/** JSON text kept as it is, to be spliced into the request the adapter reports. */
final class RawJSON
{
    public function __construct(public readonly string $text)
    {
    }
}
