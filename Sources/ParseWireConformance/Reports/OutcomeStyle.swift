/// How each outcome is shown to a reader: a symbol that does not depend on colour, and the order
/// in which counts are listed.
package enum OutcomeStyle {
    /// The outcomes in the order reports list them.
    package static let order = ["pass", "fail", "xfail", "tolerated", "unsupported", "skip", "error", "timeout", "crash",
                               "xpass", "accepted", "rejected"]

    /// The symbol printed beside the outcome's name, so that a cell reads without its colour.
    package static func symbol(_ outcome: String) -> String {
        switch outcome {
        case "pass": "✓"
        case "xpass": "★"
        case "fail": "✗"
        case "xfail": "⊗"
        case "tolerated": "≈"
        case "unsupported": "∅"
        case "skip": "»"
        case "error": "!"
        case "timeout": "…"
        case "crash": "‼"
        case "accepted": "A"
        case "rejected": "R"
        default: "?"
        }
    }

    /// What the outcome means, for a legend.
    package static func meaning(_ outcome: String) -> String {
        switch outcome {
        case "pass": "the expected answer"
        case "fail": "a wrong answer"
        case "xfail": "a wrong answer the implementation's expected-failures list declares"
        case "tolerated": "under the client profile: a decode-error input accepted, or an encode-error value the server keeps written; neither protects data"
        case "unsupported": "an operation, context or optional case the implementation does not claim; not run"
        case "skip": "skipped by the adapter, or by its expected-failures list"
        case "error": "the adapter errored or broke the protocol, or the check was not run because the run stopped"
        case "timeout": "no answer in time; the adapter was restarted"
        case "crash": "the adapter exited during the check; it was restarted"
        case "xpass": "listed as an expected failure, but right: the list is stale"
        case "accepted": "implementation-defined, no declared choice, accepted with an allowed value"
        case "rejected": "implementation-defined, no declared choice, rejected"
        default: ""
        }
    }

    /// The outcomes of `counts` that are not zero, in ``order`` (then any unknown ones, sorted).
    static func nonZero(_ counts: [String: Int]) -> [(outcome: String, count: Int)] {
        let known = order.compactMap { outcome in counts[outcome].flatMap { $0 > 0 ? (outcome, $0) : nil } }
        let unknown = counts.keys.filter { !order.contains($0) }.sorted().map { ($0, counts[$0]!) }
        return known + unknown
    }
}
