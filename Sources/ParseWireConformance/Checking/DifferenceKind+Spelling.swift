import ParseWire

extension DifferenceKind {
    /// The kinds spelled by fixed text, one per case without associated values.
    static let fixed: [DifferenceKind] = [.textDiffers, .notJSON, .unrepresentable, .skipped, .errored, .protocolViolation, .notRun, .timeout, .crash]

    /// Whether the kind's spelling is fixed text (it is among ``fixed``). Exhaustive, so that a
    /// new kind is placed on one side or the other, and its spelling read back by ``init(spelling:)``.
    var isFixed: Bool {
        switch self {
        case .textDiffers, .notJSON, .unrepresentable, .skipped, .errored, .protocolViolation, .notRun, .timeout, .crash: true
        case .typeChanged, .memberMissing, .memberExtra, .valueDiffers, .lengthDiffers, .orderOnly, .acceptedExpectedRejection,
             .rejectedExpectedValue, .wrongErrorKind, .wrongParseCode, .acceptedDeclaredRejection, .rejectedDeclaredAcceptance: false
        }
    }

    /// Reads a kind back from its spelling (``text``), for checking a `cause` entry of a list: `nil`
    /// unless the text is one a run can report. The closed parts are checked (the error kinds of
    /// the protocol, Parse codes as integers); type and member names are open, since an answer's
    /// `__type` or `__op` can be any name, and are only required to be there.
    init?(spelling text: String) {
        if let fixed = Self.fixed.first(where: { $0.text == text }) {
            self = fixed
            return
        }
        func errorKind(_ word: Substring) -> String? {
            ProtocolVersion.errorKinds.contains(String(word)) ? String(word) : nil
        }
        func place(_ words: Substring) -> (spot: String, member: String?)? {
            guard !words.isEmpty, !words.hasPrefix("."), !words.hasSuffix(".") else { return nil }
            guard let dot = words.lastIndex(of: ".") else { return (String(words), nil) }
            return (String(words[..<dot]), String(words[words.index(after: dot)...]))
        }
        let parsed: DifferenceKind?
        if text == "accepted, expected a rejection" {
            parsed = .acceptedExpectedRejection(errorKind: nil)
        } else if let kind = text.dropping(prefix: "accepted, expected a rejection ") {
            parsed = errorKind(kind).map { .acceptedExpectedRejection(errorKind: $0) }
        } else if let rest = text.dropping(prefix: "rejected with Parse code "), let (got, expected) = rest.split(around: ", expected ") {
            parsed = Int(got).flatMap { got in Int(expected).map { .wrongParseCode(expected: $0, got: got) } }
        } else if let kind = text.dropping(prefix: "rejected with ")?.dropping(suffix: ", expected a value") {
            parsed = errorKind(kind).map { .rejectedExpectedValue(errorKind: $0) }
        } else if let rest = text.dropping(prefix: "rejected with "), let (got, expected) = rest.split(around: ", expected ") {
            parsed = errorKind(got).flatMap { got in errorKind(expected).map { .wrongErrorKind(expected: $0, got: got) } }
        } else if let flags = text.dropping(prefix: "accepted, declared reject for "), !flags.isEmpty {
            parsed = .acceptedDeclaredRejection(flags: String(flags))
        } else if let flags = text.dropping(prefix: "rejected, declared accept for "), !flags.isEmpty {
            parsed = .rejectedDeclaredAcceptance(flags: String(flags))
        } else if let rest = text.dropping(prefix: "expected "), let (expected, got) = rest.split(around: ", got "), !expected.isEmpty, !got.isEmpty {
            parsed = .typeChanged(expected: String(expected), got: String(got))
        } else if let spot = text.dropping(prefix: "a member of ")?.dropping(suffix: " missing"), !spot.isEmpty {
            parsed = .memberMissing(spot: String(spot), member: nil)
        } else if let spot = text.dropping(prefix: "an extra member in "), !spot.isEmpty {
            parsed = .memberExtra(spot: String(spot), member: nil)
        } else if let words = text.dropping(suffix: " missing"), case let (spot, member?)? = place(words) {
            parsed = .memberMissing(spot: spot, member: member)
        } else if let words = text.dropping(prefix: "extra "), case let (spot, member?)? = place(words) {
            parsed = .memberExtra(spot: spot, member: member)
        } else if let words = text.dropping(suffix: " length differs"), let (spot, member) = place(words) {
            parsed = .lengthDiffers(spot: spot, member: member)
        } else if let words = text.dropping(suffix: " in another order"), let (spot, member) = place(words) {
            parsed = .orderOnly(spot: spot, member: member)
        } else if let words = text.dropping(suffix: " differs"), let (spot, member) = place(words) {
            parsed = .valueDiffers(spot: spot, member: member)
        } else {
            parsed = nil
        }
        guard let parsed, parsed.text == text else { return nil }
        self = parsed
    }
}

extension StringProtocol {
    /// The text after `prefix`, or `nil` when it does not start with it.
    func dropping(prefix: String) -> SubSequence? {
        hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : nil
    }

    /// The text before `suffix`, or `nil` when it does not end with it.
    func dropping(suffix: String) -> SubSequence? {
        hasSuffix(suffix) ? self[..<index(endIndex, offsetBy: -suffix.count)] : nil
    }

    /// The text before and after the first `separator`.
    func split(around separator: String) -> (SubSequence, SubSequence)? {
        guard let range = range(of: separator) else { return nil }
        return (self[..<range.lowerBound], self[range.upperBound...])
    }
}
