/// The outcome of one check (`Vectors/schema/results.schema.json`).
///
/// The one home of every fact about an outcome: its spelling in reports (the raw value), the
/// order every report lists outcomes in (the order of the cases), and, in
/// `CheckOutcome+Presentation.swift`, its symbol, meaning, colours and agreement, each an
/// exhaustive switch so that the compiler asks for every fact of a new outcome.
package enum CheckOutcome: String, Sendable, Hashable, CaseIterable {
    /// The answer is the expected one.
    case pass
    /// The answer is wrong.
    case fail
    /// The adapter errored, broke the protocol, or the check was not run because the run stopped.
    case error
    /// No answer within the timeout; the adapter was killed and restarted.
    case timeout
    /// The adapter exited while the check was in flight; it was restarted.
    case crash
    /// The adapter skipped it, or the expected-failures list says not to run it.
    case skip
    /// The adapter does not perform the operation, or the case is optional and its tags not claimed.
    case unsupported
    /// Under the `client` profile, a decode-error case accepted, or an encode-error case whose
    /// document the server accepts and keeps written, where it protects no data (informational,
    /// counted apart; never fails the run).
    case tolerated
    /// Wrong, as the expected-failures list says it is.
    case xfail
    /// Listed as an expected failure, but right: the list is stale.
    case xpass
    /// Implementation-defined, no declared choice, accepted with an allowed value (informational).
    case accepted
    /// Implementation-defined, no declared choice, rejected (informational).
    case rejected

    /// Whether the outcome means the check went wrong (before the expected-failures list applies).
    package var isFailing: Bool {
        switch self {
        case .fail, .error, .timeout, .crash, .skip: true
        case .pass, .xfail, .xpass, .unsupported, .tolerated, .accepted, .rejected: false
        }
    }

    /// Whether the outcome is informational: counted apart, never failing the run, and noted
    /// beside the check in reports that have room for notes.
    package var isInformational: Bool {
        switch self {
        case .tolerated, .accepted, .rejected: true
        case .pass, .fail, .error, .timeout, .crash, .skip, .unsupported, .xfail, .xpass: false
        }
    }
}
