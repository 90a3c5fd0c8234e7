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
        #expect(result.suggestedRemovals.contains { $0.hasPrefix("AAAA02 decode wire") })
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

    @Test("suggested additions are a valid expected-failures list")
    func suggestions() throws {
        let result = try FixtureAdapters.run(["reject-all"])
        let additions = try ExpectedFailures.read(Array(SuggestionsReport.additions(result).utf8), path: "add.json")
        #expect(additions.entries.map(\.label) == ["id AAAA01 decode", "id AAAA01 encode", "id AAAA01 roundtrip",
                                                    "id AAAA05 decode", "id AAAA05 encode", "id AAAA05 roundtrip"])
    }

    @Test("malformed lists are refused", arguments: [
        #"{"format":2,"entries":[]}"#, #"{"format":1,"entries":[{"reason":"neither id nor tag"}]}"#,
        #"{"format":1,"entries":[{"id":"AAAA01","tag":"date","reason":"both"}]}"#,
        #"{"format":1,"entries":[{"id":"AAAA01"}]}"#, #"{"format":1,"entries":[{"id":"AAAA01","reason":"bad op","op":"parse"}]}"#,
    ])
    func malformed(_ text: String) {
        #expect(throws: CorpusError.self) { try ExpectedFailures.read(Array(text.utf8), path: "list.json") }
    }
}
