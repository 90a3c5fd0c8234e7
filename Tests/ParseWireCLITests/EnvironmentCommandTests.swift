import Foundation
import Testing

/// `parse-wire conformance` in its extra environments, through a real adapter process: the example
/// Python adapter, started with a planted bug (a Date written as local time with a literal `Z`).
@Suite("parse-wire conformance: environments")
struct EnvironmentCommandTests {
    static let package = ConformanceCommandTests.package
    static let adapter = package.appendingPathComponent("Examples/python-adapter/adapter.py").path
    static let list = package.appendingPathComponent("Examples/python-adapter/expected-failures.json").path
    static let corpus = package.appendingPathComponent("Vectors").path

    func run(_ arguments: [String]) throws -> CommandLineTests.Run {
        try CommandLineTests().run(arguments, input: [])
    }

    /// A run of the date area against the example adapter, with `options` before the command.
    func dates(_ options: [String]) throws -> CommandLineTests.Run {
        try run(["conformance", "--no-progress", "--corpus", Self.corpus, "--area", "date", "--expected-failures", Self.list]
                + options + ["--", "python3", Self.adapter])
    }

    @Test("an adapter that writes local time with a literal Z fails the default run, which names the environments")
    func localTimeFails() throws {
        let result = try dates(["--adapter-env", "TINY_PYTHON_FAULT=local-time-z"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FAILED — failures only under the environments sydney, new-york"), "\(result.stdout)")
        #expect(result.stdout.contains("ENVIRONMENT sydney (TZ=Australia/Sydney): "))
        #expect(result.stdout.contains("ENVIRONMENT new-york (TZ=America/New_York): "))
        // Under UTC (the main pass and the locale environments) nothing fails.
        #expect(result.stdout.contains("Counts: ") && result.stdout.contains(" 0 fail, "))
        #expect(result.stdout.contains("environments: no failure of their own under arabic"))
    }

    @Test("the same adapter under --adapter-env TZ=UTC alone passes, and the run says no extra environment ran")
    func pinnedPasses() throws {
        let result = try dates(["--adapter-env", "TINY_PYTHON_FAULT=local-time-z", "--adapter-env", "TZ=UTC"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("environments: not checked: --adapter-env TZ=UTC pins the environment"))
    }

    @Test("without the bug the adapter passes every environment; --environments chooses them")
    func chosenEnvironments() throws {
        let all = try dates([])
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        let one = try dates(["--adapter-env", "TINY_PYTHON_FAULT=local-time-z", "--environments", "new-york"])
        #expect(one.status == 1)
        #expect(one.stdout.contains("ENVIRONMENT new-york") && !one.stdout.contains("sydney"))
        let none = try dates(["--adapter-env", "TINY_PYTHON_FAULT=local-time-z", "--no-environments"])
        #expect(none.status == 0)
        #expect(none.stdout.contains("environments: no extra environment chosen (--no-environments)"))
    }

    @Test("the reference in process says it checked no extra environment")
    func inProcess() throws {
        let result = try run(["conformance", "--no-progress", "--corpus", ConformanceCommandTests.fixtureCorpus])
        #expect(result.status == 0)
        #expect(result.stdout.contains("environments: not checked: the adapter runs in process and cannot change its time zone or locale"))
    }

    @Test("bad environment options are usage errors", arguments: [
        ["--environments", "mars"], ["--environments", ""], ["--environments", "sydney", "--adapter-env", "TZ=UTC"],
        ["--adapter-env", "LC_ALL=th_TH.UTF-8", "--environments", "thai"],
    ])
    func usageErrors(_ options: [String]) throws {
        let result = try run(["conformance", "--corpus", ConformanceCommandTests.fixtureCorpus] + options + ["--", "python3", Self.adapter])
        #expect(result.status == 2, "\(result.stderr)")
    }
}
