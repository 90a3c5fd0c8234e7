#!/usr/bin/env python3
"""Fixture adapters for the runner's self-tests: one script, one mode per misbehaviour.

    fixture_adapter.py CORPUS MODE [ARG]

perfect          answers every check from the corpus's own expectations
reject-all       rejects every input (kind "other"), declares no choices
skip-all         answers "skipped" to everything
crash ID         like perfect, but exits with status 3 on a request for case ID
hang ID          like perfect, but never answers a request for case ID
garbage ID       like perfect, but writes a line that is not JSON for case ID
wrong-seq ID     like perfect, but echoes a wrong seq for case ID
slow-start SEC   like perfect, after sleeping SEC seconds before reading hello
setsid-hang ID   like perfect, but for case ID starts a child in its own session that keeps
                 stdout open for 30 s, then never answers
setsid-crash ID  the same child, then exits with status 3
double ID        like perfect, but answers the request for case ID twice
long-line ID N   like perfect, but answers a decode of case ID with a string of N bytes
unrepresentable ID   like perfect, but answers a decode of case ID as accepted, not spellable in TVN
time-zone        like perfect; hello's implementation version names the zone the adapter sees
bad-utf8 ID      like perfect, but answers a decode of case ID with a string holding a raw 0xFF byte
close-output ID  like perfect, but on a request for case ID closes its stdout and keeps running
zone-bound ID    like perfect, but rejects every request for case ID when its time zone is not UTC
"""
import json
import os
import sys
import time

corpus, mode = sys.argv[1], sys.argv[2]
arg = sys.argv[3] if len(sys.argv) > 3 else None

cases = {}
for directory, _, names in os.walk(os.path.join(corpus, "cases")):
    for name in names:
        if name.endswith(".json"):
            with open(os.path.join(directory, name), encoding="utf-8") as file:
                for case in json.load(file)["cases"]:
                    cases[case["id"]] = case


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def canonical(case):
    return case["canonicalText"] if "canonicalText" in case else compact(case["canonical"])


def perfect(request):
    case, cmd = cases[request["id"]], request["cmd"]
    kind = case["kind"]
    if kind in ("decode-error", "encode-error"):
        return {"ok": False, "error": {"kind": case["error"], "message": "fixture rejection"}}
    if kind == "implementation-defined":
        outcome = case["ifAccepted"][0]
        if cmd == "decode":
            return {"ok": True, "value": outcome["value"]}
        return {"ok": True, "wire": canonical(outcome)}
    if cmd == "decode":
        return {"ok": True, "value": case["value"]}
    return {"ok": True, "wire": canonical(case)}


def answer(request):
    if mode == "reject-all":
        return {"ok": False, "error": {"kind": "other", "message": "rejects everything"}}
    if mode == "skip-all":
        return {"skipped": True, "reason": "skips everything"}
    return perfect(request)


def write(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


if mode == "slow-start":
    time.sleep(float(arg))


def detach_holding_stdout():
    if os.fork() == 0:
        os.setsid()
        time.sleep(30)
        os._exit(0)


def time_zone():
    return "%s%+d" % (time.strftime("%Z"), time.localtime().tm_gmtoff)


for line in sys.stdin:
    request = json.loads(line)
    cmd = request["cmd"]
    if cmd == "stop":
        break
    if cmd == "hello":
        choices = {} if mode in ("reject-all", "skip-all") else {"DateWithoutMillis": "accept"}
        version = time_zone() if mode == "time-zone" else "1"
        write(compact({"protocol": 1, "implementation": {"name": "fixture-" + mode, "version": version, "language": "python"},
                       "ops": ["decode", "encode", "roundtrip"], "capabilities": [], "choices": choices}))
        continue
    if request["id"] == arg:
        if mode in ("setsid-hang", "setsid-crash"):
            detach_holding_stdout()
            if mode == "setsid-crash":
                sys.exit(3)
            time.sleep(3600)
        if mode == "double":
            write(compact(dict(answer(request), seq=request["seq"])))
        if mode == "long-line" and cmd == "decode":
            write(compact({"seq": request["seq"], "ok": True, "value": {"string": "x" * int(sys.argv[4])}}))
            continue
        if mode == "bad-utf8" and cmd == "decode":
            sys.stdout.flush()
            sys.stdout.buffer.write(b'{"seq":%d,"ok":true,"value":{"string":"a\xffb"}}\n' % request["seq"])
            sys.stdout.buffer.flush()
            continue
        if mode == "unrepresentable" and cmd == "decode":
            write(compact({"seq": request["seq"], "ok": True, "unrepresentable": "the fixture cannot spell it"}))
            continue
        if mode == "close-output":
            sys.stdout.flush()
            os.close(1)
            time.sleep(3600)
        if mode == "crash":
            sys.stderr.write("fixture: crashing on %s as told\n" % arg)
            sys.exit(3)
        if mode == "hang":
            sys.stderr.write("fixture: hanging on %s as told\n" % arg)
            sys.stderr.flush()
            time.sleep(3600)
        if mode == "zone-bound" and time.localtime().tm_gmtoff != 0:
            write(compact({"seq": request["seq"], "ok": False, "error": {"kind": "invalid-date", "message": "not in UTC: " + time_zone()}}))
            continue
        if mode == "garbage":
            write("this is not JSON")
            continue
        if mode == "wrong-seq":
            write(compact(dict(answer(request), seq=request["seq"] + 1000)))
            continue
    write(compact(dict(answer(request), seq=request["seq"])))
