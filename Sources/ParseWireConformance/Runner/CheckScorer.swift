import ParseWire

/// Judges an adapter's answer to a planned check (`Vectors/INTERPRETING.md` §3, §6, §7).
struct CheckScorer {
    /// The judgement of one answer.
    struct Verdict {
        var outcome: CheckOutcome
        var message: String
        var errorKindMatch: Bool?
        /// For an expected rejection with a Parse code, answered with one: whether the codes match.
        var parseCodeMatch: Bool?
        /// For an accepted implementation-defined decode: the outcome its value matched.
        var acceptedOutcome: VectorCase.AcceptedOutcome?
        /// For a failure: what kind of difference it is, for the check's ``Cause``.
        var kind: DifferenceKind?
    }

    let hello: AdapterHello
    /// Whether a rejection of the wrong kind fails.
    let enforcesErrorKinds: Bool
    /// The rules the run scores by.
    var profile: ConformanceProfile = .strict
    /// The flags of category `protects-data`: a decode-error or encode-error case carrying one is
    /// enforced under every profile.
    var protectingFlags: Set<String> = []
    /// The flags of category `canonical-only`: an encode-error case carrying one (and no protecting
    /// flag) is one whose unchecked document the server accepts and keeps, so `client` tolerates writing it.
    var keepingFlags: Set<String> = []

    func score(_ check: PlannedCheck, _ answer: AdapterAnswer) -> Verdict {
        switch answer {
        case .skipped(let reason): return Verdict(outcome: .skip, message: "skipped by the adapter" + (reason.map { ": \($0)" } ?? ""), kind: .skipped)
        case .unsupported(let reason): return Verdict(outcome: .unsupported, message: Self.unsupportedPrefix + reason)
        case .errored(let message): return Verdict(outcome: .error, message: "the adapter errored: \(message)", kind: .errored)
        default: break
        }
        switch check.expectation {
        case .value(let expected):
            guard case .value(let actual) = answer else {
                return fail(Self.describe(answer) + ", expected \(FirstDifference.excerpt(expected.jsonText))", Self.unexpectedAnswer(answer))
            }
            if actual.isSameValue(as: expected) { return pass("decoded as expected") }
            if ServerEquivalents.decodedValues(of: check.vector).contains(where: actual.isSameValue) {
                return pass("decoded to the value of one of the case's equivalents")
            }
            guard let difference = FirstDifference.between(expected: expected, actual: actual) else {
                return fail("decoded to \(FirstDifference.excerpt(actual.jsonText)), expected \(FirstDifference.excerpt(expected.jsonText))",
                            .valueDiffers(spot: "value", member: nil))
            }
            return fail("decoded differently: \(difference)", difference.kind)
        case .wire(let form, let comparison):
            guard case .wire(let text) = answer else {
                return fail(Self.describe(answer) + ", expected \(form.text ?? "wire text")", Self.unexpectedAnswer(answer))
            }
            return WireComparison.difference(Array(text.utf8), form, or: Self.otherForms(check.vector, form), comparison,
                                             context: check.vector.context).map { fail($0.message, $0.kind) }
                ?? pass("wrote the canonical form")
        case .rejection(let kind):
            guard case .rejected(let actualKind, let message, let parseCode) = answer else {
                if let verdict = writtenEquivalent(check, answer) { return verdict }
                if let verdict = tolerated(check, answer) { return verdict }
                return fail("\(Self.describe(answer)), expected a rejection\(kind.map { " (\($0))" } ?? "")",
                            .acceptedExpectedRejection(errorKind: kind))
            }
            return rejection(actualKind, message, expected: kind, wanted: true, code: parseCode, expectedCode: check.vector.parseCode)
        case .choice:
            return choice(check.vector, answer)
        case .followUp:
            return fail("a roundtrip was sent before its decode named the expected form", .errored)
        }
    }

    /// The forms a writer may produce instead of `form`: a valid case's `equivalents`; for the roundtrip of an
    /// implementation-defined case, the canonical forms of the other `ifAccepted` outcomes with the same
    /// value as the outcome `form` belongs to (one value listed with two canonical forms).
    static func otherForms(_ vector: VectorCase, _ form: WireInput) -> [WireInput] {
        switch vector.kind {
        case .valid: return vector.equivalents.compactMap(\.input)
        case .implementationDefined:
            guard let matched = vector.ifAccepted.first(where: { $0.canonical == form }) else { return [] }
            return vector.ifAccepted.filter { $0.value.isSameValue(as: matched.value) }.compactMap(\.canonical).filter { $0 != form }
        default: return []
        }
    }

    /// An encode-error case's output that is one of its `equivalents` passes: a form from which parse-server
    /// stores what it stores when the value is sent (a server-owned Date it ignores, dropped by the writer).
    func writtenEquivalent(_ check: PlannedCheck, _ answer: AdapterAnswer) -> Verdict? {
        guard check.vector.kind == .encodeError, case .wire(let text) = answer, !check.vector.equivalents.isEmpty,
              check.vector.equivalents.contains(where: { $0.input.map { WireComparison.mismatch(Array(text.utf8), $0, .json) == nil } ?? false }) else { return nil }
        return pass("wrote one of the case's equivalents instead of refusing")
    }

    /// Under the client profile, an accepted decode-error case that protects no data is `tolerated`, and
    /// so is a written encode-error case whose unchecked document the server accepts and keeps (a flag of
    /// category `canonical-only`) and that protects no data. An encode-error case without either flag is
    /// one the server refuses: writing it fails under every profile (`nil` here).
    func tolerated(_ check: PlannedCheck, _ answer: AdapterAnswer) -> Verdict? {
        guard profile == .client, answer.isAcceptance else { return nil }
        let vector = check.vector
        let expected = "expected a rejection\(vector.error.map { " (\($0))" } ?? "")"
        switch vector.kind {
        case .decodeError:
            if let flag = vector.flags.first(where: protectingFlags.contains) {
                return fail("\(Self.describe(answer)), \(expected); every profile requires it: \(flag) (the server would lose or change this data)",
                            .acceptedExpectedRejection(errorKind: vector.error))
            }
            return Verdict(outcome: .tolerated, message: "\(Self.describe(answer)); tolerated under the client profile "
                + "(the corpus rejects it\(vector.error.map { " as \($0)" } ?? ""), and it protects no data)")
        case .encodeError:
            if let flag = vector.flags.first(where: protectingFlags.contains) {
                return fail("\(Self.describe(answer)), \(expected); every profile requires it: \(flag) (the server would lose or change this data)",
                            .acceptedExpectedRejection(errorKind: vector.error))
            }
            guard let flag = vector.flags.first(where: keepingFlags.contains) else { return nil }
            return Verdict(outcome: .tolerated, message: "\(Self.describe(answer)); tolerated under the client profile "
                + "(the corpus refuses to write it\(vector.error.map { " as \($0)" } ?? ""), but the server accepts and keeps it: \(flag))")
        case .valid, .implementationDefined:
            return nil
        }
    }

    func choice(_ vector: VectorCase, _ answer: AdapterAnswer) -> Verdict {
        let declared = vector.flags.map { hello.choices[$0] }
        let rejecting = vector.flags.filter { hello.choices[$0] == .reject }
        let mustReject = !rejecting.isEmpty
        let mustAccept = !declared.isEmpty && declared.allSatisfy { $0 == .accept }
        let flags = vector.flags.joined(separator: ", ")
        switch answer {
        case .value(let actual):
            if mustReject {
                return fail("accepted as \(actual.jsonText), but the adapter declared reject for \(rejecting.joined(separator: ", "))",
                            .acceptedDeclaredRejection(flags: rejecting.joined(separator: ", ")))
            }
            guard let matched = vector.ifAccepted.first(where: { actual.isSameValue(as: $0.value) }) else {
                let listed = vector.ifAccepted.map { FirstDifference.excerpt($0.value.jsonText) }.joined(separator: " or ")
                return fail("decoded to \(FirstDifference.excerpt(actual.jsonText)), which is none of the ifAccepted values (\(listed))",
                            Self.closest(actual, among: vector.ifAccepted.map(\.value)))
            }
            var verdict = mustAccept ? pass("accepted, as declared for \(flags)") : Verdict(outcome: .accepted, message: "accepted (no declared choice for \(flags))")
            verdict.acceptedOutcome = matched
            return verdict
        case .rejected(let kind, let message, _):
            if mustAccept {
                return fail("rejected (\(kind)\(message.map { ": \($0)" } ?? "")), but the adapter declared accept for \(flags)",
                            .rejectedDeclaredAcceptance(flags: flags))
            }
            var verdict = rejection(kind, message, expected: vector.ifRejected, wanted: mustReject)
            if !mustReject, verdict.outcome == .pass { verdict.outcome = .rejected; verdict.message = "rejected (no declared choice for \(flags))" }
            return verdict
        default:
            return fail(Self.describe(answer), Self.unexpectedAnswer(answer))
        }
    }

    /// The kind of an answer of the wrong sort for its check: a rejection where a value or a
    /// written form was expected, an unrepresentable value.
    static func unexpectedAnswer(_ answer: AdapterAnswer) -> DifferenceKind {
        switch answer {
        case .rejected(let kind, _, _): .rejectedExpectedValue(errorKind: kind)
        case .unrepresentable: .unrepresentable
        case .skipped, .unsupported: .skipped
        case .errored: .errored
        case .value, .wire: .protocolViolation
        }
    }

    /// The difference between a decoded value and the allowed value it comes closest to: the one
    /// whose first difference lies deepest.
    static func closest(_ actual: TVNValue, among allowed: [TVNValue]) -> DifferenceKind {
        let differences = allowed.compactMap { FirstDifference.between(expected: $0, actual: actual) }
        return differences.max { $0.path.count < $1.path.count }?.kind ?? .valueDiffers(spot: "value", member: nil)
    }

    func rejection(_ kind: String, _ message: String?, expected: String?, wanted: Bool, code: Int? = nil, expectedCode: Int? = nil) -> Verdict {
        let match: Bool? = (expected == nil || kind == "other") ? nil : kind == expected
        let codeMatch: Bool? = expectedCode.flatMap { wanted in code.map { $0 == wanted } }
        let detail = message.map { ": \(FirstDifference.excerpt($0))" } ?? ""
        var mismatches: [String] = []
        if match == false { mismatches.append("with \(kind), not \(expected ?? "")") }
        if codeMatch == false { mismatches.append("with Parse code \(code ?? 0), not \(expectedCode ?? 0)") }
        var verdict: Verdict
        if mismatches.isEmpty {
            verdict = pass("rejected with \(kind)" + (code.map { " (\($0))" } ?? ""))
        } else if enforcesErrorKinds {
            let difference: DifferenceKind = match == false ? .wrongErrorKind(expected: expected ?? "", got: kind)
                : .wrongParseCode(expected: expectedCode ?? 0, got: code ?? 0)
            verdict = fail("rejected " + mismatches.joined(separator: " and ") + detail, difference)
        } else {
            verdict = pass("rejected, but " + mismatches.joined(separator: " and ") + detail)
        }
        verdict.errorKindMatch = match
        verdict.parseCodeMatch = codeMatch
        return verdict
    }

    /// The start of the message of a check the adapter answered unsupported.
    static let unsupportedPrefix = "unsupported by the implementation: "

    func pass(_ message: String) -> Verdict { Verdict(outcome: .pass, message: message) }
    func fail(_ message: String, _ kind: DifferenceKind) -> Verdict { Verdict(outcome: .fail, message: message, kind: kind) }

    static func describe(_ answer: AdapterAnswer) -> String {
        switch answer {
        case .value(let value): "decoded to \(FirstDifference.excerpt(value.jsonText))"
        case .wire(let text): "wrote \(FirstDifference.excerpt(text))"
        case .unrepresentable(let reason): "accepted, with a value TVN cannot spell (\(FirstDifference.excerpt(reason)))"
        case .rejected(let kind, let message, _): "rejected with \(kind)\(message.map { ": \(FirstDifference.excerpt($0))" } ?? "")"
        case .skipped: "skipped"
        case .unsupported(let reason): "unsupported: \(reason)"
        case .errored(let message): "errored: \(message)"
        }
    }

    /// What a check expects, as JSON for reports.
    static func expectedNode(_ check: PlannedCheck, hello: AdapterHello) -> JSONNode {
        switch check.expectation {
        case .value(let value): return value.node
        case .wire(let form, _): return form.text.map(JSONNode.string) ?? .null
        case .rejection(let kind): return .record([("error", .string(kind ?? "any"))])
        case .choice:
            return .record([("flags", .array(check.vector.flags.map(JSONNode.string))),
                            ("declared", .object(check.vector.flags.compactMap { flag in hello.choices[flag].map { JSONMember(key: flag, value: .string($0.rawValue)) } })),
                            ("ifAccepted", .array(check.vector.ifAccepted.map(\.value.node))),
                            ("ifRejected", check.vector.ifRejected.map(JSONNode.string))])
        case .followUp:
            return .null
        }
    }

    /// The answers a check keeps whole for its report; a longer one is kept as its size and the start
    /// of its line, so that a run's memory does not grow with what adapters write (the longest answer
    /// the corpus asks for, an accepted 100,000-deep document, is about 1.2 MB).
    static let keptAnswerBytes = 2 << 20

    /// An answer as a check's record keeps it once it is compared: whole, or when its line is longer
    /// than ``keptAnswerBytes``, `{"answerBytes": n, "excerpt": "…"}`.
    static func keptNode(_ answer: AdapterAnswer, line: String) -> JSONNode {
        let bytes = line.utf8.count
        guard bytes > keptAnswerBytes else { return actualNode(answer) }
        return .record([("answerBytes", .integer(bytes)), ("excerpt", .string(FirstDifference.excerpt(line)))])
    }

    /// An answer as JSON for reports.
    static func actualNode(_ answer: AdapterAnswer) -> JSONNode {
        switch answer {
        case .value(let value): .record([("value", value.node)])
        case .wire(let text): .record([("wire", .string(text))])
        case .unrepresentable(let reason): .record([("unrepresentable", .string(reason))])
        case .rejected(let kind, let message, let parseCode):
            .record([("error", .record([("kind", .string(kind)), ("message", message.map(JSONNode.string)), ("parseCode", parseCode.map(JSONNode.integer))]))])
        case .skipped(let reason): .record([("skipped", .string(reason ?? ""))])
        case .unsupported(let reason): .record([("unsupported", .string(reason))])
        case .errored(let message): .record([("errored", .string(message))])
        }
    }
}
