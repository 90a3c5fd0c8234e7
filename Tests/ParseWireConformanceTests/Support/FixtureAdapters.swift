import Foundation
import ParseWireConformance
import TestSupport

/// The runner's self-test fixtures: a tiny corpus and the fixture adapter script (`Tests/Fixtures/`).
enum FixtureAdapters {
    static let fixtures = RepositoryPaths.fixtures
    static let corpusRoot = fixtures.appendingPathComponent("corpus")
    static let script = fixtures.appendingPathComponent("adapters/fixture_adapter.py").path

    /// The tiny corpus: five cases, ten checks for an adapter that accepts `DateWithoutMillis`.
    static let corpus: Corpus = {
        do {
            return try Corpus.load(from: corpusRoot)
        } catch {
            fatalError("the fixture corpus is unreadable: \(error)")
        }
    }()

    /// Short timeouts, so a hanging fixture costs half a second.
    static func options(_ configure: (inout RunOptions) -> Void = { _ in }) -> RunOptions {
        var options = RunOptions()
        options.timeout = 0.5
        options.startTimeout = 5
        configure(&options)
        return options
    }

    /// Runs the fixture corpus against the fixture adapter in `mode`.
    static func run(_ mode: [String], options: RunOptions = options(), environment: [String: String] = [:],
                    lineLimit: Int = 64 << 20) throws -> RunResult {
        try ConformanceRunner(corpus: corpus, options: options, launcher: launcher(mode, environment: environment, lineLimit: lineLimit)).run()
    }

    /// The fixture adapter in `mode` as a launcher.
    static func launcher(_ mode: [String], environment: [String: String] = [:], lineLimit: Int = 64 << 20) -> AdapterLauncher {
        AdapterLauncher.process(["python3", script, corpusRoot.path] + mode, environment: environment, lineLimit: lineLimit)
    }

    /// The outcome counts of a run, by outcome name, leaving out zeros.
    static func counts(_ result: RunResult) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: result.counts.map { ($0.key.rawValue, $0.value) })
    }

    /// An expected-failures list from its entries' JSON.
    static func list(_ entries: String) throws -> ExpectedFailures {
        try ExpectedFailures.read(Array(#"{"format":1,"entries":[\#(entries)]}"#.utf8), path: "list.json")
    }
}
