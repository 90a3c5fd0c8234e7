<?php
// What the adapter's TVN code shares: its two failures and the few ways it reaches into SDK
// objects. TVN to the SDK's values is `Native` (Native.php), the SDK's values to TVN `TvnWriter`
// (TvnWriter.php).

declare(strict_types=1);

namespace ParseWireAdapter;

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
