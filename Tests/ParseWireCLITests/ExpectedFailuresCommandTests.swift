import Foundation
import Testing

/// `parse-wire expected-failures apply`, and a list's matching under other time zones and shards,
/// as a maintainer runs them.
@Suite("parse-wire expected-failures")
struct ExpectedFailuresCommandTests {
    static let package = ConformanceCommandTests.package
    static let fixtureCorpus = ConformanceCommandTests.fixtureCorpus
    static let script = package.appendingPathComponent("Tests/Fixtures/adapters/fixture_adapter.py").path

    func run(_ arguments: [String]) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments)
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-\(UUID().uuidString)-\(name)").path
    }

    @Test("'parse-wire --help' lists the command, and it has its own --help")
    func help() throws {
        let overview = try run(["--help"])
        #expect(overview.stdout.contains("expected-failures apply DIR --list FILE"))
        let own = try run(["expected-failures", "--help"])
        #expect(own.status == 0)
        #expect(own.stdout.hasPrefix("USAGE: parse-wire expected-failures apply SUGGESTIONS_DIR --list FILE [--flaky] [--dry-run]"))
        let bare = try run(["expected-failures"])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("USAGE"))
    }

    @Test("first run, apply, green run; applying again changes nothing")
    func workflow() throws {
        let suggestions = temporary("suggestions"), list = temporary("expected-failures.json")
        defer { for path in [suggestions, list] { try? FileManager.default.removeItem(atPath: path) } }
        let adapter = ["--", "python3", Self.script, Self.fixtureCorpus, "reject-all"]
        let first = try run(["conformance", "--no-progress", "--corpus", Self.fixtureCorpus, "--write-suggestions", suggestions] + adapter)
        #expect(first.status == 1)
        let applied = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("+ cause decode: rejected with other, expected a value\n"))
        #expect(applied.stdout.contains("\(list): 0 entries → "))
        let written = try String(contentsOfFile: list, encoding: .utf8)
        let green = try run(["conformance", "--no-progress", "--corpus", Self.fixtureCorpus, "--expected-failures", list,
                             "--write-suggestions", suggestions] + adapter)
        #expect(green.status == 0, "\(green.stdout)")
        let again = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(again.status == 0)
        #expect(again.stdout.contains("(0 added, 0 removed, 0 replaced)"))
        #expect(try String(contentsOfFile: list, encoding: .utf8) == written)
    }

    @Test("a stale entry is removed; --dry-run writes nothing")
    func removesStale() throws {
        let suggestions = temporary("suggestions"), list = temporary("expected-failures.json")
        defer { for path in [suggestions, list] { try? FileManager.default.removeItem(atPath: path) } }
        let text = #"{"format":1,"entries":[{"id":"ZZZZ98","reason":"a case that does not exist"},{"id":"AAAA01","reason":"my reason"}]}"#
        try text.write(toFile: list, atomically: true, encoding: .utf8)
        let first = try run(["conformance", "--no-progress", "--corpus", Self.fixtureCorpus, "--expected-failures", list,
                             "--write-suggestions", suggestions, "--", "python3", Self.script, Self.fixtureCorpus, "perfect"])
        #expect(first.status == 1)
        let dry = try run(["expected-failures", "apply", suggestions, "--list", list, "--dry-run"])
        #expect(dry.stdout.contains("- id ZZZZ98 (matches nothing)\n- id AAAA01 (now passes)\n"))
        #expect(dry.stdout.hasSuffix("(dry run: nothing written)\n"))
        #expect(try String(contentsOfFile: list, encoding: .utf8) == text)
        let applied = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(applied.status == 0)
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "{\n  \"format\": 1,\n  \"entries\": []\n}\n")
    }

    @Test("an invalid list or directory is refused with exit status 2, and the list is left as it was")
    func refuses() throws {
        let suggestions = temporary("suggestions"), list = temporary("expected-failures.json")
        defer { for path in [suggestions, list] { try? FileManager.default.removeItem(atPath: path) } }
        let missing = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\(suggestions) is not a directory"))
        try FileManager.default.createDirectory(atPath: suggestions, withIntermediateDirectories: true)
        let empty = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("has no readable add.json"))
        let header = #"{"format":1,"entries":[]}"#
        try header.write(toFile: suggestions + "/add.json", atomically: true, encoding: .utf8)
        try #"{"format":1,"entries":[{"remove":"AAAA01 decode canonical: now passes"}]}"#.write(toFile: suggestions + "/remove.json", atomically: true, encoding: .utf8)
        let old = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(old.status == 2)
        #expect(old.stderr.contains("remove.json: entries[0] is a free-text removal of an earlier runner"))
        try header.write(toFile: suggestions + "/remove.json", atomically: true, encoding: .utf8)
        let broken = #"{"format":1,"entries":[{"id":"AAAA01","mode":"sometimes","reason":"not a mode"}]}"#
        try broken.write(toFile: list, atomically: true, encoding: .utf8)
        let invalid = try run(["expected-failures", "apply", suggestions, "--list", list])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("\(list): entries[0]: \"mode\" is xfail, skip or flaky"))
        #expect(try String(contentsOfFile: list, encoding: .utf8) == broken)
        let noList = try run(["expected-failures", "apply", suggestions])
        #expect(noList.status == 2)
        #expect(noList.stderr.contains("give the list to update with --list FILE"))
    }

    /// The runner's own time zone and a shard never change which entry covers a check: the same
    /// list covers each check of the date area by the same entry under UTC and Asia/Tokyo (the
    /// runner's and the adapter's), whole and split in two.
    @Test("TZ=Asia/Tokyo and --shard k/2 cover every check by the entry a whole run in UTC does")
    func timeZoneAndShards() throws {
        let list = temporary("list.json")
        var reports: [String] = []
        defer { for path in [list] + reports { try? FileManager.default.removeItem(atPath: path) } }
        try #"{"format":1,"entries":[{"tag":"date","op":"decode","mode":"flaky","reason":"entry A"},"#
            .appending(#"{"error":"invalid-date","reason":"entry B"},{"area":"date","op":"encode","reason":"entry C"}]}"#)
            .write(toFile: list, atomically: true, encoding: .utf8)
        func covered(_ environment: [String: String], _ extra: [String]) throws -> [String: String] {
            let report = temporary("r.ndjson")
            reports.append(report)
            let process = Process()
            process.executableURL = CommandLineTests.executable
            process.arguments = ["conformance", "--no-progress", "--corpus", Self.package.appendingPathComponent("Vectors").path,
                                 "--area", "date", "--expected-failures", list, "--report-ndjson", report] + extra
                + ["--", CommandLineTests.executable.path, "adapter"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            var covered: [String: String] = [:]
            for line in try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n") {
                let node = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                guard node["record"] as? String == "check", let id = node["id"] as? String, let op = node["op"] as? String,
                      let input = node["input"] as? String else { continue }
                covered["\(id) \(op) \(input)"] = "\(node["listed"] as? String ?? "-") \(node["flaky"] as? Bool ?? false)"
            }
            return covered
        }
        let utc = try covered(["TZ": "UTC"], [])
        #expect(utc.values.contains("entry A true") && utc.values.contains("entry B false") && utc.values.contains("entry C false"))
        let tokyo = try covered(["TZ": "Asia/Tokyo"], ["--adapter-env", "TZ=Asia/Tokyo"])
        #expect(tokyo == utc)
        var shards: [String: String] = [:]
        for index in 1...2 {
            shards.merge(try covered(["TZ": "Asia/Tokyo"], ["--shard", "\(index)/2", "--adapter-env", "TZ=Asia/Tokyo"])) { first, _ in first }
        }
        #expect(shards == utc)
    }
}
