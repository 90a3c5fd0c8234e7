import Foundation
import Testing
import TestSupport

/// Runs the built `parse-wire` executable as a user would.
@Suite("parse-wire command line")
struct CommandLineTests {
    typealias Run = ToolRun

    static var executable: URL {
        // The test bundle and the executable are built into the same directory.
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = directory.appendingPathComponent("parse-wire")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return directory.deletingLastPathComponent().appendingPathComponent("parse-wire")
    }

    func run(_ arguments: [String], input: [UInt8] = []) throws -> Run {
        try ToolRun.run(Self.executable, arguments, input: input)
    }

    @Test("the executable was built beside the tests")
    func executableExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path)")
    }

    @Test("--help lists every command")
    func help() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("conformance"))
        #expect(result.stdout.contains("canonicalize"))
    }

    @Test("canonicalize prints the canonical form and exits 0")
    func canonicalizes() throws {
        let result = try run(["canonicalize", "--lenient", "DateWithoutMillis"], input: Array(#"{"d":{"__type":"Date","iso":"2022-01-01T12:23:45Z"}}"#.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"d":{"__type":"Date","iso":"2022-01-01T12:23:45.000Z"}}"# + "\n")
    }

    @Test("canonicalize reads a file and honours the object context")
    func objectContextFromFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-test-\(UUID().uuidString).json")
        try Data(#"{"createdAt":"2022-01-01T00:00:00.000Z","title":"x"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run(["canonicalize", "--context", "object", "--class", "Book", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"createdAt":"2022-01-01T00:00:00.000Z","title":"x"}"# + "\n")
    }

    @Test("canonicalize on invalid UTF-8 exits 1 with a clear message")
    func invalidUTF8() throws {
        let result = try run(["canonicalize"], input: [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("invalid-utf8"))
        #expect(result.stderr.contains("0xFF"))
        #expect(result.stderr.contains("1:4"))
        #expect(result.stderr.contains("at byte 3"))
    }

    @Test("a rejection prints kind, Parse code, offset, line:column and path")
    func rejectionReport() throws {
        let result = try run(["canonicalize", "--context", "update"], input: Array("{\n  \"objectId\": \"abc\"\n}".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("reserved-key (Parse code 105) at byte 4"))
        #expect(result.stderr.contains("2:3"))
        #expect(result.stderr.contains("$.objectId"))
    }

    @Test("usage errors exit 2", arguments: [
        ["canonicalize", "--context", "nowhere"], ["canonicalize", "--lenient", "Everything"],
        ["canonicalize", "--context", "object"], ["canonicalize", "/nonexistent/file.json"], ["frobnicate"],
        ["conformance", "--bogus"],
    ])
    func usageErrors(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    @Test("conformance runs the vector corpus and ends with the summary line")
    func conformance() throws {
        let result = try run(["conformance"])
        #expect(result.status == 0, "\(result.stdout)")
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("Counts: "), "\(last)")
        #expect(last.contains(" 0 fail, 0 error, 0 timeout, 0 crash, 0 skip, "), "\(last)")
        #expect(result.stdout.contains("Verdict (strict profile, the default): PASSED"))
    }

    @Test("vectors tools: lint is clean, fmt --check and build --check pass, new-id prints fresh ids")
    func vectorsTools() throws {
        let lint = try run(["vectors", "lint"])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("0 findings"))
        #expect(try run(["vectors", "fmt", "--check"]).status == 0)
        #expect(try run(["vectors", "build", "--check"]).status == 0)
        let ids = try run(["vectors", "new-id", "--count", "3"])
        #expect(ids.status == 0)
        #expect(ids.stdout.split(separator: "\n").count == 3)
        #expect(try run(["vectors", "stats"]).stdout.contains("by area:"))
    }

    @Test("vectors usage errors exit 2", arguments: [["vectors", "bogus"], ["vectors", "lint", "--nope"], ["vectors", "new-id", "--count", "0"]])
    func vectorsUsage(arguments: [String]) throws {
        #expect(try run(arguments).status == 2)
    }
}
