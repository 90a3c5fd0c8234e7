import ParseWire

/// The result of one check: a line of the NDJSON report.
package struct CheckRecord: Sendable {
    package let id: String
    /// The file, relative to `Vectors/`.
    package let file: String
    package let description: String
    package let operation: AdapterOperation
    /// Which input: `canonical`, `alternates[0]`, `wire`, `value`.
    package let input: String
    package let level: VectorCase.Level
    package var outcome: CheckOutcome
    /// For an expected rejection: whether the error kind matched (`nil` when not compared).
    package var errorKindMatch: Bool?
    /// For an expected rejection with a Parse code, answered with one: whether the codes matched.
    package var parseCodeMatch: Bool?
    /// What was expected, as JSON (TVN, wire text, or `{"error": kind}`).
    package var expected: JSONNode?
    /// What the adapter answered, as JSON.
    package var actual: JSONNode?
    /// What happened, in words.
    package var message: String
    /// The end of the adapter's standard error, for errors, timeouts and crashes.
    package var stderrTail: String?
    package var durationMs: Double
    /// The reason of the expected-failures entry that covers the check.
    package var listed: String?
    /// Whether the outcome makes the run fail.
    package var unexpected: Bool
    /// Whether the request was sent (`false` for a check not run because the run stopped).
    package var sent = true
    /// The case's tags, for grouping suggestions.
    package var tags: [String] = []
    /// The case's expected error kind (its `error`), for grouping suggestions.
    package var expectedError: String?
    /// The position in the expected-failures list of the entry that covers the check (`nil` when
    /// none does), for suggesting which entries to remove. Like ``listed``, set whatever the
    /// outcome: an `unsupported` check keeps its outcome, whatever entry covers it.
    package var listedEntry: Int?
    /// The mode of that entry.
    package var listedMode: ExpectedFailures.Entry.Mode?

    /// Whether an entry of mode `flaky` covered the check, which ran: its outcome, failing
    /// (`xfail`) or not, was expected either way.
    package var listedFlaky: Bool { listedMode == .flaky && outcome != .unsupported }
    /// Why the check failed, as the implementation's behaviour (``Cause``'s text, such as
    /// `decode: expected Bytes, got string`); `nil` unless the outcome is failing.
    package var cause: String?
    /// The spec rule the case is filed under (its first rule id), for reports by cause.
    package var rule: String?

    /// The case's area: its directory under `cases/`.
    package var area: String {
        let parts = file.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 2)
        return parts.count > 2 ? String(Substring(parts[1])) : ""
    }

    /// `ID op input`.
    package var name: String { "\(id) \(operation.rawValue) \(input)" }
}
