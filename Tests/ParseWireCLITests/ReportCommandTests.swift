import Foundation
import Testing

/// `parse-wire report matrix` as a user runs it: options, and the same bytes from every run.
@Suite("parse-wire report matrix")
struct ReportCommandTests {
    func run(_ arguments: [String]) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments)
    }

    /// A directory of two hand-written reports that disagree on several checks of several areas.
    static func reports() throws -> (directory: URL, paths: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, outcome) in [("alpha", "pass"), ("beta", "fail")] {
            var text = #"{"record":"header","runner":"parse-wire 1","corpusVersion":"1.1.0","manifestSha256":"abc","#
                + #""implementation":{"name":"\#(name)","version":"1"},"profile":"strict","started":"2025-01-02T03:04:05Z"}"# + "\n"
            for (index, area) in ["date", "pointer", "bytes", "acl", "names", "file"].enumerated() {
                for tag in ["t1", "t2", "t3"] {
                    text += #"{"record":"check","id":"AAAA\#(index)\#(tag.suffix(1))","file":"cases/\#(area)/x.json","description":"d","#
                        + #""op":"decode","input":"wire","level":"required","tags":["\#(tag)","\#(area)"],"outcome":"\#(outcome)","message":"m"}"# + "\n"
                }
            }
            text += #"{"record":"footer","counts":{},"unexpected":{},"exitCode":0}"# + "\n"
            let path = directory.appendingPathComponent("\(name).ndjson").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return (directory, paths)
    }

    @Test("two runs of report matrix write the same bytes (no time of rendering, no hash order)")
    func deterministic() throws {
        let (directory, paths) = try Self.reports()
        defer { try? FileManager.default.removeItem(at: directory) }
        var pages: [Data] = []
        for number in 0..<2 {
            let html = directory.appendingPathComponent("m\(number).html").path
            let result = try run(["report", "matrix", "--html", html, "--title", "SDKs", "--link", "beta=findings/beta.md"] + paths)
            #expect(result.status == 0, "\(result.stderr)")
            pages.append(try Data(contentsOf: URL(fileURLWithPath: html)))
        }
        #expect(pages[0] == pages[1])
        let page = String(decoding: pages[0], as: UTF8.self)
        #expect(page.contains("<title>SDKs</title>"))
        #expect(page.contains(#"<a href="findings/beta.md">beta 1</a>"#))
        #expect(page.contains("18 of 18 checks"))
    }

    @Test("a page that cannot be written names its path")
    func unwritable() throws {
        let (directory, paths) = try Self.reports()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run(["report", "matrix", "--html", directory.path] + paths)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write \(directory.path)"), "\(result.stderr)")
    }

    @Test("--link without NAME=URL is a usage error")
    func badLink() throws {
        let (directory, paths) = try Self.reports()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run(["report", "matrix", "--link", "nothing"] + paths)
        #expect(result.status == 2)
        #expect(result.stderr.contains("NAME=URL"))
    }

    @Test("report publish writes each folder's summary.md and the page, and warns about a report of another corpus")
    func publish() throws {
        let (directory, paths) = try Self.reports()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = directory.appendingPathComponent("Vectors/results")
        for (index, path) in paths.enumerated() {
            let folder = results.appendingPathComponent(["reference", "sdk"][index])
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path, toPath: folder.appendingPathComponent("results.ndjson").path)
        }
        try Data("command:\n\n    swift run parse-wire conformance -- ./sdk\n".utf8).write(to: results.appendingPathComponent("sdk/README.md"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("Vectors/manifest.json"))
        let result = try run(["report", "publish", results.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: results.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(#"<a href="sdk/README.md">beta 1</a>"#))
        let summary = try String(contentsOf: results.appendingPathComponent("sdk/summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# Conformance: beta 1 — PASSED"))
        #expect(FileManager.default.fileExists(atPath: results.appendingPathComponent("reference/summary.md").path))
        #expect(result.stderr.contains("warning: stale: sdk: results of corpus 1.1.0"), "\(result.stderr)")
        #expect(result.stderr.contains("re-run: swift run parse-wire conformance -- ./sdk"), "\(result.stderr)")
        let missing = try run(["report", "publish", directory.appendingPathComponent("nowhere").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read the results directory"), "\(missing.stderr)")
    }
}
