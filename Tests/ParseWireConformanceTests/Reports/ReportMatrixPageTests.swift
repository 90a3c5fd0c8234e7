import Foundation
import ParseWireConformance
import Testing

/// The matrix as one self-contained HTML page.
@Suite("matrix page")
struct ReportMatrixPageTests {
    typealias Check = ReportFixture.Check

    static func twoImplementations() throws -> MatrixReport {
        let outcomes = ["pass", "fail", "xfail", "tolerated", "unsupported", "skip", "rejected", "error"]
        let a = ReportFixture(name: "a", checks: outcomes.indices.map { Check(id: "AAAA0\($0)") })
        let b = ReportFixture(name: "b", checks: outcomes.enumerated().map { Check(id: "AAAA0\($0)", outcome: $1, message: "because \($1)") })
        return MatrixReport([try a.read(), try b.read()])
    }

    @Test("the page has a summary, a legend, a filter box, table headers and a symbol in every outcome cell")
    func structure() throws {
        let page = try Self.twoImplementations().html()
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(#"<input type="search""#))
        #expect(page.contains(#"<th scope="col">"#))
        #expect(page.contains("class=\"legend\""))
        for (outcome, symbol) in [("pass", "✓"), ("fail", "✗"), ("xfail", "⊗"), ("tolerated", "≈"), ("skip", "»"), ("error", "!")] {
            #expect(page.contains(#"<td class="o-\#(outcome)"><b>\#(symbol)</b> \#(outcome)"#), "\(outcome)")
        }
        // rejected against pass and unsupported against pass are no disagreements.
        #expect(!page.contains(#"<td class="o-rejected">"#))
        #expect(!page.contains(#"<td class="o-unsupported">"#))
        #expect(page.contains("because fail"))
        #expect(page.contains("5 of 8 checks"))
    }

    @Test("everything a report says is escaped: names, versions, descriptions, messages")
    func escaping() throws {
        let hostile = "<script>alert(1)</script>\"'&"
        let a = ReportFixture(name: hostile, version: "<b>", checks: [Check(id: "AAAA01", description: "<img src=x onerror=alert(2)>")])
        let b = ReportFixture(name: "b", checks: [Check(id: "AAAA01", outcome: "fail", message: "</td><script>alert(3)</script>")])
        let page = MatrixReport([try a.read(), try b.read()]).html()
        #expect(!page.contains("alert(1)</script>"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<script>alert(3)"))
        #expect(!page.contains("<b><"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&apos;&amp;"))
        #expect(page.components(separatedBy: "<script>").count == 2, "the page's own script only")
    }

    @Test("the page is self-contained: no address outside it unless a link was asked for")
    func selfContained() throws {
        let page = try Self.twoImplementations().html()
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains(" src="))
        let linked = try Self.twoImplementations().html(MatrixPage(title: "Parse SDKs <all>", links: ["b": "findings/b.md?x=1&y=2"]))
        #expect(linked.contains("<title>Parse SDKs &lt;all&gt;</title>"))
        #expect(linked.contains(#"<a href="findings/b.md?x=1&amp;y=2">b 1.0</a>"#))
    }

    @Test("the same reports give the same bytes")
    func deterministic() throws {
        #expect(try Self.twoImplementations().html() == (try Self.twoImplementations().html()))
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        #expect(!(try Self.twoImplementations().html()).contains(today), "no time of rendering")
    }

    @Test("five implementations of 12,000 checks each make a page of bounded size, quickly")
    func large() throws {
        let outcomes = ["pass", "fail", "xfail", "tolerated", "skip"]
        let files = try (0..<5).map { column in
            var report = ReportFixture(name: "sdk-\(column)")
            report.checks = (0..<12_000).map { index in
                // Every check disagrees somewhere, the worst case for the page.
                let outcome = outcomes[(index + column) % outcomes.count]
                return Check(id: String(format: "%06d", index), file: "cases/area\(index % 20)/f.json", tags: ["tag\(index % 7)"],
                             outcome: outcome, message: String(repeating: "m", count: 300), description: "check number \(index) of the corpus")
            }
            return try ResultsFile.read(report.ndjson, path: "sdk-\(column)")
        }
        let start = Date()
        let page = MatrixReport(files).html()
        let seconds = Date().timeIntervalSince(start)
        #expect(page.utf8.count < 10_500_000, "\(page.utf8.count) bytes")
        #expect(seconds < 30, "\(seconds) s")
        print("matrix page of 5 × 12,000 checks, all disagreeing: \(page.utf8.count) bytes in \(seconds) s")
    }
}
