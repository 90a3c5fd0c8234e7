#!/usr/bin/env python3
"""A complete ParseWire adapter in stdlib-only Python, wrapping a deliberately small implementation.

The "implementation" (the first half) knows plain JSON values, Date and Pointer, in the value
context only. The adapter (the second half) speaks Vectors/schema/protocol.schema.json: read a
request line, convert between TVN and native values, catch the library's errors, write one line.
Everything the implementation does not know is answered "skipped".

    swift run parse-wire conformance \
        --expected-failures Examples/python-adapter/expected-failures.json \
        -- python3 Examples/python-adapter/adapter.py
"""
import base64
import datetime
import decimal
import json
import os
import re
import sys
import traceback

# ---- the implementation under test ----------------------------------------------------------

MAX_DEPTH = 512
# TINY_PYTHON_FAULT=local-time-z plants a classic bug, to show what a run's extra environments
# catch: a Date is written as the local wall-clock time, still marked Z. Under TZ=UTC it is
# invisible; under any other zone every written Date moves.
FAULT = os.environ.get("TINY_PYTHON_FAULT", "")
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.([0-9]{3})Z")
CLASS_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*|_(User|Installation|Role|Session|Product|PushStatus|JobStatus|JobSchedule"
                        r"|Audience|Idempotency)|_Join:[A-Za-z0-9_]+:[A-Za-z0-9_]+")


class Rejected(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


class Unsupported(Exception):
    pass


class Date:
    def __init__(self, epoch_ms):
        self.epoch_ms = epoch_ms


class Pointer:
    def __init__(self, class_name, object_id):
        self.class_name, self.object_id = class_name, object_id


def no_duplicates(pairs):
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Rejected("duplicate-key", "an object repeats a member name")
    return dict(pairs)


def not_a_number(name):
    raise Rejected("json-syntax", name + " is not JSON")


def pointer(class_name, object_id):
    if not CLASS_NAME.fullmatch(class_name) or class_name in ("className", "length"):
        raise Rejected("invalid-class-name", "not a Parse class name: " + class_name)
    if not object_id or "$" in object_id:
        raise Rejected("invalid-object-id", "an objectId is non-empty and has no '$'")
    return Pointer(class_name, object_id)


def check_depth(text):
    """Refuses nesting deeper than MAX_DEPTH before anything recursive reads the text."""
    depth, in_string, escaped = 0, False, False
    for character in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (character == "\\", character != '"')
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise Rejected("depth-limit", "nested deeper than %d" % MAX_DEPTH)
        elif character in "]}":
            depth -= 1


def typed(obj):
    if isinstance(obj, list):
        return [typed(value) for value in obj]
    if not isinstance(obj, dict):
        return obj
    kind = obj.get("__type")
    if kind is None:
        if "__op" in obj:
            raise Unsupported("field operations")
        return {key: typed(value) for key, value in obj.items()}
    if kind == "Date":
        if set(obj) != {"__type", "iso"} or not isinstance(obj["iso"], str):
            raise Rejected("invalid-date", "a Date has exactly __type and an iso string")
        match = ISO.fullmatch(obj["iso"])
        try:
            parts = [int(group) for group in match.groups()] if match else None
            instant = datetime.datetime(*parts[:6], parts[6] * 1000, tzinfo=datetime.timezone.utc)
        except (TypeError, ValueError):
            raise Rejected("invalid-date", "not YYYY-MM-DDTHH:MM:SS.sssZ: " + obj["iso"])
        return Date((instant - EPOCH) // datetime.timedelta(milliseconds=1))
    if kind == "Pointer":
        if set(obj) != {"__type", "className", "objectId"} or not all(isinstance(obj[k], str) for k in ("className", "objectId")):
            raise Rejected("wrong-field-type", "a Pointer has exactly __type, className and objectId strings")
        return pointer(obj["className"], obj["objectId"])
    raise Unsupported("__type " + str(kind))


def decode(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Rejected("invalid-utf8", str(error))
    check_depth(text)
    try:
        value = json.loads(text, object_pairs_hook=no_duplicates, parse_float=decimal.Decimal, parse_constant=not_a_number)
    except json.JSONDecodeError as error:
        raise Rejected("json-syntax", str(error))
    if re.search(r"[\ud800-\udfff]", json.dumps(value, default=str, ensure_ascii=False), re.UNICODE):
        raise Rejected("json-syntax", "a lone surrogate")
    return typed(value)


def encode(value):
    if isinstance(value, Date):
        try:
            instant = EPOCH + datetime.timedelta(milliseconds=value.epoch_ms)
        except OverflowError:
            raise Rejected("invalid-date", "out of range")
        if instant.year < 1:
            raise Rejected("invalid-date", "before year 1")
        if FAULT == "local-time-z":
            try:
                instant = instant.astimezone().replace(tzinfo=None)
            except (OverflowError, OSError, ValueError):
                pass
        return '{"__type":"Date","iso":"%s.%03dZ"}' % (instant.strftime("%Y-%m-%dT%H:%M:%S").rjust(19, "0"), instant.microsecond // 1000)
    if isinstance(value, Pointer):
        pointer(value.class_name, value.object_id)
        return '{"__type":"Pointer","className":%s,"objectId":%s}' % (json.dumps(value.class_name), json.dumps(value.object_id))
    if isinstance(value, list):
        return "[" + ",".join(encode(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + encode(v) for k, v in value.items()) + "}"
    if isinstance(value, (int, decimal.Decimal)) and not isinstance(value, bool):
        return str(value)
    return json.dumps(value, ensure_ascii=False)

# ---- the adapter: TVN <-> native values, and the protocol loop --------------------------------


def to_tvn(value):
    if value is None:
        return {"null": True}
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, (int, decimal.Decimal)):
        return {"number": str(value)}
    if isinstance(value, str):
        return {"string": value}
    if isinstance(value, list):
        return {"array": [to_tvn(v) for v in value]}
    if isinstance(value, Date):
        return {"date": {"epochMs": str(value.epoch_ms)}}
    if isinstance(value, Pointer):
        return {"pointer": {"className": value.class_name, "objectId": value.object_id}}
    return {"map": {key: to_tvn(v) for key, v in value.items()}}


def from_tvn(node):
    (kind, body), = node.items()
    simple = {"null": lambda: None, "bool": lambda: body, "string": lambda: body,
              "number": lambda: int(body) if re.fullmatch(r"-?\d+", body) else decimal.Decimal(body),
              "array": lambda: [from_tvn(v) for v in body], "map": lambda: {k: from_tvn(v) for k, v in body.items()},
              "date": lambda: Date(int(body["epochMs"])), "pointer": lambda: Pointer(body["className"], body["objectId"])}
    if kind not in simple:
        raise Unsupported(kind)
    return simple[kind]()


class NoSuchPath(Exception):
    """The implementation has nothing that performs the check (protocol: answered `unsupported`)."""


def handle(request):
    if request["context"]["kind"] != "value":
        # Whatever the context (livequery, message, a newer one): tiny-python reads and writes field values only.
        raise NoSuchPath("tiny-python has no reader or writer for the %s context" % request["context"]["kind"])
    if request["cmd"] == "encode":
        return {"ok": True, "wire": encode(from_tvn(request["value"]))}
    data = base64.b64decode(request["wireBase64"]) if "wireBase64" in request else request["wire"].encode("utf-8", "surrogatepass")
    value = decode(data)
    return {"ok": True, "value": to_tvn(value)} if request["cmd"] == "decode" else {"ok": True, "wire": encode(value)}


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "stop":
            return
        if request["cmd"] == "hello":
            answer = {"protocol": 1, "implementation": {"name": "tiny-python", "version": "0.1", "language": "python"},
                      "ops": {"decode": ["value"], "encode": ["value"], "roundtrip": ["value"]}, "capabilities": [],
                      "choices": {"DateWithoutMillis": "reject", "DateOffset": "reject", "DateFractionDigits": "reject"}}
        else:
            try:
                answer = handle(request)
            except Rejected as error:
                answer = {"ok": False, "error": {"kind": error.kind, "message": str(error)}}
            except NoSuchPath as error:
                answer = {"unsupported": True, "reason": str(error)}
            except Unsupported as error:
                answer = {"skipped": True, "reason": "not implemented: " + str(error)}
            except Exception as error:
                answer = {"errored": True, "message": repr(error), "traceback": traceback.format_exc()}
            answer["seq"] = request["seq"]
        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sys.stdout.flush()


main()
