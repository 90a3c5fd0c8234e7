import Foundation
import Testing

/// What `parse-wire conformance` says before and after a run: usage mistakes caught before the
/// run, reports to standard output, the header count, the verdict and the counts line.
@Suite("parse-wire conformance console")
struct ConformanceConsoleTests {
    static let fixtureCorpus = ConformanceCommandTests.fixtureCorpus

    func run(_ arguments: [String]) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments)
    }

    @Test("a filter that matches no case exits 2 and says so", arguments: [["--area", "nosuch"], ["--tag", "nosuch"], ["--id", "ZZZZZZ"]])
    func emptyFilter(_ filter: [String]) throws {
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus] + filter)
        #expect(result.status == 2)
        #expect(result.stderr.contains("the filter matches no case of the corpus (\(filter.joined(separator: " ")))"))
        #expect(!result.stdout.contains("Running"))
    }

    @Test("an unwritable report path is named before the run, exit 2")
    func unwritableReport() throws {
        let directory = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-junit", "/tmp"])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("cannot write the report /tmp: it is a directory"))
        #expect(!directory.stdout.contains("Running"))
        let missing = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", "/nonexistent/dir/x.ndjson"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot write the report /nonexistent/dir/x.ndjson: the directory /nonexistent/dir does not exist"))
    }

    @Test("'-' writes the report to standard output and the console to standard error")
    func reportToStandardOutput() throws {
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", "-"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.first?.hasPrefix(#"{"record":"header""#) == true)
        #expect(result.stderr.contains("Running 10 checks"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("the header's count equals the checks recorded, follow-up roundtrips included")
    func headerCount() throws {
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus, "--strict"])
        #expect(result.stdout.hasPrefix("Running 10 checks"))
        #expect(result.stdout.contains("(10 checks)\n"))
        #expect(result.stdout.contains("1 unsupported"))
    }

    @Test("--profile is strict or client, and the verdict names it")
    func profileOption() throws {
        let client = try run(["conformance", "--corpus", Self.fixtureCorpus, "--profile", "client"])
        #expect(client.status == 0)
        #expect(client.stdout.contains("Verdict (client profile, chosen with --profile): PASSED"))
        let unknown = try run(["conformance", "--profile", "lenient"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown profile 'lenient'"))
    }

    @Test("the console gives the verdict, then the causes; --show-checks adds a line per check; --help names both")
    func causesOnTheConsole() throws {
        let script = ConformanceCommandTests.package.appendingPathComponent("Tests/Fixtures/adapters/fixture_adapter.py").path
        let adapter = ["--", "python3", script, Self.fixtureCorpus, "reject-all"]
        let plain = try run(["conformance", "--corpus", Self.fixtureCorpus, "--no-progress"] + adapter)
        #expect(plain.status == 1)
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        let verdict = try #require(lines.firstIndex { $0.hasPrefix("Verdict (") })
        #expect(lines[verdict + 1] == "3 causes, largest first (one behaviour each; --show-checks lists every check):")
        #expect(lines[verdict + 2].hasPrefix("  1. decode: rejected with other, expected a value — "))
        #expect(lines.last?.hasPrefix("Counts: ") == true)
        #expect(!plain.stdout.contains("FAIL  "))
        let checks = try run(["conformance", "--corpus", Self.fixtureCorpus, "--no-progress", "--show-checks"] + adapter)
        #expect(checks.stdout.components(separatedBy: "\nFAIL  ").count - 1 == 6)
        let help = try run(["conformance", "--help"])
        #expect(help.stdout.contains("--show-checks"))
        #expect(help.stdout.contains("causes of the unexpected results"))
    }

    @Test("usage errors go to standard error", arguments: [[String](), ["conformance", "--bogus"]])
    func usageOnStandardError(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("report diff exits 0 without changes, 1 with them, and lists them")
    func reportDiff() throws {
        let first = NSTemporaryDirectory() + "parse-wire-diff-\(UUID().uuidString)-a.ndjson"
        let second = NSTemporaryDirectory() + "parse-wire-diff-\(UUID().uuidString)-b.ndjson"
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", first])
        _ = try run(["conformance", "--corpus", Self.fixtureCorpus, "--strict", "--report-ndjson", second])
        let same = try run(["report", "diff", first, first])
        #expect(same.status == 0)
        #expect(same.stdout.hasSuffix("0 checks changed outcome: 0 now fail the run, 0 no longer do, 0 other (of 10 checks in the new report)\n"))
        let changed = try run(["report", "diff", first, second])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("      AAAA04 roundtrip wire: pass → unsupported — A Date without milliseconds is implementation-defined\n"))
        let usage = try run(["report", "diff", first])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("give two NDJSON reports"))
    }
}

