import Foundation
import ParseWireConformance
import Testing

/// The expected-failures list is strict: xfail, xpass, unmatched entries, skip entries.
@Suite("expected failures")
struct ExpectedFailuresTests {
    static let rejectAllList = #"{"id":"AAAA01","reason":"dates are not implemented"},{"tag":"bytes","reason":"bytes are not implemented"}"#

    @Test("listed failures become xfail and the run passes")
    func xfail() throws {
        let list = try FixtureAdapters.list(Self.rejectAllList)
        let result = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = list })
        #expect(FixtureAdapters.counts(result) == ["pass": 2, "xfail": 6, "rejected": 1, "unsupported": 1])
        #expect(result.exitCode == 0)
        #expect(result.records.first { $0.outcome == .xfail }?.listed == "dates are not implemented")
    }

    @Test("a listed check that passes is xpass and fails the run")
    func xpass() throws {
        let list = try FixtureAdapters.list(Self.rejectAllList + #",{"id":"AAAA02","op":"decode","reason":"thought to fail"}"#)
        let result = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = list })
        #expect(FixtureAdapters.counts(result)["xpass"] == 1)
        #expect(result.exitCode == 1)
        #expect(result.suggestedRemovals.map(\.label) == ["id AAAA02 decode"])
        #expect(result.suggestedRemovals.first?.why == .nowPasses)
        #expect(result.suggestedRemovals.first?.passing == ["AAAA02 decode wire"])
    }

    @Test("an entry that matches nothing fails the run; a retired id only warns")
    func unmatched() throws {
        let stale = try FixtureAdapters.list(#"{"id":"ZZZZ98","reason":"an id that does not exist"},{"id":"AAAA02","op":"encode","reason":"no such check"}"#)
        let result = try FixtureAdapters.run(["perfect"], options: FixtureAdapters.options { $0.expectedFailures = stale })
        #expect(result.unmatchedEntries.map(\.label) == ["id ZZZZ98", "id AAAA02 encode"])
        #expect(result.exitCode == 1)
        let retired = try FixtureAdapters.list(#"{"id":"ZZZZZZ","reason":"a retired case"}"#)
        let warned = try FixtureAdapters.run(["perfect"], options: FixtureAdapters.options { $0.expectedFailures = retired })
        #expect(warned.retiredEntries.count == 1)
        #expect(warned.exitCode == 0)
    }

    @Test("a skip entry keeps a crashing check from running")
    func skipEntry() throws {
        let list = try FixtureAdapters.list(#"{"id":"AAAA02","mode":"skip","reason":"crashes the adapter"}"#)
        let result = try FixtureAdapters.run(["crash", "AAAA02"], options: FixtureAdapters.options { $0.expectedFailures = list })
        #expect(FixtureAdapters.counts(result) == ["pass": 9, "skip": 1])
        #expect(result.exitCode == 0)
        #expect(result.restarts == 0)
    }

    @Test("a listed implementation-defined roundtrip: skip is skip whatever the decode did; an xfail entry leaves a roundtrip not sent unsupported")
    func listedFollowUp() throws {
        let skip = try FixtureAdapters.list(#"{"id":"AAAA04","op":"roundtrip","mode":"skip","reason":"hangs"}"#)
        for mode in ["perfect", "reject-all"] {
            let result = try FixtureAdapters.run([mode], options: FixtureAdapters.options { $0.expectedFailures = skip })
            let roundtrip = try #require(result.records.first { $0.name == "AAAA04 roundtrip wire" })
            #expect(roundtrip.outcome == .skip)
            #expect(!roundtrip.unexpected)
            #expect(result.unmatchedEntries.isEmpty)
        }
        let xfail = try FixtureAdapters.list(Self.rejectAllList + #",{"id":"AAAA04","op":"roundtrip","reason":"writes it back wrong"}"#)
        let rejected = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = xfail })
        let roundtrip = try #require(rejected.records.first { $0.name == "AAAA04 roundtrip wire" })
        #expect(roundtrip.outcome == .unsupported)
        #expect(roundtrip.message == "not sent: the decode was rejected, so there is no value to write back")
        #expect(rejected.unmatchedEntries.isEmpty)
        #expect(rejected.exitCode == 0)
    }

    @Test("suggested additions are one entry per cause, and turn the run green")
    func suggestions() throws {
        let result = try FixtureAdapters.run(["reject-all"])
        let additions = try ExpectedFailures.read(Array(SuggestionsReport.additions(result).utf8), path: "add.json")
        #expect(additions.entries.map(\.label) == ["cause decode: rejected with other, expected a value",
                                                   "cause encode: rejected with other, expected a value",
                                                   "cause roundtrip: rejected with other, expected a value"])
        #expect(additions.entries.allSatisfy { $0.mode == .xfail && $0.reason.contains("rejects it with other: rejects everything") })
        #expect(additions.corpus == ">=1.0 <2")
        let again = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = additions })
        #expect(again.exitCode == 0)
        #expect(FixtureAdapters.counts(again)["xfail"] == 6)
    }

    @Test("malformed lists are refused", arguments: [
        #"{"format":2,"entries":[]}"#, #"{"format":1,"entries":[{"reason":"neither id nor tag"}]}"#,
        #"{"format":1,"entries":[{"id":"AAAA01","tag":"date","reason":"both"}]}"#,
        #"{"format":1,"entries":[{"id":"AAAA01"}]}"#, #"{"format":1,"entries":[{"id":"AAAA01","reason":"bad op","op":"parse"}]}"#,
        #"{"format":1,"entries":[{"tag":1,"reason":"a tag is a name"}]}"#, #"{"format":1,"entries":[{"area":"date","tag":"date","reason":"two selectors"}]}"#,
        #"{"format":1,"entries":[{"error":"other","reason":"not a corpus error kind"}]}"#,
        #"{"format":1,"entries":[{"cause":"expected Bytes, got string","reason":"no operation"}]}"#,
        #"{"format":1,"entries":[{"cause":"decode: expected Bytes, got string","op":"decode","reason":"an op beside a cause"}]}"#,
        #"{"format":1,"entries":[{"cause":"decode: expected Bytes, got string","mode":"skip","reason":"skip by cause"}]}"#,
        #"{"format":1,"entries":[{"cause":"decode: x","id":"AAAA01","reason":"two selectors"}]}"#,
    ])
    func malformed(_ text: String) {
        #expect(throws: CorpusError.self) { try ExpectedFailures.read(Array(text.utf8), path: "list.json") }
    }
}

/// Selectors by area and expected error, the corpus range, outcomes other than pass and fail,
/// and suggestions that make the next run green.
@Suite("expected failures: selectors, ranges and suggestions")
struct ExpectedFailuresSuggestionTests {
    func list(_ entries: String, corpus: String? = nil) throws -> ExpectedFailures {
        let range = corpus.map { #""corpus":"\#($0)","# } ?? ""
        return try ExpectedFailures.read(Array(#"{"format":1,\#(range)"entries":[\#(entries)]}"#.utf8), path: "list.json")
    }

    @Test("entries select by id, tag, area and expected error; an id entry wins, then list order")
    func selectors() throws {
        let entries = try list(#"{"error":"invalid-date","reason":"by error"},{"tag":"date","op":"decode","reason":"by tag"},"#
            + #"{"area":"scoring","reason":"by area"},{"id":"BBBB02","reason":"by id"}"#)
        let cases = Dictionary(ScriptedAdapter.corpus.cases.map { ($0.vector.id, $0.vector) }, uniquingKeysWith: { a, _ in a })
        #expect(entries.entry(for: try #require(cases["BBBB02"]), area: "scoring", .decode)?.reason == "by id")
        #expect(entries.entry(for: try #require(cases["BBBB08"]), area: "scoring", .encode)?.reason == "by error")
        #expect(entries.entry(for: try #require(cases["BBBB01"]), area: "scoring", .decode)?.reason == "by tag")
        #expect(entries.entry(for: try #require(cases["BBBB01"]), area: "scoring", .encode)?.reason == "by area")
        #expect(entries.unmatched(in: ScriptedAdapter.corpus).stale.isEmpty)
        let stale = try list(#"{"area":"nosuch","reason":"no such area"},{"error":"invalid-acl","reason":"no such error here"}"#)
        #expect(stale.unmatched(in: ScriptedAdapter.corpus).stale.map(\.label) == ["area nosuch", "error invalid-acl"])
    }

    @Test("a list for other corpus versions is refused; a matching or absent range is accepted")
    func corpusRange() throws {
        #expect(throws: CorpusError.self) { try list("", corpus: ">=2.0 <3").check(corpusVersion: "1.0.0", path: "list.json") }
        #expect(throws: CorpusError.self) { try list("", corpus: "1.1.0").check(corpusVersion: "1.0.0", path: "list.json") }
        try list("", corpus: ">=1.0 <2").check(corpusVersion: "1.1.0", path: "list.json")
        try list("", corpus: ">=1.1").check(corpusVersion: "1.1.0", path: "list.json")
        try list("").check(corpusVersion: "9.0.0", path: "list.json")
        #expect(throws: CorpusError.self) { try list("", corpus: "about 1") }
    }

    @Test("a listed crash or adapter error is xfail; a listed informational outcome is xpass; a skip entry on an unsupported check leaves it unsupported")
    func otherOutcomes() throws {
        let entries = try list(#"{"id":"BBBB04","reason":"the glue breaks"},{"id":"BBBB02","reason":"tolerated anyway"},"#
            + #"{"id":"BBBB07","op":"encode","mode":"skip","reason":"not written"}"#)
        let hello = ScriptedAdapter.hello(#""profile":"client","ops":{"decode":["value","object","update"],"encode":["value","update"],"roundtrip":["value","object","update"]}"#)
        let result = try ScriptedAdapter.run(hello: hello, options: { $0.expectedFailures = entries }, script: { request, vector in
            if vector.id == "BBBB04" { return .errored(message: "glue broke") }
            return ScriptedAdapter.acceptsDecodeErrors(request, vector)
        })
        let outcomes = Dictionary(result.records.map { ($0.name, $0.outcome) }, uniquingKeysWith: { a, _ in a })
        #expect(outcomes["BBBB04 decode wire"] == .xfail)
        #expect(outcomes["BBBB02 decode wire"] == .xpass)
        #expect(outcomes["BBBB07 encode value"] == .unsupported)
        #expect(result.unmatchedEntries.isEmpty)
    }

    @Test("suggestions are one entry per cause, draft reasons from what happened, and make the next run green")
    func suggestionsTurnGreen() throws {
        let script: ScriptedAdapter.Script = { request, vector in
            if vector.id == "BBBB06" { return .errored(message: "no save bodies") }
            if vector.kind == .decodeError { return .value(.null) }
            if vector.id == "BBBB08" { return .wire(#"{"__type":"Date","iso":"+010000-01-01T00:00:00.000Z"}"#) }
            return nil
        }
        let first = try ScriptedAdapter.run(script: script)
        #expect(first.exitCode == 1)
        let text = SuggestionsReport.additions(first)
        #expect(!text.contains("describe why"))
        let additions = try ExpectedFailures.read(Array(text.utf8), path: "add.json")
        #expect(additions.entries.allSatisfy { $0.cause != nil })
        #expect(Set(additions.entries.compactMap(\.cause)).count == additions.entries.count)
        #expect(additions.entries.contains { $0.cause == "decode: the adapter errored" && $0.reason.contains("the adapter errors: no save bodies") })
        #expect(additions.entries.contains { $0.cause == "encode: accepted, expected a rejection invalid-date"
            && $0.reason.contains("writes it, though the corpus rejects it as invalid-date") })
        #expect(additions.entries.contains { $0.reason.contains("accepts it, though the corpus rejects it as invalid-base64") })
        let second = try ScriptedAdapter.run(options: { $0.expectedFailures = additions }, script: script)
        #expect(second.exitCode == 0, "\(SummaryReport.render(second))")
    }

    @Test("a check that crashes the adapter is suggested as skip")
    func crashIsSkip() throws {
        let result = try FixtureAdapters.run(["crash", "AAAA02"])
        let additions = try ExpectedFailures.read(Array(SuggestionsReport.additions(result).utf8), path: "add.json")
        #expect(additions.entries.map(\.label) == ["id AAAA02 decode"])
        #expect(additions.entries.first?.mode == .skip)
        #expect(additions.entries.first?.reason.contains("crashes the adapter") == true)
    }
}

/// Suggestions do not depend on the order a dictionary happens to iterate in.
@Suite("expected failures: stable suggestions")
struct StableSuggestionTests {
    @Test("the same run gives the same suggested list, every time")
    func stable() throws {
        let script: ScriptedAdapter.Script = { _, vector in vector.tags.contains("date") ? .errored(message: "no dates") : nil }
        let texts = try (0..<5).map { _ in SuggestionsReport.additions(try ScriptedAdapter.run(script: script)) }
        #expect(Set(texts).count == 1)
        #expect(texts[0].contains(#"{"cause":"decode: the adapter errored","mode":"xfail","reason":"decode: the adapter errored: "#))
    }
}
