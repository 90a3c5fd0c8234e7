import Foundation

/// How a property runs: its seed, how many cases, and the shrinking budget.
///
/// ``fromEnvironment(name:)`` reads the overrides a developer uses to reproduce or deepen a run:
/// `PBT_SEED` (a decimal or `0x` seed), `PBT_COUNT` (cases), `PBT_RANDOM=1` (a fresh seed, printed
/// on failure), and `PBT_REPLAY=<property name>:<choices>` (run exactly one recorded case of that
/// property; other properties ignore it).
public struct PropertyConfiguration: Sendable {
    /// The property's name; its FNV-1a hash is the default seed.
    public var name: String
    /// The seed of the case stream. Default: the hash of ``name``, so every run is the same.
    public var seed: UInt64
    /// How many passing cases make a pass. Default 100.
    public var count = 100
    /// Choices of one case to replay instead of generating cases.
    public var replay: [UInt64]?
    /// The most property evaluations shrinking may spend. Default 5,000.
    public var maximumShrinkEvaluations = 5_000
    /// The longest shrinking may take. Default 10 seconds.
    public var maximumShrinkDuration: Duration = .seconds(10)

    /// A deterministic configuration named `name`.
    public init(name: String) {
        self.name = name
        self.seed = fnv1a64(name)
    }

    /// The configuration for `name` with the `PBT_*` environment overrides applied.
    /// - Parameter defaultCount: The case count when `PBT_COUNT` is not set.
    public static func fromEnvironment(name: String, defaultCount: Int = 100) -> PropertyConfiguration {
        var configuration = PropertyConfiguration(name: name)
        configuration.count = defaultCount
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["PBT_COUNT"], let count = Int(text), count > 0 { configuration.count = count }
        if environment["PBT_RANDOM"] == "1" { configuration.seed = UInt64.random(in: 0...UInt64.max) }
        if let text = environment["PBT_SEED"], let seed = parseSeed(text) { configuration.seed = seed }
        if let text = environment["PBT_REPLAY"], let separator = text.lastIndex(of: ":"),
           text[..<separator] == name {
            configuration.replay = parseChoices(String(text[text.index(after: separator)...]))
        }
        return configuration
    }

    static func parseSeed(_ text: String) -> UInt64? {
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// Choices written as decimal numbers separated by `.`, as ``PropertyFailure/replayValue`` writes them.
    public static func parseChoices(_ text: String) -> [UInt64]? {
        if text.isEmpty { return [] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt64($0) }
        return parts.contains(nil) ? nil : parts.map { $0! }
    }
}

/// A property's failure: the first failing case, its shrunk form, and how to replay it.
public struct PropertyFailure<Value> {
    /// The property's name.
    public let name: String
    /// The seed of the run that found it.
    public let seed: UInt64
    /// The first failing value, as generated.
    public let original: Value
    /// Why the original failed.
    public let originalMessage: String
    /// The simplest failing value shrinking found.
    public let minimal: Value
    /// Why the minimal value fails.
    public let minimalMessage: String
    /// The choices that generate ``minimal``.
    public let minimalChoices: [UInt64]
    /// How many cases passed before the failure.
    public let passedCases: Int
    /// How many evaluations shrinking spent.
    public let shrinkEvaluations: Int

    /// The value of `PBT_REPLAY` that re-runs the minimal case alone.
    public var replayValue: String {
        name + ":" + minimalChoices.map(String.init).joined(separator: ".")
    }
}

/// What running a property found.
public enum PropertyOutcome<Value> {
    /// Every case passed.
    case passed(cases: Int)
    /// A case failed; here is its shrunk form.
    case failed(PropertyFailure<Value>)
    /// Too many cases were rejected by filters or assumptions to reach the count.
    case gaveUp(passed: Int, rejected: Int)
}

/// The error a property throws to say it does not hold.
public struct PropertyViolation: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Runs properties: generates cases, and shrinks the first failure.
public enum PropertyRunner {
    /// Checks `property` on values of `generator`.
    ///
    /// - Parameters:
    ///   - configuration: Seed, count, replay and shrinking budget.
    ///   - generator: The values to try.
    ///   - property: Throws (any error) when the property does not hold for a value.
    /// - Returns: Whether the property held, or its minimal counterexample.
    public static func check<Value>(_ configuration: PropertyConfiguration, _ generator: Generator<Value>,
                                    _ property: (Value) throws -> Void) -> PropertyOutcome<Value> {
        withoutActuallyEscaping(property) { property in runChecked(configuration, generator, property) }
    }

    private static func runChecked<Value>(_ configuration: PropertyConfiguration, _ generator: Generator<Value>,
                                          _ property: @escaping (Value) throws -> Void) -> PropertyOutcome<Value> {
        /// Runs one case; `nil` when the case was rejected or overran.
        func run(_ testCase: inout TestCase) -> (value: Value, failure: String?)? {
            let value: Value
            do {
                value = try generator.generate(&testCase)
            } catch {
                return nil
            }
            do {
                try property(value)
                return (value, nil)
            } catch {
                return (value, String(describing: error))
            }
        }

        var passed = 0
        var rejected = 0
        var random = SplitMix64(seed: configuration.seed)
        while passed < configuration.count {
            var testCase: TestCase
            if let replay = configuration.replay {
                testCase = TestCase(prefix: replay, random: nil)
            } else {
                testCase = TestCase(prefix: [], random: SplitMix64(seed: random.next()))
            }
            guard let result = run(&testCase) else {
                rejected += 1
                if configuration.replay != nil || rejected > max(1_000, configuration.count * 10) {
                    return .gaveUp(passed: passed, rejected: rejected)
                }
                continue
            }
            guard let message = result.failure else {
                passed += 1
                if configuration.replay != nil { return .passed(cases: 1) }
                continue
            }
            var shrinker = Shrinker(failing: testCase.choices, spans: testCase.spans,
                                    maximumEvaluations: configuration.maximumShrinkEvaluations,
                                    maximumDuration: configuration.maximumShrinkDuration) { candidate in
                var attempt = TestCase(prefix: candidate, random: nil)
                guard let outcome = run(&attempt), outcome.failure != nil else { return nil }
                return (attempt.choices, attempt.spans)
            }
            shrinker.shrink()
            var minimalCase = TestCase(prefix: shrinker.best, random: nil)
            let minimal = run(&minimalCase) ?? result
            return .failed(PropertyFailure(
                name: configuration.name, seed: configuration.seed, original: result.value, originalMessage: message,
                minimal: minimal.value, minimalMessage: minimal.failure ?? message, minimalChoices: shrinker.best,
                passedCases: passed, shrinkEvaluations: shrinker.evaluations))
        }
        return .passed(cases: passed)
    }
}
