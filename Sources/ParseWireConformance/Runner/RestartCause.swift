/// Why the adapter had to be restarted: the check in flight and what happened to it.
public struct RestartCause: Sendable, Hashable {
    /// The check's name, `ID op input`.
    public let check: String
    /// `crash`, `timeout` or `error` (a protocol violation).
    public let outcome: CheckOutcome
    /// What happened, as recorded for the check.
    public let message: String

    /// Creates a cause.
    public init(check: String, outcome: CheckOutcome, message: String) {
        self.check = check
        self.outcome = outcome
        self.message = message
    }
}
