import Foundation
import ParseWireConformance
import Testing

/// `report matrix`: which checks count as disagreements, and the HTML page built from them.
@Suite("matrix report")
struct ReportMatrixTests {
    typealias Check = ReportFixture.Check

    /// Two reports of one check each, with the given outcomes.
    static func pair(_ first: String, _ second: String) throws -> MatrixReport {
        let a = ReportFixture(name: "a", checks: [Check(id: "AAAA01", outcome: first)])
        let b = ReportFixture(name: "b", checks: [Check(id: "AAAA01", outcome: second)])
        return MatrixReport([try a.read(), try b.read()])
    }

    @Test("outcomes that say the same about conformance are no disagreement",
          arguments: [("pass", "rejected"), ("pass", "accepted"), ("accepted", "rejected"), ("pass", "xpass"),
                      ("fail", "xfail"), ("fail", "crash"), ("pass", "unsupported"), ("xfail", "unsupported")])
    func agreements(_ outcomes: (String, String)) throws {
        #expect(try Self.pair(outcomes.0, outcomes.1).rows.isEmpty)
    }

    @Test("a check passed by one implementation and failed, tolerated or skipped by another is a disagreement",
          arguments: [("pass", "fail"), ("pass", "xfail"), ("rejected", "fail"), ("pass", "tolerated"), ("pass", "skip"),
                      ("tolerated", "error")])
    func disagreements(_ outcomes: (String, String)) throws {
        #expect(try Self.pair(outcomes.0, outcomes.1).rows.map(\.name) == ["AAAA01 decode canonical"])
    }

    @Test("a check one report lacks is no disagreement: only implementations that ran it are compared")
    func missing() throws {
        let a = ReportFixture(name: "a", checks: [Check(id: "AAAA01"), Check(id: "AAAA02", outcome: "fail")])
        let b = ReportFixture(name: "b", checks: [Check(id: "AAAA01", outcome: "fail")])
        let matrix = MatrixReport([try a.read(), try b.read()])
        #expect(matrix.rows.map(\.name) == ["AAAA01 decode canonical"])
        #expect(matrix.checkCount == 2)
    }

    @Test("disagreements are grouped by area, then by the case's tags, areas and groups in sorted order")
    func grouping() throws {
        let checks = [Check(id: "AAAA01", file: "cases/pointer/a.json", tags: ["pointer"]),
                      Check(id: "AAAA02", file: "cases/date/a.json", tags: ["date", "generated"]),
                      Check(id: "AAAA03", file: "cases/date/b.json", tags: ["date"]),
                      Check(id: "AAAA04", file: "cases/date/c.json", tags: ["date"])]
        let a = ReportFixture(name: "a", checks: checks)
        var b = ReportFixture(name: "b", checks: checks)
        for index in b.checks.indices { b.checks[index].outcome = "fail" }
        let matrix = MatrixReport([try a.read(), try b.read()])
        #expect(matrix.groups.map { "\($0.area) › \($0.tags)" } == ["date › date", "date › date, generated", "pointer › pointer"])
        #expect(matrix.groups.map { $0.rows.map(\.id) } == [["AAAA03", "AAAA04"], ["AAAA02"], ["AAAA01"]])
    }

    @Test("each implementation is summed up: verdict with its profile, and outcome counts per area")
    func summaries() throws {
        var a = ReportFixture(name: "sdk", version: "2.0", profile: "client", exitCode: 1)
        a.checks = [Check(id: "AAAA01", outcome: "fail", unexpected: true), Check(id: "AAAA02", outcome: "tolerated"),
                    Check(id: "AAAA03", file: "cases/pointer/a.json", outcome: "xfail", listed: "known")]
        let matrix = MatrixReport([try a.read()])
        let summary = try #require(matrix.summaries.first)
        #expect(summary.column == "sdk 2.0")
        #expect(summary.verdict == "FAILED")
        #expect(summary.profile == "client")
        #expect(summary.areas.map(\.area) == ["date", "pointer"])
        #expect(summary.areas.first?.counts == [.fail: 1, .tolerated: 1])
        #expect(summary.areas.last?.counts == [.xfail: 1])
        #expect(summary.unexpected == 1)
        #expect(matrix.html().contains(#"<td class="n unexpected">1</td>"#))
    }

    @Test("reports of different corpus versions or manifests carry a warning on the page")
    func versionWarning() throws {
        let same = MatrixReport([try ReportFixture(name: "a").read(), try ReportFixture(name: "b").read()])
        #expect(same.warnings.isEmpty)
        #expect(!same.html().contains("class=\"warning\""))
        let versions = MatrixReport([try ReportFixture(name: "a").read(), try ReportFixture(name: "b", corpusVersion: "1.2.0").read()])
        #expect(versions.warnings.count == 1)
        #expect(versions.warnings.first?.contains("corpus versions differ") == true)
        #expect(versions.html().contains("class=\"warning\""))
        #expect(versions.html().contains("1.2.0"))
        let manifests = MatrixReport([try ReportFixture(name: "a").read(), try ReportFixture(name: "b", manifest: "bbbb").read()])
        #expect(manifests.warnings.first?.contains("manifests differ") == true)
    }
}

/// Reading reports back.
@Suite("results file")
struct ResultsFileTests {
    @Test("a check line whose answer is nested far deeper than the codec's limit reads (an accepted 513-deep input)")
    func deepAnswer() throws {
        let header = try #require(ReportFixture(checks: []).ndjson.split(separator: "\n").first)
        let deep = String(repeating: #"{"array":["#, count: 2000) + String(repeating: "]}", count: 2000)
        let line = #"{"record":"check","id":"AAAA01","op":"decode","input":"wire","level":"required","outcome":"tolerated","actual":{"value":\#(deep)}}"#
        let file = try ResultsFile.read(header + "\n" + line + "\n", path: "deep.ndjson")
        #expect(file.checks.map(\.outcome) == [.tolerated])
        #expect(file.exitCode == nil)
        #expect(file.verdict == "INCOMPLETE")
    }
}
