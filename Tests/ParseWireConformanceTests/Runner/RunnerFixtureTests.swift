import Foundation
import ParseWireConformance
import Testing

/// The runner against fixture adapters that misbehave in every way the protocol allows for.
@Suite("runner against fixture adapters")
struct RunnerFixtureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let mode: [String]
        let counts: [String: Int]
        let exitCode: Int32
        let restarts: Int
        var testDescription: String { mode.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(mode: ["perfect"], counts: ["pass": 10], exitCode: 0, restarts: 0),
        Case(mode: ["reject-all"], counts: ["pass": 2, "fail": 6, "rejected": 1, "unsupported": 1], exitCode: 1, restarts: 0),
        Case(mode: ["skip-all"], counts: ["skip": 9, "unsupported": 1], exitCode: 1, restarts: 0),
        Case(mode: ["crash", "AAAA02"], counts: ["pass": 9, "crash": 1], exitCode: 1, restarts: 1),
        Case(mode: ["hang", "AAAA02"], counts: ["pass": 9, "timeout": 1], exitCode: 1, restarts: 1),
        Case(mode: ["garbage", "AAAA02"], counts: ["pass": 9, "error": 1], exitCode: 1, restarts: 1),
        Case(mode: ["wrong-seq", "AAAA02"], counts: ["pass": 9, "error": 1], exitCode: 1, restarts: 1),
        Case(mode: ["slow-start", "0.6"], counts: ["pass": 10], exitCode: 0, restarts: 0),
    ]

    @Test("each fixture adapter yields exactly the expected outcomes and exit code", arguments: cases)
    func outcomes(_ fixture: Case) throws {
        let result = try FixtureAdapters.run(fixture.mode)
        #expect(FixtureAdapters.counts(result) == fixture.counts)
        #expect(result.exitCode == fixture.exitCode)
        #expect(result.restarts == fixture.restarts)
        #expect(!result.stoppedEarly)
    }

    @Test("nothing is lost: every check of a run appears in the NDJSON report exactly once", arguments: cases)
    func nothingLost(_ fixture: Case) throws {
        let result = try FixtureAdapters.run(fixture.mode)
        let lines = NDJSONReport.render(result).split(separator: "\n").map(String.init)
        #expect(lines.first?.contains(#""record":"header""#) == true)
        #expect(lines.last?.contains(#""record":"footer""#) == true)
        // Between them: the check lines, then one line per extra environment (which are not checks).
        let body = lines.dropFirst().dropLast()
        #expect(body.suffix(result.environments.count).allSatisfy { $0.contains(#""record":"environment""#) })
        let names = try body.dropLast(result.environments.count).map { line in
            let file = try ResultsFile.read(lines[0] + "\n" + line, path: "report")
            return try #require(file.checks.first).name
        }
        #expect(names.count == result.records.count)
        #expect(Set(names).count == names.count)
        let planned = Set(ConformanceRunner.plan(FixtureAdapters.corpus, filter: CaseFilter()).map(\.name))
        #expect(planned.isSubset(of: Set(names)))
    }

    @Test("a crash and a timeout are charged to one check, with the adapter's stderr tail")
    func stderrTail() throws {
        let crash = try FixtureAdapters.run(["crash", "AAAA02"])
        let crashed = try #require(crash.records.first { $0.outcome == .crash })
        #expect(crashed.name == "AAAA02 decode wire")
        #expect(crashed.message.contains("status 3"))
        #expect(crashed.stderrTail?.contains("crashing on AAAA02") == true)
        let hang = try FixtureAdapters.run(["hang", "AAAA02"])
        let hung = try #require(hang.records.first { $0.outcome == .timeout })
        #expect(hung.name == "AAAA02 decode wire")
        #expect(hung.stderrTail?.contains("hanging on AAAA02") == true)
    }

    @Test("an adapter that starts too slowly, or not at all, is an AdapterStartError")
    func startFailures() {
        let slow = FixtureAdapters.options { $0.startTimeout = 0.3 }
        #expect(throws: AdapterStartError.self) { try FixtureAdapters.run(["slow-start", "2"], options: slow) }
        let missing = AdapterLauncher.process(["/nonexistent/adapter"])
        #expect(throws: AdapterStartError.self) {
            try ConformanceRunner(corpus: FixtureAdapters.corpus, options: FixtureAdapters.options(), launcher: missing).run()
        }
    }

    @Test("an adapter that crashes on every restart stops the run early; unsent checks are recorded as errors")
    func stopsEarly() throws {
        let result = try FixtureAdapters.run(["crash", "AAAA01"], options: FixtureAdapters.options { $0.maxRestarts = 0 })
        #expect(result.stoppedEarly)
        #expect(result.exitCode == 1)
        #expect(result.records.count == 10)
        #expect(result.records.filter { $0.message.hasPrefix("not run") }.count == 8)
    }
}
