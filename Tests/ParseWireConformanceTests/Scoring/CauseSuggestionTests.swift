import Foundation
import ParseWire
@testable import ParseWireConformance
import Testing

/// `--write-suggestions` drafts one `cause` entry per cause; the unedited draft turns the next run
/// green, in a whole run and in a shard; a cause entry that covers nothing fails a whole run only.
@Suite("causes: suggestions and the cause selector")
struct CauseSuggestionTests {
    static let script: ScriptedAdapter.Script = { request, vector in
        CauseFixtures.datesRejected(request, vector) ?? CauseFixtures.bytesAsStrings(request, vector)
    }

    @Test("the draft of a run with no list has one entry per cause and makes the second run green, whole and in a shard")
    func draftTurnsGreen() throws {
        let corpus = try CorpusLocation.corpus.get()
        let first = try CauseFixtures.run(corpus, script: Self.script)
        #expect(first.exitCode == 1)
        let text = SuggestionsReport.additions(first)
        let draft = try ExpectedFailures.read(Array(text.utf8), path: "add.json")
        #expect(draft.entries.map(\.label) == ["cause decode: expected Bytes, got string", "cause decode: rejected with invalid-date, expected a value"]
            || draft.entries.map(\.label) == ["cause decode: rejected with invalid-date, expected a value", "cause decode: expected Bytes, got string"])
        let bytes = try #require(draft.entries.first { $0.cause == "decode: expected Bytes, got string" })
        #expect(bytes.reason.contains(" checks of ") && bytes.reason.contains("; e.g. "))
        for _ in 0..<2 {
            let second = try CauseFixtures.run(corpus, options: { $0.expectedFailures = draft }, script: Self.script)
            #expect(second.exitCode == 0, "\(SummaryReport.render(second))")
            #expect(second.counts[.xfail] == first.unexpected.count)
        }
        for index in 1...3 {
            let shard = try CauseFixtures.run(corpus, options: { $0.expectedFailures = draft; $0.shard = Shard("\(index)/3") }, script: Self.script)
            #expect(shard.exitCode == 0, "\(SummaryReport.render(shard))")
        }
    }

    @Test("a cause entry that covers no failure fails a run of every check, and only warns in a filtered run")
    func idleCauseEntry() throws {
        let list = try FixtureAdapters.list(#"{"cause":"decode: expected Bytes, got string","reason":"bytes read as strings"}"#)
        let whole = try ScriptedAdapter.run(options: { $0.expectedFailures = list })
        #expect(whole.unmatchedEntries.map(\.label) == ["cause decode: expected Bytes, got string"])
        #expect(whole.exitCode == 1)
        let filtered = try ScriptedAdapter.run(options: { $0.expectedFailures = list; $0.filter.ids = ["BBBB01"] })
        #expect(filtered.unmatchedEntries.isEmpty)
        #expect(filtered.unconfirmedEntries.map(\.label) == ["cause decode: expected Bytes, got string"])
        #expect(filtered.exitCode == 0)
        #expect(SummaryReport.render(filtered).contains("warning: expected-failures entry cause decode: expected Bytes, got string covered no failure"))
    }

    @Test("an id entry wins over a cause entry; a failure its entry does not cover falls to the cause entry")
    func precedence() throws {
        let script: ScriptedAdapter.Script = { _, vector in vector.id == "BBBB03" ? .value(.null) : nil }
        let list = try FixtureAdapters.list(#"{"id":"BBBB03","errorKind":"invalid-date","reason":"by id, for another shape"},"#
            + #"{"cause":"decode: accepted, expected a rejection invalid-base64","reason":"by cause"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = list }, script: script)
        let record = try #require(result.records.first { $0.name == "BBBB03 decode wire" })
        #expect(record.outcome == .xfail)
        #expect(record.listed == "by cause")
        #expect(result.exitCode == 0)
    }
}

/// The console leads with the verdict, then the causes ranked by size; checks one by one only on request.
@Suite("causes: the console")
struct CauseConsoleTests {
    @Test("the summary ranks causes by size with checks, cases, rules and one example; --show-checks adds every check")
    func ranked() throws {
        let corpus = try CorpusLocation.corpus.get()
        let result = try CauseFixtures.run(corpus, options: { $0.filter.areas = ["bytes", "date"] }, script: CauseSuggestionTests.script)
        let summary = SummaryReport.render(result)
        let lines = summary.split(separator: "\n").map(String.init)
        let verdict = try #require(lines.firstIndex { $0.hasPrefix("Verdict (strict profile, the default): FAILED") })
        #expect(lines[verdict + 1] == "2 causes, largest first (one behaviour each; --show-checks lists every check):")
        #expect(lines[verdict + 2].hasPrefix("  1. decode: "))
        #expect(lines[verdict + 2].contains(" checks, ") && lines[verdict + 2].contains(" cases ("))
        #expect(lines[verdict + 3].hasPrefix("     e.g. "))
        #expect(lines.last?.hasPrefix("Counts: ") == true)
        #expect(!summary.contains("FAIL  "))
        let checks = SummaryReport.render(result, showsChecks: true)
        #expect(checks.components(separatedBy: "\nFAIL  ").count + (checks.hasPrefix("FAIL  ") ? 1 : 0) - 1 == result.unexpected.count)
    }

    @Test("control characters and lone surrogates print escaped, with a legend above the counts line")
    func escapes() {
        let marker = String(Character(Unicode.Scalar(0xFDD0 as UInt32)!)) + String(Character(Unicode.Scalar(0xF0000 as UInt32)!))
        #expect(ConsoleText.escaped("a\u{7F}b\u{2028}c\nd" + marker) == #"a\u{007F}b\u{2028}c\u{000A}d\u{D800}"#)
        #expect(ConsoleText.escaped("plain é 🌚") == "plain é 🌚")
        #expect(!ConsoleText.needsEscape("plain"))
    }

    @Test("failures of recommended cases that are not enforced are reconciled in the verdict with the counts line")
    func reconciled() throws {
        let corpus = try CorpusLocation.corpus.get()
        let result = try CauseFixtures.run(corpus, options: { $0.filter.levels = [.recommended]; $0.filter.kinds = [.valid] }, script: { request, _ in
            request.operation == .decode ? .value(.string("wrong")) : nil
        })
        let notEnforced = result.records.filter { $0.outcome == .fail && !$0.unexpected }.count
        #expect(notEnforced > 0)
        #expect(result.exitCode == 0)
        let summary = SummaryReport.render(result)
        #expect(summary.contains("Verdict (strict profile, the default): PASSED — nothing unexpected; \(notEnforced) fail of recommended cases, not enforced\n"))
        #expect(summary.contains("Counts: \(result.counts[.pass] ?? 0) pass, \(notEnforced) fail, "))
    }
}
