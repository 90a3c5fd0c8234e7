import Foundation

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
