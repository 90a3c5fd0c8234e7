import Foundation
import ParseWire
import ParseWireConformance
import Testing

/// The committed results under `Vectors/results/` read back: the page, the summaries, the README's
/// command and the staleness lines, on a results directory made here.
@Suite("Published results")
struct PublishedResultsTests {
    /// A repository-like tree: `Vectors/manifest.json`, `Vectors/results/<impl>/`, and a findings
    /// document under `Examples/`.
    struct Tree {
        let root: URL
        var results: URL { root.appendingPathComponent("Vectors/results") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-published-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Vectors/results"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Examples/sdk"), withIntermediateDirectories: true)
            try write("# findings", to: "Examples/sdk/FINDINGS.md")
        }

        func write(_ text: String, to path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Writes `fixture` as `Vectors/results/<folder>/results.ndjson`, gzip-compressed when asked.
        func add(_ folder: String, _ fixture: ReportFixture, gzip: Bool = false, readme: String? = nil) throws {
            let path = "Vectors/results/\(folder)/results.ndjson"
            try write(fixture.ndjson, to: path)
            if gzip {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["gzip", "-n", root.appendingPathComponent(path).path]
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
            if let readme { try write(readme, to: "Vectors/results/\(folder)/README.md") }
        }
    }

    static func fixture(_ name: String, manifest: String = "aaaa", outcome: String = "pass") -> ReportFixture {
        var fixture = ReportFixture(name: name, manifest: manifest)
        fixture.checks = [ReportFixture.Check(id: "AAAAA1", outcome: outcome, unexpected: outcome == "fail"),
                          ReportFixture.Check(id: "AAAAA2", op: "encode", input: "value")]
        fixture.exitCode = outcome == "fail" ? 1 : 0
        return fixture
    }

    static let readme = """
        # sdk

        Produced with:

        ```sh
        swift build --product parse-wire
        .build/debug/parse-wire conformance --profile client \\
            --report-ndjson results.ndjson \\
            -- node adapter.js
        gzip -9 -n results.ndjson
        ```

        What the failures mean: `Examples/sdk/FINDINGS.md`.
        """

    @Test("a gzip-compressed report reads as the plain one does; the reference comes first, the others by name")
    func readsBoth() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.add("zeta", Self.fixture("Zeta"))
        try tree.add("alpha", Self.fixture("Alpha", outcome: "fail"), gzip: true)
        try tree.add("reference", Self.fixture("ParseWire"))
        try tree.write("not a report", to: "Vectors/results/empty/notes.txt")
        let published = try PublishedResults.load(from: tree.results)
        #expect(published.implementations.map(\.folder) == ["reference", "alpha", "zeta"])
        let alpha = try #require(published.implementations.first { $0.folder == "alpha" })
        #expect(alpha.reportName == "results.ndjson.gz")
        #expect(alpha.reportText == Self.fixture("Alpha", outcome: "fail").ndjson)
        #expect(alpha.file.verdict == "FAILED")
    }

    @Test("a damaged compressed report is an error naming it, not an empty column")
    func damaged() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.write("not gzip at all", to: "Vectors/results/broken/results.ndjson.gz")
        #expect(throws: CorpusError.self) { try PublishedResults.load(from: tree.results) }
    }

    @Test("the page links each column to its README and to the findings the README names, relative to the page")
    func links() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.add("sdk", Self.fixture("SDK"), readme: Self.readme)
        try tree.add("other", Self.fixture("Other"))
        let page = try PublishedResults.load(from: tree.results).page
        #expect(page.contains(#"<a href="sdk/README.md">SDK 1.0</a>"#))
        #expect(page.contains(#"<a href="../../Examples/sdk/FINDINGS.md">findings</a>"#))
        #expect(!page.contains(#"href="other/README.md""#))
        #expect(page == (try PublishedResults.load(from: tree.results).page))
        #expect(!page.contains(tree.root.path))
    }

    @Test("the page lists each report's fingerprint, and a changed report changes it")
    func fingerprints() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.add("sdk", Self.fixture("SDK"), gzip: true)
        try tree.add("other", Self.fixture("Other"))
        let before = try PublishedResults.fingerprints(in: tree.results)
        #expect(before.count == 2 && before.allSatisfy { $0.count > 64 })
        let page = try PublishedResults.load(from: tree.results).page
        #expect(before.allSatisfy(page.contains))
        try tree.add("other", Self.fixture("Other", outcome: "fail"))
        let after = try PublishedResults.fingerprints(in: tree.results)
        #expect(after[1] == before[1] && after[0] != before[0] && !page.contains(after[0]))
        #expect(try PublishedResults.load(from: tree.results, checks: false).implementations.allSatisfy { $0.file.checks.isEmpty })
    }

    @Test("a summary is the Markdown report of the run the file holds")
    func summaries() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.add("sdk", Self.fixture("SDK", outcome: "fail"), gzip: true)
        let summary = try #require(try PublishedResults.load(from: tree.results).summaries()["sdk"])
        #expect(summary.hasPrefix("# Conformance: SDK 1.0 — FAILED"))
        #expect(summary.contains("## Unexpected results (1)"))
        #expect(summary.contains("| `AAAAA1 decode canonical` |"))
    }

    @Test("the command a README gives, its continued lines joined, its commands chained")
    func command() {
        #expect(PublishedResults.command(in: Self.readme) == "swift build --product parse-wire && "
            + ".build/debug/parse-wire conformance --profile client --report-ndjson results.ndjson -- node adapter.js && gzip -9 -n results.ndjson")
        let indented = "- Command:\n\n      swift run parse-wire conformance \\\n          -- node a.js\n\n  then gzip it.\n"
        #expect(PublishedResults.command(in: indented) == "swift run parse-wire conformance -- node a.js")
        #expect(PublishedResults.command(in: "# no command here\n") == nil)
    }

    @Test("one line per stale implementation, naming it, both corpora and the command to re-run")
    func stale() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        let manifest = Array(#"{"corpusVersion":"9.9.9"}"#.utf8)
        let sha = PublishedResults.manifestSha256(manifest)
        try tree.add("current", Self.fixture("Current", manifest: sha))
        try tree.add("sdk", Self.fixture("SDK", manifest: "0123456789abcdef"), readme: Self.readme)
        try tree.add("bare", Self.fixture("Bare", manifest: "fedcba9876543210"))
        let lines = try PublishedResults.load(from: tree.results).stale(manifest: manifest, corpusVersion: "9.9.9")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("bare: results of corpus 1.1.0 (manifest fedcba987654), the corpus is 9.9.9") && $0.hasSuffix("its README gives no command") })
        #expect(lines.contains { $0.hasPrefix("sdk: ") && $0.hasSuffix("re-run: " + PublishedResults.command(in: Self.readme)!) })
        #expect(!lines.contains { $0.hasPrefix("current") })
    }

    @Test("a run read back from its NDJSON report gives the Markdown the run gave")
    func readBack() throws {
        let result = try ScriptedAdapter.run(corpus: try CorpusLocation.corpus.get(), options: { $0.filter.areas = ["date"] }) { request, vector in
            vector.id.hasPrefix("A") && request.operation == .decode ? .rejected(kind: "other", message: "no | pipes") : nil
        }
        #expect(!result.unexpected.isEmpty)
        let back = try RunResult(report: NDJSONReport.render(result), path: "run.ndjson")
        #expect(MarkdownReport.render(back) == MarkdownReport.render(result))
        #expect(back.exitCode == result.exitCode)
    }
}
