import Foundation
import ParseWireConformance
import Testing

/// Entries of mode `flaky`, `remove.json` as list entries, and applying a suggestions directory
/// to a list (`parse-wire expected-failures apply`).
@Suite("expected failures: flaky entries and keeping a list")
struct ListKeepingTests {
    func list(_ entries: String) throws -> ExpectedFailures {
        try ExpectedFailures.read(Array(#"{"format":1,"implementation":"scripted","entries":[\#(entries)]}"#.utf8), path: "list.json")
    }

    /// Writes BBBB01's Date wrong on one run and right on the next, as an SDK does whose output
    /// depends on hash order (a relation's members in a `Set`).
    static func hashOrder(_ wrong: Bool) -> ScriptedAdapter.Script {
        { request, vector in
            guard wrong, vector.id == "BBBB01", request.operation != .decode else { return nil }
            return .wire(#"{"__type":"Date","iso":"2022-01-01T12:23:45.000Z"}"#)
        }
    }

    @Test("a flaky entry expects either outcome: failing is xfail, passing stays pass, and both runs pass")
    func flakyEitherWay() throws {
        let flaky = try list(#"{"id":"BBBB01","mode":"flaky","reason":"writes the Date's members in hash order"}"#)
        let failing = try ScriptedAdapter.run(options: { $0.expectedFailures = flaky }, script: Self.hashOrder(true))
        let passing = try ScriptedAdapter.run(options: { $0.expectedFailures = flaky }, script: Self.hashOrder(false))
        #expect(failing.exitCode == 0, "\(SummaryReport.render(failing))")
        #expect(passing.exitCode == 0, "\(SummaryReport.render(passing))")
        let outcomes = failing.records.filter { $0.id == "BBBB01" }.map(\.outcome)
        #expect(outcomes == [.pass, .xfail, .xfail])
        #expect(passing.records.filter { $0.id == "BBBB01" }.map(\.outcome) == [.pass, .pass, .pass])
        #expect(passing.counts[.xpass] == nil)
        #expect(failing.flakyCounts.failed == 2 && failing.flakyCounts.passed == 1)
        #expect(passing.flakyCounts.failed == 0 && passing.flakyCounts.passed == 3)
        #expect(SummaryReport.render(failing).contains("3 checks listed flaky: 2 failed, 1 passed (either is expected)"))
        // The same list with mode xfail fails the run whose answers happen to be right.
        let strict = try list(#"{"id":"BBBB01","reason":"writes the Date's members in hash order"}"#)
        #expect(try ScriptedAdapter.run(options: { $0.expectedFailures = strict }, script: Self.hashOrder(false)).exitCode == 1)
        // Never suggested for removal because it passes.
        #expect(passing.suggestedRemovals.isEmpty)
    }

    @Test("flaky checks are counted apart in the NDJSON report")
    func flakyInReports() throws {
        let flaky = try list(#"{"id":"BBBB01","mode":"flaky","reason":"writes the Date's members in hash order"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = flaky }, script: Self.hashOrder(true))
        let lines = NDJSONReport.render(result).split(separator: "\n")
        #expect(lines.filter { $0.contains(#""flaky":true"#) }.count == 3)
        #expect(lines.last?.contains(#""flaky":{"failed":2,"passed":1}"#) == true)
        let file = try ResultsFile.read(NDJSONReport.render(result), path: "run.ndjson")
        #expect(file.checks.filter(\.flaky).map(\.name) == ["BBBB01 decode canonical", "BBBB01 encode value", "BBBB01 roundtrip canonical"])
        let unlisted = try ScriptedAdapter.run(script: Self.hashOrder(true))
        #expect(!NDJSONReport.render(unlisted).contains(#""flaky""#))
    }

    @Test("report diff marks a listed flaky check whose outcome changed as expected, neither broke nor fixed")
    func flakyInDiff() throws {
        let flaky = try list(#"{"id":"BBBB01","mode":"flaky","reason":"writes the Date's members in hash order"}"#)
        let runs = try [true, false].map { wrong in
            try ResultsFile.read(NDJSONReport.render(try ScriptedAdapter.run(options: { $0.expectedFailures = flaky }, script: Self.hashOrder(wrong))),
                                 path: "run.ndjson")
        }
        let diff = ResultsDiff(old: runs[0], new: runs[1])
        #expect(diff.changes.map(\.name) == ["BBBB01 encode value", "BBBB01 roundtrip canonical"])
        #expect(diff.changes.allSatisfy { $0.flaky && !$0.broke && !$0.fixed })
        #expect(diff.text.contains("      BBBB01 encode value: xfail → pass (listed flaky) — "))
    }

    @Test("a flaky entry keeps errorKind: a failure of another kind is not covered")
    func flakyErrorKind() throws {
        let flaky = try list(#"{"id":"BBBB01","op":"decode","mode":"flaky","errorKind":"invalid-date","reason":"refuses it at random"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = flaky }, script: { request, vector in
            vector.id == "BBBB01" && request.operation == .decode ? .rejected(kind: "other", message: "no") : nil
        })
        #expect(result.records.first { $0.name == "BBBB01 decode canonical" }?.outcome == .fail)
        #expect(result.exitCode == 1)
    }

    @Test("an unknown mode is refused, naming the modes")
    func unknownMode() {
        #expect(throws: CorpusError.self) { try list(#"{"id":"BBBB01","mode":"sometimes","reason":"not a mode"}"#) }
        do {
            _ = try list(#"{"id":"BBBB01","mode":"sometimes","reason":"not a mode"}"#)
        } catch {
            #expect((error as? CorpusError)?.message.contains("xfail, skip or flaky") == true)
        }
    }

    /// Dates fail only for BBBB01 (every check) and BBBB08 (its one encode check); every other
    /// check is the reference's.
    static let datesWrong: ScriptedAdapter.Script = { request, vector in
        if vector.id == "BBBB01" { return .rejected(kind: "other", message: "no dates") }
        if vector.id == "BBBB08" { return .wire(#"{"__type":"Date","iso":"+010000-01-01T00:00:00.000Z"}"#) }
        return nil
    }

    @Test("remove.json holds list entries with why; a tag entry that partly passes is narrowed to the failing cases, reasons kept")
    func removals() throws {
        let entries = try list(#"{"tag":"date","reason":"my words: dates are broken","issue":"GH-12"},"#
            + #"{"id":"BBBB03","op":"decode","reason":"thought to accept junk base64"},{"area":"nosuch","reason":"a stale entry"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = entries }, script: Self.datesWrong)
        let removals = result.suggestedRemovals
        #expect(removals.map(\.label) == ["tag date", "id BBBB03 decode", "area nosuch"])
        #expect(removals.map(\.why) == [.partlyPasses, .nowPasses, .matchesNothing])
        let text = SuggestionsReport.removals(result)
        #expect(text.contains(#"{"entry":{"tag":"date","reason":"my words: dates are broken","issue":"GH-12"},"why":"partly passes","checks":["BBBB02 decode wire","#))
        #expect(text.contains(#""replaceWith":[{"id":"BBBB01","reason":"my words: dates are broken","issue":"GH-12"},{"id":"BBBB08","reason":"my words: dates are broken","issue":"GH-12"}]"#))
        #expect(text.contains(#"{"entry":{"id":"BBBB03","op":"decode","reason":"thought to accept junk base64"},"why":"now passes","checks":["BBBB03 decode wire"]}"#))
        #expect(text.contains(#"{"entry":{"area":"nosuch","reason":"a stale entry"},"why":"matches nothing"}"#))
        #expect(try SuggestedRemoval.read(Array(text.utf8), path: "remove.json") == removals)
    }

    @Test("an id entry whose other operations pass is narrowed to one op")
    func narrowedToOperation() throws {
        let entries = try list(#"{"id":"BBBB01","reason":"dates are broken"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = entries }, script: { request, vector in
            vector.id == "BBBB01" && request.operation == .decode ? .rejected(kind: "other", message: "no") : nil
        })
        let removal = try #require(result.suggestedRemovals.first)
        #expect(removal.why == .partlyPasses)
        #expect(removal.passing == ["BBBB01 encode value", "BBBB01 roundtrip canonical"])
        #expect(SuggestionsReport.removals(result).contains(#""replaceWith":[{"id":"BBBB01","op":"decode","reason":"dates are broken"}]"#))
    }

    @Test("an entry narrowed to one op stays narrowed to it: the case's other operations are not taken in")
    func narrowingKeepsTheOperation() throws {
        let entries = try list(#"{"tag":"date","op":"decode","reason":"dates are read wrong"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = entries }, script: { request, vector in
            vector.id == "BBBB01" && request.operation == .decode ? .rejected(kind: "other", message: "no") : nil
        })
        #expect(result.suggestedRemovals.map(\.why) == [.partlyPasses])
        #expect(SuggestionsReport.removals(result).contains(#""replaceWith":[{"id":"BBBB01","op":"decode","reason":"dates are read wrong"}]"#))
    }

    @Test("an operation whose inputs went both ways is narrowed as far as an entry can, and listed flaky")
    func mixedInputsAreFlaky() throws {
        let corpus = try CorpusLocation.corpus.get()
        let vector = try #require(corpus.cases.first { $0.vector.kind == .valid && $0.vector.alternates.count >= 2 && !$0.vector.oneWay }?.vector)
        let entries = try list(#"{"id":"\#(vector.id)","op":"decode","reason":"reads the alternates wrong"}"#)
        let firstAlternate = vector.alternates[0].input
        let script: ScriptedAdapter.Script = { request, _ in
            guard request.operation == .decode, case .wire(let input) = request.payload, input.text == firstAlternate.text else { return nil }
            return .rejected(kind: "other", message: "no")
        }
        var filter = CaseFilter()
        filter.ids = [vector.id]
        let first = try ScriptedAdapter.run(corpus: corpus, options: { $0.expectedFailures = entries; $0.filter = filter }, script: script)
        let removal = try #require(first.suggestedRemovals.first)
        #expect(removal.why == .partlyPasses)
        let text = SuggestionsReport.removals(first)
        #expect(text.contains(#""replaceWith":[{"id":"\#(vector.id)","op":"decode","mode":"flaky","reason":"reads the alternates wrong"}]"#))
        let update = try ListUpdate.apply(list: (Array(#"{"format":1,"implementation":"scripted","entries":[{"id":"\#(vector.id)","op":"decode","reason":"reads the alternates wrong"}]}"#.utf8), "list.json"),
                                          additions: (Array(SuggestionsReport.additions(first).utf8), "add.json"), removals: (Array(text.utf8), "remove.json"))
        let second = try ScriptedAdapter.run(corpus: corpus, options: {
            $0.expectedFailures = try? ExpectedFailures.read(Array(update.text.utf8), path: "list.json")
            $0.filter = filter
        }, script: script)
        #expect(second.exitCode == 0, "\(SummaryReport.render(second))")
        #expect(second.flakyCounts.failed == 1)
    }

    @Test("a tag entry with checks that pass in a sharded run is kept: only a whole run can tell")
    func partialRunKeepsGroups() throws {
        let entries = try list(#"{"tag":"date","reason":"dates are broken"},{"id":"BBBB03","op":"decode","reason":"thought to fail"}"#)
        var whys: [String: SuggestedRemoval.Why] = [:]
        for index in 1...2 {
            let part = try ScriptedAdapter.run(options: { $0.expectedFailures = entries; $0.shard = Shard(index: index, count: 2) }, script: Self.datesWrong)
            for removal in part.suggestedRemovals { whys[removal.label] = removal.why }
        }
        #expect(whys == ["tag date": .passesInPartialRun, "id BBBB03 decode": .nowPasses])
    }
}
