import ParseWireConformance
import Testing

/// The renderings of a run: summary, Markdown, JUnit, the matrix; filters and the reference in process.
@Suite("reports and the in-process reference")
struct ReportTests {
    static func inProcess(_ filter: CaseFilter = CaseFilter()) throws -> RunResult {
        var options = FixtureAdapters.options()
        options.filter = filter
        let launcher = AdapterLauncher.inProcess(ReferenceAdapter(capabilities: Set(FixtureAdapters.corpus.tags.keys)))
        return try ConformanceRunner(corpus: FixtureAdapters.corpus, options: options, launcher: launcher).run()
    }

    @Test("the reference passes the fixture corpus in process, through the same protocol lines")
    func reference() throws {
        let result = try Self.inProcess()
        #expect(FixtureAdapters.counts(result) == ["pass": 10])
        #expect(SummaryReport.render(result).hasPrefix("Verdict (strict profile, the default): PASSED"))
    }

    @Test("filters select cases by area, tag, id, kind and level")
    func filters() throws {
        var filter = CaseFilter()
        filter.tags = ["bytes"]
        #expect(try Self.inProcess(filter).records.map(\.name) == ["AAAA05 decode canonical", "AAAA05 encode value", "AAAA05 roundtrip canonical"])
        filter = CaseFilter()
        filter.kinds = [.decodeError, .encodeError]
        #expect(try Self.inProcess(filter).records.map(\.id) == ["AAAA02", "AAAA03"])
        filter = CaseFilter()
        filter.ids = ["AAAA04"]
        filter.areas = ["tiny"]
        filter.levels = [.required]
        #expect(try Self.inProcess(filter).records.map(\.name) == ["AAAA04 decode wire", "AAAA04 roundtrip wire"])
    }

    @Test("JUnit, Markdown and the summary show the unexpected results")
    func renderings() throws {
        let result = try FixtureAdapters.run(["crash", "AAAA02"])
        let junit = JUnitReport.render(result)
        // Five vector cases, and one test case per extra environment.
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 5 + result.environments.count)
        #expect(junit.contains(#"<failure type="crash""#))
        #expect(junit.contains("crashing on AAAA02"))
        let markdown = MarkdownReport.render(result)
        #expect(markdown.contains("FAILED"))
        #expect(markdown.contains("| `AAAA02 decode wire` | tiny | ‼ crash |"))
        let summary = SummaryReport.render(result)
        #expect(summary.contains("Verdict (strict profile, the default): FAILED — 1 unexpected result\n"))
        #expect(summary.contains("adapter restarted 1 time: 1 crash, 0 timeouts, 0 protocol violations; first: AAAA02 decode wire: the adapter exited with status 3"))
        #expect(summary.hasSuffix("Counts: 9 pass, 0 fail, 0 error, 0 timeout, 1 crash, 0 skip, 0 unsupported, 0 tolerated, 0 xfail, 0 xpass, 0 accepted, 0 rejected (10 checks)\n"))
    }

    @Test("the summary says what each adapter restart was for, and why a run stopped early")
    func restartCauses() throws {
        let hang = SummaryReport.render(try FixtureAdapters.run(["hang", "AAAA02"]))
        #expect(hang.contains("adapter restarted 1 time: 0 crashes, 1 timeout, 0 protocol violations; first: AAAA02 decode wire: no answer"))
        let stopped = try FixtureAdapters.run(["crash", "AAAA01"], options: FixtureAdapters.options { $0.maxRestarts = 0 })
        let reason = try #require(stopped.stopReason)
        #expect(SummaryReport.render(stopped).contains("\n\(reason); the checks not sent are errors (\"not run\")\n"))
    }

    @Test("the matrix shows the checks on which implementations that ran them disagree")
    func matrix() throws {
        let perfect = try ResultsFile.read(NDJSONReport.render(try FixtureAdapters.run(["perfect"])), path: "a")
        let rejecting = try ResultsFile.read(NDJSONReport.render(try FixtureAdapters.run(["reject-all"])), path: "b")
        let matrix = MatrixReport([perfect, rejecting])
        #expect(matrix.columns == ["fixture-perfect 1", "fixture-reject-all 1"])
        #expect(Set(matrix.rows.map(\.name)) == ["AAAA01 decode canonical", "AAAA01 encode value", "AAAA01 roundtrip canonical",
                                                "AAAA05 decode canonical", "AAAA05 encode value", "AAAA05 roundtrip canonical"])
        #expect(matrix.rows.allSatisfy { $0.outcomes == [.pass, .fail] })
        #expect(!matrix.rows.contains { $0.name == "AAAA02 decode wire" })
        #expect(matrix.markdown.contains("| `AAAA01 decode canonical` |"))
        #expect(matrix.html().hasPrefix("<!DOCTYPE html>"))
        #expect(matrix.html().contains(#"<td class="o-fail"><b>✗</b> fail"#))
    }

    @Test("--repro lines are the exact requests of one case")
    func repro() throws {
        let lines = try #require(ReproScript.lines(FixtureAdapters.corpus, id: "AAAA04"))
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix(#"{"cmd":"decode","seq":1,"id":"AAAA04""#))
        #expect(lines[2].hasPrefix(#"{"cmd":"roundtrip","seq":2"#))
        #expect(ReproScript.lines(FixtureAdapters.corpus, id: "ZZZZ97") == nil)
    }
}
