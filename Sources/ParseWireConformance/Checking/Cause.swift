/// What kind of difference makes a check fail, in the terms of the value model: a type read as
/// another type, a member missing, a rejection where a value was expected. It leaves out the
/// values themselves, the case and the corpus, so that one behaviour of an implementation has one
/// kind wherever in the corpus it shows (`Vectors/INTERPRETING.md` §10, Causes).
///
/// A kind found at a path (``FirstDifference``) names the spot by type: `spot` is the innermost
/// typed value or container around the difference (`Date`, `File`, `map`, `AddRelation`), and
/// `member` the member of that type, when the type has a fixed vocabulary (`File.url`,
/// `Date.epochMs`); members of a map, of an object's fields or of an ACL are data, never named.
package enum DifferenceKind: Sendable, Hashable {
    /// A value of one type where another was expected: `Bytes` read as a `string`.
    case typeChanged(expected: String, got: String)
    /// An expected member is absent.
    case memberMissing(spot: String, member: String?)
    /// A member that should not be there.
    case memberExtra(spot: String, member: String?)
    /// The same type and shape with another value.
    case valueDiffers(spot: String, member: String?)
    /// A list with another number of elements.
    case lengthDiffers(spot: String, member: String?)
    /// A list with the same elements in another order.
    case orderOnly(spot: String, member: String?)
    /// The same JSON data, other text, where the case compares text byte for byte.
    case textDiffers
    /// Written text that is not strict JSON.
    case notJSON
    /// Accepted (or written) what the corpus rejects with this kind. The kind, not the rule the
    /// case cites, is the key: an implementation that does not check a date's text accepts what
    /// seven date rules forbid, and that is one defect; the rules are reported beside the cause.
    case acceptedExpectedRejection(errorKind: String?)
    /// Rejected with this kind where a value (or a written form) was expected.
    case rejectedExpectedValue(errorKind: String)
    /// Rejected with another kind than the corpus's (scored when error kinds are enforced).
    case wrongErrorKind(expected: String, got: String)
    /// Rejected with another Parse code than the corpus's.
    case wrongParseCode(expected: Int, got: Int)
    /// Accepted an input whose flags the adapter declared it rejects.
    case acceptedDeclaredRejection(flags: String)
    /// Rejected an input whose flags the adapter declared it accepts.
    case rejectedDeclaredAcceptance(flags: String)
    /// Accepted with a value TVN cannot spell.
    case unrepresentable
    /// The adapter answered `skipped`.
    case skipped
    /// The adapter answered `errored`.
    case errored
    /// The answer broke the protocol.
    case protocolViolation
    /// Not sent: the run stopped early.
    case notRun
    /// No answer within the timeout.
    case timeout
    /// The adapter exited while the check was in flight.
    case crash

    /// The kind in words, without the operation: `expected Bytes, got string`, `File.url differs`.
    package var text: String {
        func place(_ spot: String, _ member: String?) -> String { member.map { "\(spot).\($0)" } ?? spot }
        switch self {
        case let .typeChanged(expected, got): return "expected \(expected), got \(got)"
        case let .memberMissing(spot, member?): return "\(spot).\(member) missing"
        case let .memberMissing(spot, nil): return "a member of \(spot) missing"
        case let .memberExtra(spot, member?): return "extra \(spot).\(member)"
        case let .memberExtra(spot, nil): return "an extra member in \(spot)"
        case let .valueDiffers(spot, member): return "\(place(spot, member)) differs"
        case let .lengthDiffers(spot, member): return "\(place(spot, member)) length differs"
        case let .orderOnly(spot, member): return "\(place(spot, member)) in another order"
        case .textDiffers: return "same JSON, other text"
        case .notJSON: return "wrote text that is not JSON"
        case let .acceptedExpectedRejection(kind):
            return "accepted, expected a rejection" + (kind.map { " \($0)" } ?? "")
        case let .rejectedExpectedValue(kind): return "rejected with \(kind), expected a value"
        case let .wrongErrorKind(expected, got): return "rejected with \(got), expected \(expected)"
        case let .wrongParseCode(expected, got): return "rejected with Parse code \(got), expected \(expected)"
        case let .acceptedDeclaredRejection(flags): return "accepted, declared reject for \(flags)"
        case let .rejectedDeclaredAcceptance(flags): return "rejected, declared accept for \(flags)"
        case .unrepresentable: return "accepted with a value TVN cannot spell"
        case .skipped: return "skipped by the adapter"
        case .errored: return "the adapter errored"
        case .protocolViolation: return "protocol violation"
        case .notRun: return "not run"
        case .timeout: return "timeout"
        case .crash: return "crash"
        }
    }

    /// The kind of difference for an outcome that is no answer to compare: a skip, an adapter
    /// error, a protocol violation, a timeout, a crash; `nil` for the others.
    static func ofFault(_ outcome: CheckOutcome, message: String, answered: Bool) -> DifferenceKind? {
        switch outcome {
        case .skip: return .skipped
        case .timeout: return .timeout
        case .crash: return .crash
        case .error:
            if message.hasPrefix("not run") { return .notRun }
            return answered ? .errored : .protocolViolation
        case .pass, .fail, .xfail, .xpass, .unsupported, .tolerated, .accepted, .rejected: return nil
        }
    }
}

/// Why a check failed, as the implementation's behaviour: the operation and the kind of
/// difference (`decode: expected Bytes, got string`). Every failing check has one; checks with
/// the same cause are one defect to fix and one expected-failures entry to list
/// (`Vectors/INTERPRETING.md` §10).
package struct Cause: Sendable, Hashable, CustomStringConvertible {
    package let operation: AdapterOperation
    package let kind: DifferenceKind

    /// Creates a cause.
    package init(operation: AdapterOperation, kind: DifferenceKind) {
        self.operation = operation
        self.kind = kind
    }

    /// The stable spelling, used in reports and as an expected-failures selector:
    /// `decode: expected Bytes, got string`.
    package var description: String { "\(operation.rawValue): \(kind.text)" }

    /// The spec rule a case is filed under: its first `spec` entry that is a rule id (`DATE-3`),
    /// not a standard (`RFC 8259 §7`).
    static func rule(of vector: VectorCase) -> String? {
        vector.spec.first { entry in
            let parts = entry.split(separator: "-")
            return parts.count == 2 && parts[0].allSatisfy(\.isUppercase) && parts[1].allSatisfy(\.isNumber)
        }
    }
}

extension TVNValue {
    /// The type names of TVN nodes, as a cause spells them: the wire's type names for Parse
    /// types (`Bytes`, `GeoPoint`), JSON's for the rest (`string`, `map`).
    /// A key outside ``TVNTag`` (an answer's, open input) is named as it is spelled.
    static func typeName(ofTag tag: String) -> String {
        TVNTag(rawValue: tag)?.causeName ?? tag
    }
}
