import Foundation
import Testing
import TestSupport

/// `parse-wire conformance`, `adapter` and `report` as a user runs them.
@Suite("parse-wire conformance, adapter and report")
struct ConformanceCommandTests {
    static let package = RepositoryPaths.root
    static let fixtureCorpus = package.appendingPathComponent("Tests/Fixtures/corpus").path
    static let executable = CommandLineTests.executable.path

    func run(_ arguments: [String], input: [UInt8] = []) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments, input: input)
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-\(UUID().uuidString)-\(name)").path
    }

    @Test("the reference through an external 'parse-wire adapter' passes and writes every report")
    func externalReference() throws {
        let ndjson = temporary("r.ndjson"), junit = temporary("r.xml"), markdown = temporary("r.md")
        defer { for path in [ndjson, junit, markdown] { try? FileManager.default.removeItem(atPath: path) } }
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", ndjson, "--report-junit", junit,
                              "--report-markdown", markdown, "--", Self.executable, "adapter"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("Counts: 10 pass, 0 fail, 0 error, 0 timeout, 0 crash, 0 skip, 0 unsupported, 0 tolerated, 0 xfail, 0 xpass, 0 accepted, 0 rejected (10 checks)\n"))
        let lines = try String(contentsOfFile: ndjson, encoding: .utf8).split(separator: "\n")
        // A header, ten checks, one line per extra environment (four), a footer.
        #expect(lines.count == 16)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuites"))
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("PASSED"))
    }

    @Test("'parse-wire adapter --typed' claims typed-record and passes the records area with the typed reference's expected failures")
    func typedAdapter() throws {
        let result = try run(["conformance", "--corpus", Self.package.appendingPathComponent("Vectors").path, "--area", "records",
                              "--expected-failures", Self.package.appendingPathComponent("Examples/adapters/typed-reference/expected-failures.json").path,
                              "--", Self.executable, "adapter", "--typed"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(" 0 unsupported,"), "\(result.stdout)")
        #expect(result.stdout.contains(" 0 xfail, 0 xpass,"), "\(result.stdout)")
    }

    @Test("an adapter that cannot start exits 3")
    func adapterCannotStart() throws {
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus, "--start-timeout", "5", "--", "/nonexistent/adapter"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("could not start"))
    }

    @Test("unexpected results exit 1 and suggestions are written")
    func unexpected() throws {
        let directory = temporary("suggestions")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = Self.package.appendingPathComponent("Tests/Fixtures/adapters/fixture_adapter.py").path
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus, "--timeout", "0.5", "--write-suggestions", directory,
                              "--", "python3", script, Self.fixtureCorpus, "hang", "AAAA01"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("Counts: 7 pass, 0 fail, 0 error, 3 timeout, 0 crash, 0 skip, 0 unsupported, 0 tolerated, 0 xfail, 0 xpass, 0 accepted, 0 rejected (10 checks)\n"))
        let additions = try String(contentsOfFile: directory + "/add.json", encoding: .utf8)
        #expect(additions.contains(#"{"id":"AAAA01","mode":"skip","reason":"A Date decodes, encodes and round-trips: hangs: no answer within 0.5 s"}"#))
    }

    @Test("--repro prints request lines that 'parse-wire adapter' answers")
    func repro() throws {
        let repro = try run(["conformance", "--corpus", Self.fixtureCorpus, "--repro", "AAAA01"])
        #expect(repro.status == 0)
        let answers = try run(["adapter"], input: Array(repro.stdout.utf8))
        #expect(answers.status == 0)
        let lines = answers.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1] == #"{"seq":1,"ok":true,"value":{"date":{"epochMs":"1641039825678"}}}"#)
    }

    /// The whole corpus, as the example's README runs it: a corpus change that the example's list
    /// does not cover fails here, not first in a maintainer's hands.
    @Test("the Python example adapter passes the whole corpus with its expected-failures list")
    func pythonExample() throws {
        let example = Self.package.appendingPathComponent("Examples/python-adapter")
        let result = try run(["conformance", "--corpus", Self.package.appendingPathComponent("Vectors").path,
                              "--expected-failures", example.appendingPathComponent("expected-failures.json").path,
                              "--", "python3", example.appendingPathComponent("adapter.py").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASSED — every check as expected"))
    }

    /// The example's list is the suggestion of its first run; the whole corpus runs green with it,
    /// as its README shows.
    @Test("the Node example adapter is green over the whole corpus under the client profile with its suggested list")
    func nodeExample() throws {
        let example = Self.package.appendingPathComponent("Examples/node-adapter")
        let result = try run(["conformance", "--corpus", Self.package.appendingPathComponent("Vectors").path,
                              "--expected-failures", example.appendingPathComponent("expected-failures.json").path,
                              "--", "node", example.appendingPathComponent("adapter.js").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Verdict (client profile, declared by the adapter): PASSED"))
        #expect(result.stdout.contains(" tolerated, "))
    }

    @Test("report matrix writes Markdown and HTML")
    func matrix() throws {
        let first = temporary("a.ndjson"), second = temporary("b.ndjson"), html = temporary("m.html")
        defer { for path in [first, second, html] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", first])
        _ = try run(["conformance", "--corpus", Self.fixtureCorpus, "--strict", "--report-ndjson", second])
        let result = try run(["report", "matrix", "--html", html, first, second])
        #expect(result.status == 0, "\(result.stderr)")
        // A roundtrip one run does not send (unsupported) is no disagreement; neither is a declared
        // accept against a declared reject: both conform.
        #expect(result.stdout.contains("0 of 10 checks on which the implementations that ran them disagree."))
        #expect(result.stdout.contains("(\(URL(fileURLWithPath: second).lastPathComponent))"))
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("<table class=\"summary\">"))
    }

    @Test("help for every new command exits 0", arguments: [["conformance", "--help"], ["adapter", "--help"], ["report", "--help"],
                                                             ["report", "matrix", "--help"]])
    func help(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: parse-wire"))
        #expect(result.stdout.contains("EXIT STATUS"))
    }

    @Test("usage errors exit 2", arguments: [
        ["conformance", "--kind", "bogus"], ["conformance", "--timeout", "0"], ["conformance", "--"],
        ["conformance", "--expected-failures", "/nonexistent.json"], ["conformance", "--repro", "ZZZZ97"],
        ["conformance", "--strict", "--", "true"], ["report", "matrix"], ["report", "table"], ["adapter", "--bogus"],
    ])
    func usage(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    }
}
