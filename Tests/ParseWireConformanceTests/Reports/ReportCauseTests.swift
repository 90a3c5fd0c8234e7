@testable import ParseWireConformance
import Testing

/// Markdown, JUnit, NDJSON and the matrix speak of causes.
@Suite("causes in the reports")
struct ReportCauseTests {
    static func run() throws -> RunResult {
        try ScriptedAdapter.run(script: { request, vector in
            vector.tags.contains("date") && request.operation == .decode ? .errored(message: "no dates") : nil
        })
    }

    @Test("Markdown has a causes table and groups the unexpected results by cause")
    func markdown() throws {
        let result = try Self.run()
        let text = MarkdownReport.render(result)
        #expect(text.contains("## Causes (1)"))
        #expect(text.contains("| 1 | `decode: the adapter errored` | \(result.unexpected.count) |"))
        #expect(text.contains("| check | area | outcome | cause | description | message |"))
    }

    @Test("a JUnit failure's message leads with its causes")
    func junit() throws {
        #expect(JUnitReport.render(try Self.run()).contains(#"message="decode: the adapter errored — "#))
    }

    @Test("NDJSON check lines carry the cause; the matrix lists each implementation's causes")
    func ndjsonAndMatrix() throws {
        let result = try Self.run()
        let ndjson = NDJSONReport.render(result)
        #expect(ndjson.contains(#""cause":"decode: the adapter errored""#))
        let read = try RunResult(report: ndjson, path: "r.ndjson")
        #expect(read.unexpected.allSatisfy { $0.cause == "decode: the adapter errored" })
        let file = try ResultsFile.read(ndjson, path: "r.ndjson")
        #expect(file.causes.map(\.cause) == ["decode: the adapter errored"])
        let matrix = MatrixReport([file])
        #expect(matrix.html().contains("<code>decode: the adapter errored</code> — \(result.unexpected.count) checks, <b>\(result.unexpected.count) unexpected</b>"))
        #expect(matrix.markdown.contains("- `decode: the adapter errored`: \(result.unexpected.count) checks, \(result.unexpected.count) unexpected"))
    }
}
