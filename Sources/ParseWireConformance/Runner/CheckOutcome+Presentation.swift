/// How an outcome is shown to a reader and compared across implementations.
extension CheckOutcome {
    /// What an outcome says about conformance, for the matrix's agreement: two implementations
    /// disagree on a check when their outcomes' agreements differ.
    package enum Agreement: String, Sendable, Hashable {
        /// The expected answer, or an allowed one.
        case conforming
        /// A wrong answer, or none.
        case failing
        /// Wrong by the strict profile, let through by the client profile: neither of the others.
        case tolerated
    }

    /// The symbol printed beside the outcome's name, so that a cell reads without its colour.
    package var symbol: String {
        switch self {
        case .pass: "✓"
        case .xpass: "★"
        case .fail: "✗"
        case .xfail: "⊗"
        case .tolerated: "≈"
        case .unsupported: "∅"
        case .skip: "»"
        case .error: "!"
        case .timeout: "…"
        case .crash: "‼"
        case .accepted: "A"
        case .rejected: "R"
        }
    }

    /// What the outcome means, for a legend.
    package var meaning: String {
        switch self {
        case .pass: "the expected answer"
        case .fail: "a wrong answer"
        case .xfail: "a wrong answer the implementation's expected-failures list declares"
        case .tolerated: "under the client profile: a decode-error input accepted, or an encode-error value the server keeps written; neither protects data"
        case .unsupported: "an operation, context or optional case the implementation does not claim; not run"
        case .skip: "skipped by the adapter, or by its expected-failures list"
        case .error: "the adapter errored or broke the protocol, or the check was not run because the run stopped"
        case .timeout: "no answer in time; the adapter was restarted"
        case .crash: "the adapter exited during the check; it was restarted"
        case .xpass: "listed as an expected failure, but right: the list is stale"
        case .accepted: "implementation-defined, no declared choice, accepted with an allowed value"
        case .rejected: "implementation-defined, no declared choice, rejected"
        }
    }

    /// What the outcome says about conformance; `nil` when it says nothing (the check did not run).
    package var agreement: Agreement? {
        switch self {
        case .pass, .xpass, .accepted, .rejected: .conforming
        case .fail, .xfail, .error, .timeout, .crash, .skip: .failing
        case .tolerated: .tolerated
        case .unsupported: nil
        }
    }

    /// The CSS background of the outcome's table cell: light, since the symbol and the word carry
    /// the meaning and colour only helps.
    var cellStyle: String {
        switch self {
        case .pass: "background:#d9f2d9"
        case .xpass: "background:#e6f5c9"
        case .fail: "background:#f6c6c6"
        case .xfail: "background:#f3e0f7"
        case .tolerated: "background:#fde9b8"
        case .unsupported: "background:#eceff1;color:#555"
        case .skip: "background:#dde6f3"
        case .error, .timeout: "background:#f9d2b4"
        case .crash: "background:#eaa6a6"
        case .accepted: "background:#fff7d1"
        case .rejected: "background:#ece8ff"
        }
    }

    /// The CSS colour of the outcome's share in a bar: strong, to be told apart at a glance.
    var barColour: String {
        switch self {
        case .pass: "#43a047"
        case .xpass: "#9ccc65"
        case .fail: "#d9534f"
        case .xfail: "#ab47bc"
        case .tolerated: "#f0ad4e"
        case .unsupported: "#b0bec5"
        case .skip: "#5c8fd6"
        case .error, .timeout: "#e67e22"
        case .crash: "#8b0000"
        case .accepted: "#e6c84f"
        case .rejected: "#8e7fe0"
        }
    }

    /// The outcomes of `counts` that are not zero, in the order of the cases.
    static func nonZero(_ counts: [CheckOutcome: Int]) -> [(outcome: CheckOutcome, count: Int)] {
        allCases.compactMap { outcome in counts[outcome].flatMap { $0 > 0 ? (outcome, $0) : nil } }
    }
}
