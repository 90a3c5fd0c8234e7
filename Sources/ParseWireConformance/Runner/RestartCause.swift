/// Why the adapter had to be restarted: the check in flight and what happened to it.
package struct RestartCause: Sendable, Hashable {
    /// The check's name, `ID op input`.
    package let check: String
    /// `crash`, `timeout` or `error` (a protocol violation).
    package let outcome: CheckOutcome
    /// What happened, as recorded for the check.
    package let message: String

    /// Creates a cause.
    package init(check: String, outcome: CheckOutcome, message: String) {
        self.check = check
        self.outcome = outcome
        self.message = message
    }
}
