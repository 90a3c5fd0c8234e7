import ParseWire

/// Everything a conformance run found: the header facts, one record per check, and the verdict.
public struct RunResult: Sendable {
    /// The runner's name and version.
    public let runner: String
    public let corpusVersion: String
    /// The SHA-256 of `Vectors/manifest.json`, tying the report to exact data.
    public let manifestSha256: String
    /// The adapter's `hello`.
    public let hello: AdapterHello
    /// The options, as recorded in the header.
    package let options: JSONNode
    /// When the run started (ISO 8601, UTC).
    public let started: String
    /// One record per check, in run order.
    public let records: [CheckRecord]
    /// Expected-failure entries that match no check: each fails the run.
    public let unmatchedEntries: [ExpectedFailures.Entry]
    /// Entries naming retired ids: a warning to delete them.
    public let retiredEntries: [ExpectedFailures.Entry]
    /// How often the adapter was restarted.
    public let restarts: Int
    /// Whether the run stopped before every check was sent (too many restarts, or no restart possible).
    public let stoppedEarly: Bool
    /// What each adapter restart was for, in order: the check in flight and what happened.
    public var restartCauses: [RestartCause] = []
    /// Why the run stopped early, when it did.
    public var stopReason: String?
    /// Whether the adapter could not start at all: no checks ran (exit status 3).
    public var startFailed = false

    /// The number of checks with each outcome.
    public var counts: [CheckOutcome: Int] {
        records.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
    }

    /// The checks that make the run fail.
    public var unexpected: [CheckRecord] { records.filter(\.unexpected) }

    /// 0 when everything was as expected, 3 when the adapter could not start, 1 otherwise.
    public var exitCode: Int32 {
        if startFailed { return 3 }
        return unexpected.isEmpty && unmatchedEntries.isEmpty && !stoppedEarly ? 0 : 1
    }

    /// Draft entries for the expected-failures list: each unexpected failure, with a reason to fill in.
    public var suggestedAdditions: [CheckRecord] {
        unexpected.filter { $0.outcome != .xpass }
    }

    /// Entries to delete from the list: those that now pass (by check) and those that match nothing.
    public var suggestedRemovals: [String] {
        records.filter { $0.outcome == .xpass }.map { "\($0.name): now passes (listed: \($0.listed ?? ""))" }
            + (unmatchedEntries + retiredEntries).map { "\($0.label): matches no check of the corpus" }
    }
}
