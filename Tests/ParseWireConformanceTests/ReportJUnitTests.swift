import Foundation
import ParseWireConformance
import Testing

/// JUnit: one test case per vector case, suites per area.
@Suite("JUnit report")
struct ReportJUnitTests {
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("a test case per vector case, its failing checks named in its failure")
    func perCase() throws {
        let result = try FixtureAdapters.run(["crash", "AAAA02"])
        let junit = JUnitReport.render(result)
        #expect(Self.count("<testcase ", in: junit) == Set(result.records.map(\.id)).count)
        #expect(Self.count("<testsuite ", in: junit) == 1)
        #expect(junit.contains(#"<testsuite name="tiny" tests="5" failures="1" skipped="0""#))
        #expect(junit.contains(#"<failure type="crash" message="1 of 1 check unexpected: decode wire crash">"#))
        #expect(junit.contains("crashing on AAAA02"))
    }

    @Test("an expected failure is skipped with its reason; a case with nothing unexpected passes")
    func expected() throws {
        let list = try FixtureAdapters.list(#"{"id":"AAAA01","reason":"dates & <times>"}"#)
        let result = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = list })
        let junit = JUnitReport.render(result)
        #expect(junit.contains(#"<testcase classname="tiny.tiny" name="AAAA01 – A Date decodes, encodes and round-trips""#))
        #expect(junit.contains(#"<skipped message="expected failure: every check xfail (dates &amp; &lt;times&gt;)"/>"#))
        #expect(junit.contains(#"<testsuite name="tiny" tests="5" failures="1" skipped="1""#))
        #expect(Self.count("<testcase ", in: junit) == 5)
    }

    @Test("a full run of the reference over the corpus is one test case per case, within 1 MB")
    func fullRunSize() throws {
        let corpus = try CorpusLocation.corpus.get()
        let launcher = AdapterLauncher.inProcess(ReferenceAdapter(capabilities: Set(corpus.tags.keys)))
        let result = try ConformanceRunner(corpus: corpus, options: RunOptions(), launcher: launcher).run()
        let junit = JUnitReport.render(result)
        #expect(Self.count("<testcase ", in: junit) == Set(result.records.map(\.id)).count)
        #expect(Self.count("<testcase ", in: junit) == corpus.cases.count)
        #expect(junit.utf8.count < 1_000_000, "\(junit.utf8.count) bytes")
        print("JUnit of the reference's full run: \(result.records.count) checks, \(corpus.cases.count) cases, \(junit.utf8.count) bytes")
    }
}
