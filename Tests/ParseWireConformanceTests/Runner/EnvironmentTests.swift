import Foundation
import ParseWire
import ParseWireConformance
import Testing

/// The extra environments of a run (`Vectors/INTERPRETING.md` §9, Environments): which cases depend
/// on the environment, the passes the runner makes in them, and how their failures are reported
/// and listed.
@Suite("Environments")
struct EnvironmentTests {
    @Test("a case depends on the environment when a value or a document holds a date, and only then")
    func derivation() throws {
        let dependent = FixtureAdapters.corpus.cases.filter { $0.1.dependsOnEnvironment }.map(\.1.id)
        #expect(dependent == ["AAAA01", "AAAA02", "AAAA03", "AAAA04"])
        let corpus = try CorpusLocation.corpus.get()
        let byArea = Dictionary(grouping: corpus.cases) { $0.0.area }
        // Every date the date area holds; its only others are objects whose `__type` is not "Date".
        #expect(byArea["date"]?.filter { $0.1.kind == .valid }.allSatisfy { $0.1.dependsOnEnvironment } == true)
        let others = byArea["date"]?.filter { !$0.1.dependsOnEnvironment }.map(\.1.id).sorted()
        #expect(others == ["15E138", "5V4CT0", "AM6DG2", "C175H8", "K46SER", "KHTGSS", "QK5D13", "SCCP07", "TB3570", "WCEQYZ"])
        #expect(byArea["strings"]?.contains { $0.1.dependsOnEnvironment } == false)
        #expect(byArea["bytes"]?.contains { $0.1.dependsOnEnvironment } == false)
        // Dates outside the date area: a fetched object's timestamps (plain strings), a Date in a
        // query, in a message.
        for area in ["records", "query", "messages", "object"] {
            #expect(byArea[area]?.contains { $0.1.dependsOnEnvironment } == true, "\(area)")
        }
    }

    /// A one-file corpus of `cases` in a temporary directory, the file at `schemaVersion`.
    func corpus(_ cases: String, schemaVersion: String = "1.3") throws -> Corpus {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cases/date"), withIntermediateDirectories: true)
        try Data("1.0.0\n".utf8).write(to: root.appendingPathComponent("VERSION"))
        try Data(#"{"date":"d"}"#.utf8).write(to: root.appendingPathComponent("tags.json"))
        try FileManager.default.copyItem(at: CorpusLocation.root.appendingPathComponent("flags.json"), to: root.appendingPathComponent("flags.json"))
        try FileManager.default.copyItem(at: CorpusLocation.root.appendingPathComponent("spec"), to: root.appendingPathComponent("spec"))
        try Data("# retired\n".utf8).write(to: root.appendingPathComponent("retired-ids.txt"))
        let file = #"{"schemaVersion":"\#(schemaVersion)","title":"Test","area":"date","cases":[\#(cases)]}"#
        try Data(file.utf8).write(to: root.appendingPathComponent("cases/date/test.json"))
        return try Corpus.load(from: root)
    }

    static let number = #"{"id":"0A1B2D","description":"A fraction","kind":"valid","spec":["DATE-1"],"canonical":1.5,"value":{"number":"1.5"}"#
    static let date = #"{"id":"0A1B2C","description":"A date","kind":"valid","tags":["date"],"spec":["DATE-1"],"canonical":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"},"value":{"date":{"epochMs":"0"}}"#

    @Test("a case that holds no date declares its dependence with dependsOnEnvironment, since schemaVersion 1.3, only there")
    func declaration() throws {
        let plain = try corpus(Self.number + "}")
        #expect(plain.cases.first?.1.dependsOnEnvironment == false)
        let declared = try corpus(Self.number + #","dependsOnEnvironment":true}"#)
        #expect(declared.findings.isEmpty && CorpusLinter.lint(declared).isEmpty)
        let vector = try #require(declared.cases.first?.1)
        #expect(vector.dependsOnEnvironment && !vector.holdsDate)
        let redundant = try corpus(Self.date + #","dependsOnEnvironment":true}"#)
        #expect(CorpusLinter.lint(redundant).contains { $0.message.contains("this one does") })
        let negative = try corpus(Self.number + #","dependsOnEnvironment":false}"#)
        #expect(negative.findings.contains { $0.message.contains("only ever true") })
        let early = try corpus(Self.number + #","dependsOnEnvironment":true}"#, schemaVersion: "1.2")
        #expect(early.findings.contains { $0.message.contains("needs schemaVersion 1.3") })
    }

    @Test("an adapter that depends on its time zone fails in the zones east and west, one cause each, naming the environment")
    func zoneBoundAdapter() throws {
        let result = try FixtureAdapters.run(["zone-bound", "AAAA01"])
        #expect(result.records.allSatisfy { !$0.outcome.isFailing })
        #expect(result.environments.map(\.environment) == AdapterEnvironment.defaults)
        let failing = result.environments.filter { !$0.failures.isEmpty }.map(\.environment)
        #expect(failing == [.sydney, .newYork])
        for found in result.environments {
            // AAAA05 (Bytes) holds no date: only the seven checks of the four Date cases run again.
            #expect(found.checks == 7)
            #expect(found.stopReason == nil)
        }
        let sydney = try #require(result.environments.first)
        #expect(sydney.failures.map(\.name) == ["AAAA01 decode canonical", "AAAA01 encode value", "AAAA01 roundtrip canonical"])
        #expect(sydney.cause == "environment sydney (TZ=Australia/Sydney)")
        #expect(result.exitCode == 1)
        let summary = SummaryReport.render(result)
        #expect(summary.contains("FAILED — failures only under the environments sydney, new-york"))
        #expect(summary.contains("ENVIRONMENT sydney (TZ=Australia/Sydney): 3 checks (1 case) that pass under UTC fail here"))
        #expect(!summary.contains("ENVIRONMENT arabic"))
    }

    @Test("an adapter that reads no environment passes every environment")
    func perfectAdapter() throws {
        let result = try FixtureAdapters.run(["perfect"])
        #expect(result.environments.count == 4)
        #expect(result.environments.allSatisfy { $0.failures.isEmpty && $0.checks == 7 })
        #expect(result.exitCode == 0)
        #expect(SummaryReport.render(result).contains("environments: no failure of their own under sydney"))
    }

    @Test("an environment entry lists the environment's failures; mode skip leaves it out; one that covers nothing is stale")
    func listedEnvironments() throws {
        let listed = try FixtureAdapters.list(#"{"environment":"sydney","reason":"writes local time"},"#
            + #"{"environment":"new-york","mode":"flaky","reason":"writes local time"}"#)
        let covered = try FixtureAdapters.run(["zone-bound", "AAAA01"], options: FixtureAdapters.options { $0.expectedFailures = listed })
        #expect(covered.environments.allSatisfy { !$0.unexpected })
        #expect(covered.exitCode == 0)
        let skipping = try FixtureAdapters.list(#"{"environment":"sydney","mode":"skip","reason":"writes local time"}"#)
        let skipped = try FixtureAdapters.run(["zone-bound", "AAAA01"], options: FixtureAdapters.options {
            $0.expectedFailures = skipping
            $0.environments = [.sydney]
        })
        #expect(skipped.environments.isEmpty)
        #expect(skipped.environmentNote?.contains("listed as skip: sydney") == true)
        #expect(skipped.exitCode == 0)
        let stale = try FixtureAdapters.run(["perfect"], options: FixtureAdapters.options { $0.expectedFailures = listed })
        #expect(stale.unmatchedEntries.map(\.label) == ["environment sydney"])
        #expect(stale.unconfirmedEntries.map(\.label) == ["environment new-york"])
        #expect(stale.exitCode == 1)
    }

    @Test("the add suggestions hold one entry per failing environment, and that list makes the run pass")
    func suggestion() throws {
        let result = try FixtureAdapters.run(["zone-bound", "AAAA01"])
        let text = SuggestionsReport.additions(result)
        #expect(text.contains(#"{"environment":"sydney","mode":"xfail","reason":"fails only under sydney (TZ=Australia/Sydney): 3 checks"#))
        let list = try ExpectedFailures.read(Array(text.utf8), path: "add.json")
        #expect(list.entries.count == 2)
        let again = try FixtureAdapters.run(["zone-bound", "AAAA01"], options: FixtureAdapters.options { $0.expectedFailures = list })
        #expect(again.exitCode == 0)
    }

    @Test("the in-process reference and an environment pinned by --adapter-env run no extra environment, and say so")
    func notChecked() throws {
        let inProcess = try ConformanceRunner(corpus: FixtureAdapters.corpus, options: FixtureAdapters.options(),
                                              launcher: .inProcess(ReferenceAdapter(strict: false))).run()
        #expect(inProcess.environments.isEmpty)
        #expect(inProcess.environmentNote == "not checked: the adapter runs in process and cannot change its time zone or locale")
        let pinned = try FixtureAdapters.run(["zone-bound", "AAAA01"], environment: ["TZ": "UTC"])
        #expect(pinned.environments.isEmpty)
        #expect(pinned.environmentNote == "not checked: --adapter-env TZ=UTC pins the environment")
        #expect(pinned.exitCode == 0)
        let none = try FixtureAdapters.run(["zone-bound", "AAAA01"], options: FixtureAdapters.options { $0.environments = [] })
        #expect(none.environments.isEmpty && none.exitCode == 0)
    }

    @Test("the NDJSON report has one line per environment, in the results schema's shape, read back as it was")
    func ndjson() throws {
        let result = try FixtureAdapters.run(["zone-bound", "AAAA01"])
        let text = NDJSONReport.render(result)
        let lines = text.split(separator: "\n")
        let environments = lines.filter { $0.contains(#""record":"environment""#) }
        #expect(environments.count == 4)
        #expect(environments.first?.hasPrefix(#"{"record":"environment","environment":"sydney","variables":{"TZ":"Australia/Sydney"},"checks":7,"#) == true)
        #expect(lines.last?.contains(#""environments":["sydney","new-york"]"#) == true)
        let back = try RunResult(report: text, path: "run.ndjson")
        #expect(back.environments.map(\.failures.count) == result.environments.map(\.failures.count))
        #expect(back.exitCode == 1)
        let junit = JUnitReport.render(result)
        #expect(junit.contains(#"<testsuite name="environments" tests="4" failures="2" skipped="0">"#))
        #expect(junit.contains(#"<testcase classname="environments" name="sydney"><failure message="environment sydney (TZ=Australia/Sydney): 3 checks"#))
        #expect(junit.contains(#"<testcase classname="environments" name="arabic"></testcase>"#))
        #expect(MarkdownReport.render(back).contains("| `sydney (TZ=Australia/Sydney)` | 7 | 3 | 1 | **unexpected** |"))
    }

    @Test("an environment entry is checked like the others", arguments: [
        #"{"environment":"mars","reason":"no such place"}"#,
        #"{"environment":"sydney","op":"decode","reason":"writes local time"}"#,
        #"{"environment":"sydney","errorKind":"invalid-date","reason":"writes local time"}"#,
        #"{"environment":"sydney","id":"AAAA01","reason":"writes local time"}"#,
    ])
    func badEntries(_ entry: String) {
        #expect(throws: CorpusError.self) { try FixtureAdapters.list(entry) }
    }

    @Test("--environments reads names and none, and refuses the rest")
    func parseList() {
        #expect(AdapterEnvironment.parseList("sydney,thai") == [.sydney, .thai])
        #expect(AdapterEnvironment.parseList("none") == [])
        #expect(AdapterEnvironment.parseList("sydney,,thai") == nil)
        #expect(AdapterEnvironment.parseList("Tokyo") == nil)
        #expect(AdapterEnvironment.pins(["LC_TIME": "th_TH.UTF-8"]) && AdapterEnvironment.pins(["TZ": "UTC"]))
        #expect(!AdapterEnvironment.pins(["PARSE_APP": "x"]))
    }
}
