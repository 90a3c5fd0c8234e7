<?php
// REST messages (context `message`, Vectors/INTERPRETING.md §2) read where parse-php-sdk reads them:
// the response is handed to the SDK by the stubbed transport and the SDK's own call handles it
// (ParseQuery::find, ParseObject::save, ParseCloud::run, ParseClient::_request's error handling).

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\ParseClient;
use Parse\ParseCloud;
use Parse\ParseException;
use Parse\ParseObject;
use Parse\ParseQuery;

/** A check the adapter cannot put to the SDK, answered `skipped` with the reason. */
final class SkipCheck extends \Exception
{
}

final class Messages
{
    public function __construct(private StubHttp $http)
    {
    }

    /** The TVN of a message, as the SDK call that receives it holds it. */
    public function read(string $text, JsonObject $context): array
    {
        $message = $context->members['message'] ?? '';
        $className = $context->members['className'] ?? Sdk::DEFAULT_CLASS;
        $this->http->response = $text;
        switch ($message) {
            case 'find-response':
                return $this->findResponse($className);
            case 'save-response':
                // A new object is always dirty, so save() sends its (empty) body and merges the
                // response (ParseObject::deepSave, mergeAfterSave).
                $object = Sdk::run(fn () => ParseObject::create($className));
                Sdk::run(fn () => $object->save());
                return TvnWriter::value($object);
            case 'error':
                return $this->error();
            case 'function-response':
                $result = Sdk::run(fn () => ParseCloud::run('parseWire'));
                return ['map' => new JsonObject(['result' => TvnWriter::value($result)])];
            case 'batch-request':
                throw new SkipCheck('parse-php-sdk writes batch requests (ParseObject::deepSave, destroyAll) but has no reader of one');
            case 'batch-response':
                throw new SkipCheck('parse-php-sdk reads a batch response only as the answer to its own save or destroy of several objects, merging each entry into the object of the same index (ParseObject::deepSave); a response alone has no such objects to be read into');
            default:
                throw new GlueError("a message of unknown kind $message");
        }
    }

    private function findResponse(string $className): array
    {
        $found = Sdk::run(fn () => (new ParseQuery($className))->find());
        // find() answers the objects, or with a count in the response ['count' => …, 'results' => …]
        // (ParseQuery.php:706-712).
        $counted = array_key_exists('count', $found) && array_key_exists('results', $found);
        $members = ['results' => ['array' => TvnWriter::values($counted ? $found['results'] : $found)]];
        if ($counted) {
            $members['count'] = TvnWriter::value($found['count']);
        }
        return ['map' => new JsonObject($members)];
    }

    /**
     * An error body: ParseClient::_request raises a ParseException for it (ParseClient.php:605-613),
     * whose code and message are what an application gets. A body it does not raise for is read
     * as a successful result, which is no reading of the error.
     */
    private function error(): array
    {
        try {
            $result = ParseClient::_request('GET', 'classes/' . Sdk::DEFAULT_CLASS);
        } catch (ParseException $e) {
            return ['map' => new JsonObject([
                'code' => TvnWriter::value($e->getCode()),
                'error' => TvnWriter::value($e->getMessage()),
            ])];
        }
        throw new Rejection('other', 'ParseClient::_request raised no ParseException: the SDK takes this error body for a successful result ' . json_encode($result));
    }
}
