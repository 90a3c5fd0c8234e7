import ParseWireConformance
import Testing

/// The Markdown report: summary first, rollups, then every unexpected result.
@Suite("Markdown report")
struct ReportMarkdownTests {
    /// The date area of the real corpus against an adapter that errs on every check: hundreds of
    /// unexpected results.
    static func erring() throws -> RunResult {
        try ScriptedAdapter.run(corpus: try CorpusLocation.corpus.get(), options: { $0.filter.areas = ["date"]; $0.maxRestarts = 100_000 }) { _, _ in
            .rejected(kind: "other", message: "no | pipes <b>here</b>")
        }
    }

    @Test("every unexpected result has a row, however many there are")
    func complete() throws {
        let result = try Self.erring()
        #expect(result.unexpected.count > 200)
        let markdown = MarkdownReport.render(result)
        for record in result.unexpected { #expect(markdown.contains("| `\(record.name)` |"), "\(record.name)") }
        #expect(markdown.contains("## Unexpected results (\(result.unexpected.count))"))
        #expect(!markdown.contains("… and "))
    }

    @Test("the summary comes first, then the rollups by area and by tag, then the unexpected results")
    func order() throws {
        let markdown = MarkdownReport.render(try Self.erring())
        let verdict = try #require(markdown.range(of: "FAILED"))
        let area = try #require(markdown.range(of: "## By area"))
        let tag = try #require(markdown.range(of: "## By tag"))
        let unexpected = try #require(markdown.range(of: "## Unexpected results"))
        #expect(verdict.lowerBound < area.lowerBound && area.lowerBound < tag.lowerBound && tag.lowerBound < unexpected.lowerBound)
        #expect(markdown.contains("| date | "))
    }

    @Test("a message cannot break the table or inject markup")
    func escaping() throws {
        let markdown = MarkdownReport.render(try Self.erring())
        #expect(!markdown.contains("<b>here"))
        #expect(markdown.contains(#"no \| pipes &lt;b&gt;here&lt;/b&gt;"#))
    }

    @Test("expected failures are rolled up by their reason")
    func expectedFailures() throws {
        let list = try FixtureAdapters.list(#"{"id":"AAAA01","reason":"dates are hard"},{"id":"AAAA04","mode":"skip","reason":"crashes"}"#)
        let result = try FixtureAdapters.run(["reject-all"], options: FixtureAdapters.options { $0.expectedFailures = list })
        let markdown = MarkdownReport.render(result)
        #expect(markdown.contains("| dates are hard | 3 | 3 xfail | `AAAA01 decode canonical`, `AAAA01 encode value`, `AAAA01 roundtrip canonical` |"))
        #expect(markdown.contains("| crashes | 2 | 2 skip |"))
        #expect(markdown.contains("## Expected failures (5 checks, 2 reasons)"))
    }
}
