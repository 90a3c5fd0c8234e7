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
        // Besides the vector cases, a suite `environments` with a test case per extra environment.
        #expect(Self.count("<testcase ", in: junit) == Set(result.records.map(\.id)).count + result.environments.count)
        #expect(Self.count("<testsuite ", in: junit) == 2)
        #expect(junit.contains(#"<testsuite name="tiny" tests="5" failures="1" skipped="0""#))
        #expect(junit.contains(#"<failure type="crash" message="decode: crash — 1 of 1 check unexpected: decode wire crash">"#))
        #expect(junit.contains("crashing on AAAA02"))
    }

    @Test("an expected failure is skipped with its reason; a case with nothing unexpected passes")
    func expected() throws {
        let list = try FixtureAdapters.list(#"{"id":"AAAA01","reason":"dates & <times>"}"#)
        let result = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = list })
        let junit = JUnitReport.render(result)
        #expect(junit.contains(#"<testcase classname="tiny.tiny" name="AAAA01""#))
        #expect(junit.contains(#"<skipped message="expected failure: dates &amp; &lt;times&gt;"/>"#))
        #expect(junit.contains(#"<testsuite name="tiny" tests="5" failures="1" skipped="1""#))
        #expect(Self.count("<testcase ", in: junit) == 5 + result.environments.count)
    }

    @Test("a case is named by its id whatever its outcome (CI history follows it); a failing case's text starts with its description")
    func names() throws {
        let result = try FixtureAdapters.run(["crash", "AAAA02"])
        let junit = JUnitReport.render(result)
        #expect(junit.contains(#"<testcase classname="tiny.tiny" name="AAAA02""#))
        #expect(junit.contains(#"<testcase classname="tiny.tiny" name="AAAA01""#))
        let description = try #require(result.records.first { $0.id == "AAAA02" }?.description)
        #expect(junit.contains("\">\(description)\n"))
        let passing = try #require(result.records.first { $0.id == "AAAA01" }?.description)
        #expect(!junit.contains(passing))
    }

    static let reason = "this adapter has no model for the kind of value the case holds, so it answers skipped for each of the checks of the case alike"

    /// An adapter that skips every check with one reason and no list: every case fails, and the
    /// reason, the same for every check of a case, is written once per case.
    @Test("a case's checks that fail the same way share one line of its failure")
    func repeatedReasons() throws {
        let result = try ScriptedAdapter.run(corpus: try CorpusLocation.corpus.get(), options: { $0.maxRestarts = 100_000 }) { _, _ in
            .skipped(reason: Self.reason)
        }
        let junit = JUnitReport.render(result)
        let failing = Set(result.unexpected.map(\.id)).count
        #expect(result.unexpected.count > failing + 1000)
        #expect(Self.count(Self.reason, in: junit) == failing)
    }

    /// The same adapter with the list a maintainer keeps for it, an entry per area: every case is
    /// skipped with the entry's reason, once and cut short, so that a case costs its name, its
    /// class and about a hundred characters of reason, whatever its number of checks.
    @Test("a whole-corpus run skipped by area-wide expected-failure entries costs about 200 bytes a case")
    func listedSkips() throws {
        let corpus = try CorpusLocation.corpus.get()
        let areas = Set(corpus.files.map(\.area))
        let list = try FixtureAdapters.list(areas.sorted().map { #"{"area":"\#($0)","reason":"\#(Self.reason)"}"# }.joined(separator: ","))
        let result = try ScriptedAdapter.run(corpus: corpus, options: { $0.maxRestarts = 100_000; $0.expectedFailures = list }) { _, _ in
            .skipped(reason: Self.reason)
        }
        #expect(result.unexpected.isEmpty)
        let junit = JUnitReport.render(result)
        #expect(Self.count("<skipped ", in: junit) == corpus.cases.count)
        let listed = Set(result.records.filter { $0.outcome == .xfail || $0.outcome == .skip }.map(\.id)).count
        #expect(listed > corpus.cases.count / 2)
        #expect(Self.count(String(Self.reason.prefix(JUnitReport.noteLimit)), in: junit) == listed)
        #expect(junit.utf8.count < corpus.cases.count * 220, "\(junit.utf8.count) bytes")
        print("JUnit of a run skipped by its list: \(result.records.count) checks, \(corpus.cases.count) cases, \(junit.utf8.count) bytes")
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
