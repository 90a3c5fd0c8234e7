<?php
// The protocol loop's answers (Vectors/INTERPRETING.md §9): one request line in, one answer line out.

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\ParseClient;

final class Adapter
{
    /**
     * What the SDK does with each implementation-defined flag, read off a run with none declared
     * (README.md, "Choices"). It rejects only an ACL with a permission other than read and write
     * (ParseACL::_createACLFromJSON throws); every other flagged input it reads without complaint,
     * though not always into a value the case allows: those stay failures, listed by cause.
     */
    /** The contexts this adapter reads and writes through the SDK; any other is unsupported. */
    private const KNOWN_CONTEXTS = ['value', 'object', 'update', 'query', 'message'];

    public const CHOICES = [
        'ACLNull' => 'accept',
        'ACLRoleName' => 'accept',
        'ACLUnknownPermission' => 'reject',
        'Base64NonZeroPadBits' => 'accept',
        'Base64URLSafe' => 'accept',
        'Base64Unpadded' => 'accept',
        'Base64Whitespace' => 'accept',
        'Basic' => 'accept',
        'DateExtendedYear' => 'accept',
        'DateFractionDigits' => 'accept',
        'DateFractionDigitsBeyondNine' => 'accept',
        'DateHour24' => 'accept',
        'DateOffset' => 'accept',
        'DateOffsetBasicFormat' => 'accept',
        'DateOnly' => 'accept',
        'DateWithoutMillis' => 'accept',
        'DecimalBeyondDouble' => 'accept',
        'FalsyTypeIgnored' => 'accept',
        'IntegerBeyond53Bits' => 'accept',
        'IntegerBeyond64Bits' => 'accept',
        'JoinClassUnanchored' => 'accept',
        'NegativeZero' => 'accept',
        'NestedBytes' => 'accept',
        'NumberBeyondDouble' => 'accept',
        'OperationExtraKeys' => 'accept',
        'SubqueryExtraKeys' => 'accept',
        'TypedValueExtraKeys' => 'accept',
        'UnknownType' => 'accept',
    ];

    public function __construct(private Sdk $sdk, private StubHttp $http)
    {
    }

    /** The answer line for one request line; null for `stop`. */
    public function handle(string $line): ?string
    {
        try {
            $request = Json::read($line);
        } catch (JsonError $e) {
            // No seq can be echoed for a line that is not JSON; the runner treats this as a violation.
            return Json::write(['errored' => true, 'message' => 'the request is not JSON: ' . $e->getMessage()]);
        }
        $cmd = $request->members['cmd'] ?? null;
        if ($cmd === 'stop') {
            return null;
        }
        if ($cmd === 'hello') {
            return Json::write($this->hello());
        }
        $answer = Json::write(['seq' => $request->members['seq'] ?? null] + $this->answer($request));
        Json::release($request);
        return $answer;
    }

    private function hello(): array
    {
        $written = ['value', 'update', 'query'];
        return [
            'protocol' => 1,
            'implementation' => [
                'name' => 'parse-php-sdk',
                'version' => ParseClient::VERSION_STRING,
                'language' => 'php',
                'homepage' => 'https://github.com/parse-community/parse-php-sdk',
                'issues' => 'https://github.com/parse-community/parse-php-sdk/issues',
            ],
            'profile' => 'client',
            'ops' => [
                // The messages the SDK reads; it has no reader of a batch request, and reads a batch
                // response only into the objects of its own multi-object save (Messages.php), so those
                // two kinds are unsupported, not skipped.
                'decode' => ['value', 'object', 'update', 'query', 'message:find-response', 'message:save-response',
                    'message:error', 'message:function-response'],
                'encode' => $written,
                'roundtrip' => $written,
            ],
            // Every Parse type the SDK has a class or a reading for, and its query builder; not
            // REST messages; not `typed-record` (no per-class records; README.md, "Unsupported").
            'capabilities' => ['date', 'bytes', 'pointer', 'relation', 'geopoint', 'file', 'polygon', 'object', 'acl', 'op', 'query', 'message'],
            'choices' => getenv('PARSE_PHP_SDK_NO_CHOICES') === '1' || !self::CHOICES ? new JsonObject() : self::CHOICES,
        ];
    }

    private function answer(JsonObject $request): array
    {
        try {
            $r = $request->members;
            $context = $r['context'] ?? new JsonObject(['kind' => 'value']);
            $kind = $context->members['kind'] ?? null;
            if (!in_array($kind, self::KNOWN_CONTEXTS, true)) {
                // A context newer than this adapter (`livequery`): the SDK's REST client has no code
                // for it, so the check is unsupported rather than read as a value.
                throw new SkipCheck('the SDK has nothing that handles the ' . json_encode($kind) . ' context');
            }
            switch ($r['cmd'] ?? null) {
                case 'decode':
                    return ['ok' => true, 'value' => $this->decode(self::wire($r), $context)];
                case 'encode':
                    return ['ok' => true, 'wire' => $this->encode($r['value'], $context)];
                case 'roundtrip':
                    return ['ok' => true, 'wire' => $this->roundtrip(self::wire($r), $context)];
                default:
                    return ['skipped' => true, 'reason' => ($r['cmd'] ?? '(none)') . ' is not a request this adapter knows'];
            }
        } catch (Rejection $e) {
            $error = ['kind' => $e->kind, 'message' => self::cut($e->getMessage())];
            if ($e->parseCode !== null) {
                $error['parseCode'] = $e->parseCode;
            }
            return ['ok' => false, 'error' => $error];
        } catch (SkipCheck $e) {
            // What the SDK has no code for: unsupported, with what it lacks.
            return ['unsupported' => true, 'reason' => $e->getMessage()];
        } catch (Unrepresentable $e) {
            return ['ok' => true, 'unrepresentable' => self::cut('the SDK accepted it and holds ' . $e->getMessage())];
        } catch (\Throwable $e) {
            return ['errored' => true, 'message' => self::cut(get_class($e) . ': ' . $e->getMessage()), 'traceback' => self::cut($e->getTraceAsString())];
        }
    }

    private static function wire(array $r): string
    {
        if (isset($r['wire'])) {
            return $r['wire'];
        }
        $bytes = base64_decode($r['wireBase64'] ?? '', true);
        if ($bytes === false) {
            throw new GlueError('a request without wire or with invalid wireBase64');
        }
        return $bytes;
    }

    private static function cut(string $text): string
    {
        $text = mb_scrub($text, 'UTF-8');
        return mb_strlen($text) > 2000 ? mb_substr($text, 0, 2000) : $text;
    }

    private function decode(string $text, JsonObject $context): mixed
    {
        switch ($context->members['kind']) {
            case 'object':
                return TvnWriter::value($this->sdk->readObject($text, $context));
            case 'update':
                return Sdk::pendingTVN($this->sdk->readUpdate($text, $context));
            case 'query':
                return Sdk::queryTVN($this->sdk->readQuery($text));
            case 'message':
                return (new Messages($this->http))->read($text, $context);
            default:
                return TvnWriter::value($this->sdk->readValue($text, $context));
        }
    }

    private function encode(mixed $tvn, JsonObject $context): string
    {
        switch ($context->members['kind']) {
            case 'update':
                return $this->sdk->sendSaveBody($this->sdk->writeUpdate(node($tvn)[1], $context), $context);
            case 'query':
                return self::queryText($this->sdk->writeQuery($this->sdk->buildQuery(node($tvn)[1])));
            default:
                $value = Sdk::run(fn () => Native::value($tvn));
                return Sdk::writeJSON($this->sdk->writeValue($value, $context));
        }
    }

    private function roundtrip(string $text, JsonObject $context): string
    {
        switch ($context->members['kind']) {
            case 'update':
                return $this->sdk->sendSaveBody(Sdk::saveJSON($this->sdk->readUpdate($text, $context)), $context);
            case 'query':
                return self::queryText($this->sdk->writeQuery($this->sdk->readQuery($text)));
            default:
                $value = $this->sdk->readValue($text, $context);
                return Sdk::writeJSON($this->sdk->writeValue($value, $context));
        }
    }

    /** The find request as JSON text, each parameter's JSON text kept as the SDK wrote it. */
    private static function queryText(array $parameters): string
    {
        $parts = [];
        foreach ($parameters as $name => $value) {
            $parts[] = json_encode((string) $name) . ':' . ($value instanceof RawJSON ? $value->text : json_encode($value));
        }
        return '{' . implode(',', $parts) . '}';
    }
}
