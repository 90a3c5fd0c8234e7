@_exported import PropertyTesting
import Testing

// The Swift Testing side of the property engine, for test targets only (PropertyTesting itself
// does not link Testing, so the command-line tool can use its generators).

/// Runs a property under Swift Testing: one issue when it fails, carrying the minimal
/// counterexample, the original, the seed, and the command that replays the minimal case.
///
/// - Parameters:
///   - name: A name unique among the properties; it seeds the run and keys `PBT_REPLAY`.
///   - count: Cases in a default run; `PBT_COUNT` overrides it.
///   - generator: The values to try.
///   - describe: How a value is shown in the report (wire JSON where there is one).
///   - body: Throws when the property does not hold.
public func property<Value>(
    _ name: String, count: Int = 100, _ generator: Generator<Value>,
    describe: (Value) -> String = { String(describing: $0) },
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (Value) throws -> Void
) {
    let configuration = PropertyConfiguration.fromEnvironment(name: name, defaultCount: count)
    switch PropertyRunner.check(configuration, generator, body) {
    case .passed:
        break
    case .gaveUp(let passed, let rejected):
        Issue.record("property \"\(name)\" gave up: \(rejected) cases rejected, \(passed) passed", sourceLocation: sourceLocation)
    case .failed(let failure):
        Issue.record(Comment(rawValue: report(failure, describe: describe)), sourceLocation: sourceLocation)
    }
}

/// The text of a failure report.
public func report<Value>(_ failure: PropertyFailure<Value>, describe: (Value) -> String) -> String {
    """
    property "\(failure.name)" failed after \(failure.passedCases) passing cases (seed 0x\(String(failure.seed, radix: 16)))
      minimal counterexample: \(describe(failure.minimal))
        \(failure.minimalMessage)
      original: \(describe(failure.original))
        \(failure.originalMessage)
      shrunk in \(failure.shrinkEvaluations) evaluations to choices [\(failure.minimalChoices.map(String.init).joined(separator: " "))]
      replay the minimal case: PBT_REPLAY='\(failure.replayValue)' swift test --filter PropertyTests
      replay the whole run:    PBT_SEED=0x\(String(failure.seed, radix: 16)) swift test --filter PropertyTests
    """
}

/// Fails the property with `message` unless `condition` holds.
public func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw PropertyViolation(message()) }
}
