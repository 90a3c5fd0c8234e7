import Foundation
import Testing

/// `parse-wire conformance` options for the adapter process: its environment, shards, and the
/// reports of a run whose adapter cannot start.
@Suite("parse-wire conformance: adapter process options")
struct AdapterProcessOptionsTests {
    static let fixtureCorpus = ConformanceCommandTests.fixtureCorpus
    static let script = ConformanceCommandTests.package.appendingPathComponent("Tests/Fixtures/adapters/fixture_adapter.py").path

    func run(_ arguments: [String]) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments, input: [])
    }

    /// Runs `parse-wire` in the time zone `zone`, so that the adapter inherits it unless the runner
    /// sets its own.
    func run(_ arguments: [String], zone: String) throws -> Int32 {
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": zone]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-\(UUID().uuidString)-\(name)").path
    }

    @Test("an adapter that cannot start exits 3 and still writes the requested report, header and footer")
    func startFailureReport() throws {
        let ndjson = temporary("start.ndjson")
        defer { try? FileManager.default.removeItem(atPath: ndjson) }
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", ndjson, "--", "/nonexistent/adapter"])
        #expect(result.status == 3)
        let lines = try String(contentsOfFile: ndjson, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""record":"header""#) == true)
        #expect(lines.last?.contains(#""exitCode":3"#) == true)
    }

    @Test("an adapter sees UTC whatever the runner's zone, and the zone --adapter-env names")
    func adapterEnvironment() throws {
        for (arguments, zone) in [([String](), "UTC+0"), (["--adapter-env", "TZ=Asia/Tokyo"], "JST+32400")] {
            let ndjson = temporary("tz.ndjson")
            defer { try? FileManager.default.removeItem(atPath: ndjson) }
            let status = try run(["conformance", "--corpus", Self.fixtureCorpus, "--report-ndjson", ndjson] + arguments
                                 + ["--", "python3", Self.script, Self.fixtureCorpus, "time-zone"], zone: "America/New_York")
            #expect(status == 0)
            let header = try String(contentsOfFile: ndjson, encoding: .utf8).split(separator: "\n").first ?? ""
            #expect(header.contains(#""version":"\#(zone)""#), "\(header)")
        }
    }

    @Test("the reference adapter reads every date of the corpus to the same instant in UTC and at UTC+14")
    func referenceIsZoneIndependent() throws {
        let corpus = ConformanceCommandTests.package.appendingPathComponent("Vectors").path
        let adapter = CommandLineTests.executable.path
        let utc = temporary("utc.ndjson"), far = temporary("kiritimati.ndjson")
        defer {
            try? FileManager.default.removeItem(atPath: utc)
            try? FileManager.default.removeItem(atPath: far)
        }
        #expect(try run(["conformance", "--corpus", corpus, "--area", "date", "--report-ndjson", utc, "--", adapter, "adapter"]).status == 0)
        #expect(try run(["conformance", "--corpus", corpus, "--area", "date", "--adapter-env", "TZ=Pacific/Kiritimati",
                         "--report-ndjson", far, "--", adapter, "adapter"]).status == 0)
        let diff = try run(["report", "diff", utc, far])
        #expect(diff.status == 0, "\(diff.stdout)")
    }

    @Test("a reader that stops after one line (| head -1) neither kills nor traps the run; its reports are written")
    func closedStandardOutput() throws {
        let corpus = ConformanceCommandTests.package.appendingPathComponent("Vectors").path
        let ndjson = temporary("closed.ndjson")
        defer { try? FileManager.default.removeItem(atPath: ndjson) }
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = ["conformance", "--corpus", corpus, "--area", "date", "--report-ndjson", ndjson,
                             "--", CommandLineTests.executable.path, "adapter"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read the first line, then close the reading end, as `head -1` does.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
            first.append(chunk)
        }
        try output.fileHandleForReading.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("Running "))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
        #expect(try String(contentsOfFile: ndjson, encoding: .utf8).contains(#""record":"footer""#))
    }

    @Test("malformed adapter options are usage errors", arguments: [
        ["--adapter-env", "TZ"], ["--adapter-env", "=UTC"], ["--adapter-env", "TZ=UTC"], ["--shard", "3/2"], ["--max-consecutive-faults", "0"],
    ])
    func usageErrors(_ arguments: [String]) throws {
        let result = try run(["conformance", "--corpus", Self.fixtureCorpus] + arguments)
        #expect(result.status == 2)
    }
}
