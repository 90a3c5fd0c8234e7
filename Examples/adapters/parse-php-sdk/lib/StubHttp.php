<?php
// The HTTP transport of the SDK, replaced: it answers every request with the document of the
// check in hand and keeps what the SDK sent. Everything around it — building the request,
// `json_decode` of the response, error handling — is the SDK's own `ParseClient::_request`.

declare(strict_types=1);

namespace ParseWireAdapter;

use Parse\HttpClients\ParseHttpable;

final class StubHttp implements ParseHttpable
{
    /** The response body the next request gets. */
    public string $response = '{}';
    /** @var list<array{method: string, url: string, data: mixed}> */
    public array $sent = [];

    public function addRequestHeader($key, $value)
    {
    }

    public function getResponseHeaders()
    {
        return [];
    }

    public function getResponseStatusCode()
    {
        return 200;
    }

    public function getResponseContentType()
    {
        return 'application/json';
    }

    public function setConnectionTimeout($timeout)
    {
    }

    public function setTimeout($timeout)
    {
    }

    public function setCAFile($caFile)
    {
    }

    public function setHttpOptions($httpOptions)
    {
    }

    public function getErrorCode()
    {
        return 0;
    }

    public function getErrorMessage()
    {
        return '';
    }

    public function setup(): void
    {
    }

    public function send($url, $method = 'GET', $data = array())
    {
        $this->sent[] = ['method' => $method, 'url' => $url, 'data' => $data];
        return $this->response;
    }
}
