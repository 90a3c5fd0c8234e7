import Foundation

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
