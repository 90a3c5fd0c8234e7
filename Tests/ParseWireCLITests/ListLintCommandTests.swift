import Foundation
import Testing

/// `parse-wire expected-failures lint`, as a CI step runs it: 0 clean, 1 findings, 2 usage.
@Suite("parse-wire expected-failures lint")
struct ListLintCommandTests {
    static let corpus = ConformanceCommandTests.package.appendingPathComponent("Vectors").path

    func run(_ arguments: [String]) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments)
    }

    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-\(UUID().uuidString)-list.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("exit status 0 for a clean list, 1 with the findings, 2 for a missing list or an unknown option")
    func exitStatus() throws {
        let clean = try write(#"{"format":1,"entries":[{"tag":"date","reason":"dates are text"},{"cause":"decode: expected Bytes, got string","reason":"bytes as text"}]}"#)
        let stale = try write(#"{"format":1,"entries":[{"tag":"date","reason":"dates are text"},{"tag":"no-such-tag","reason":"nothing"},"#
            + #"{"cause":"decode: bytes look odd","reason":"not a kind"}]}"#)
        defer { for path in [clean, stale] { try? FileManager.default.removeItem(atPath: path) } }
        let ok = try run(["expected-failures", "lint", clean, "--corpus", Self.corpus])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.hasSuffix("\(clean): clean (corpus \(try Self.version()))\n"))
        let bad = try run(["expected-failures", "lint", clean, stale, "--corpus", Self.corpus])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("\(stale): error: entries[1] (tag no-such-tag): names no check the corpus plans"))
        #expect(bad.stdout.contains(#"\#(stale): error: entries[2] (cause decode: bytes look odd): "bytes look odd" is no kind of difference a run reports"#))
        #expect(bad.stdout.contains("\(stale): 2 errors, 0 warnings"))
        let missing = try run(["expected-failures", "lint", clean + ".absent", "--corpus", Self.corpus])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no list at \(clean).absent"))
        let option = try run(["expected-failures", "lint", clean, "--fix"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option '--fix'"))
        let none = try run(["expected-failures", "lint"])
        #expect(none.status == 2)
    }

    @Test("'expected-failures --help' shows both subcommands; 'lint --help' shows lint alone")
    func help() throws {
        let both = try run(["expected-failures", "--help"])
        #expect(both.stdout.contains("parse-wire expected-failures lint LIST... [--corpus DIR]"))
        let lint = try run(["expected-failures", "lint", "--help"])
        #expect(lint.status == 0)
        #expect(lint.stdout.hasPrefix("USAGE: parse-wire expected-failures lint LIST... [--corpus DIR]"))
        let overview = try run(["--help"])
        #expect(overview.stdout.contains("'expected-failures lint FILE'"))
    }

    static func version() throws -> String {
        try String(contentsOfFile: corpus + "/VERSION", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
