import ParseWire

/// An adapter's answer to one check request.
public enum AdapterAnswer: Sendable, Hashable {
    /// `ok: true` to a decode: the value, in TVN.
    case value(TVNValue)
    /// `ok: true` to an encode or a roundtrip: the wire text written.
    case wire(String)
    /// `ok: true` with `unrepresentable` to a decode: the implementation accepted the input, but its
    /// value cannot be spelled in TVN (Infinity from `1e400`, an invalid date); the reason says why.
    /// Scored as the acceptance it is: it fails an error case and matches no expected value.
    case unrepresentable(reason: String)
    /// `ok: false`: the implementation refused the input (the right answer for error cases), with
    /// the Parse error code it would have when the adapter gives one.
    case rejected(kind: String, message: String?, parseCode: Int? = nil)
    /// `skipped: true`: the adapter does not implement what the check needs.
    case skipped(reason: String?)
    /// `unsupported: true`: the implementation has nothing that performs this check (an SDK without a
    /// builder for the operator, without a reader of the message); the reason names what it lacks.
    /// Scored `unsupported`, as a capability the adapter does not claim, never a failure.
    case unsupported(reason: String)
    /// `errored: true`: the adapter's glue failed; always a failure.
    case errored(message: String)

    /// The answer as one line of JSON echoing `seq`, without the newline.
    ///
    /// Written directly rather than through a ``JSONNode`` tree: an adapter writes one per check.
    public func line(seq: Int) -> String {
        var text = #"{"seq":"# + String(seq)
        switch self {
        case .value(let value): text += #","ok":true,"value":"# + value.jsonText
        case .wire(let wire): text += #","ok":true,"wire":"# + JSONNode.quoted(wire)
        case .unrepresentable(let reason): text += #","ok":true,"unrepresentable":"# + JSONNode.quoted(reason)
        case .rejected(let kind, let message, let parseCode):
            text += #","ok":false,"error":{"kind":"# + JSONNode.quoted(kind)
            if let message { text += #","message":"# + JSONNode.quoted(message) }
            if let parseCode { text += #","parseCode":"# + String(parseCode) }
            text += "}"
        case .skipped(let reason):
            text += #","skipped":true"#
            if let reason { text += #","reason":"# + JSONNode.quoted(reason) }
        case .unsupported(let reason): text += #","unsupported":true,"reason":"# + JSONNode.quoted(reason)
        case .errored(let message): text += #","errored":true,"message":"# + JSONNode.quoted(message)
        }
        return text + "}"
    }

    /// Whether the answer says the implementation accepted the input (a value, wire text, or an
    /// unrepresentable value).
    package var isAcceptance: Bool {
        switch self {
        case .value, .wire, .unrepresentable: true
        case .rejected, .skipped, .unsupported, .errored: false
        }
    }

    /// Reads an answer line to the request `seq` of `operation`.
    /// - Throws: ``ProtocolViolation`` when the line is not JSON, echoes another `seq`, or does not
    ///   have exactly the shape the protocol gives an answer; the message says what is wrong.
    package static func parse(_ line: String, seq: Int, operation: AdapterOperation) throws(ProtocolViolation) -> AdapterAnswer {
        var copy = line
        let result = copy.withUTF8 { bytes in
            Result { () throws(ProtocolViolation) -> AdapterAnswer in try parse(bytes, seq: seq, operation: operation) }
        }
        return try result.get()
    }

    /// Reads an answer line, given as its UTF-8 bytes without the newline (see ``parse(_:seq:operation:)``).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, seq: Int, operation: AdapterOperation) throws(ProtocolViolation) -> AdapterAnswer {
        let document = try AnswerJSON.parse(bytes)
        let node = document.node
        guard let members = node.members else { throw ProtocolViolation("the answer is \(node.typeName), not a JSON object") }
        guard let seqNode = node["seq"] else { throw ProtocolViolation("the answer has no \"seq\"") }
        guard let echoed = seqNode.integerValue else { throw ProtocolViolation("seq must be an integer, not \(seqNode.typeName)") }
        guard echoed == seq else { throw ProtocolViolation("the answer echoes seq \(echoed), expected \(seq)", echoedSeq: echoed) }
        func only(_ allowed: [String], in form: String) throws(ProtocolViolation) {
            for member in members where member.key != "seq" && !allowed.contains(member.key) {
                let extra = members.map(\.key).filter { $0 != "seq" && !allowed.contains($0) }
                throw ProtocolViolation("\(form) has no member \(extra.map { "\"\($0)\"" }.joined(separator: ", ")); its members are seq, \(allowed.joined(separator: ", "))")
            }
        }
        func text(_ name: String, of holder: JSONNode = node, required: Bool) throws(ProtocolViolation) -> String? {
            guard let member = holder[name] else {
                if required { throw ProtocolViolation("\(name) is required here, a string") }
                return nil
            }
            guard let value = member.stringValue else { throw ProtocolViolation("\(name) must be a string, not \(member.typeName)") }
            return value
        }
        func flag(_ name: String) throws(ProtocolViolation) -> Bool {
            guard let member = node[name] else { return false }
            guard member == .bool(true) else { throw ProtocolViolation("\(name) must be true when present, not \(excerpt(member.compactText))") }
            return true
        }
        if try flag("errored") {
            try only(["errored", "message", "traceback"], in: "an errored answer")
            let traceback = try text("traceback", required: false).map { "\n" + $0 } ?? ""
            return .errored(message: (try text("message", required: false) ?? "(no message)") + traceback)
        }
        if try flag("unsupported") {
            try only(["unsupported", "reason"], in: "an unsupported answer")
            guard let reason = try text("reason", required: false), !reason.isEmpty else {
                throw ProtocolViolation("an unsupported answer needs a non-empty reason naming what the implementation lacks")
            }
            return .unsupported(reason: reason)
        }
        if try flag("skipped") {
            try only(["skipped", "reason", "issue"], in: "a skip")
            guard let reason = try text("reason", required: true), !reason.isEmpty else { throw ProtocolViolation("a skip needs a non-empty reason") }
            let issue = try text("issue", required: false).map { " (\($0))" } ?? ""
            return .skipped(reason: reason + issue)
        }
        switch node["ok"] {
        case .bool(false)?:
            try only(["ok", "error"], in: "a rejection")
            guard let error = node["error"], error.members != nil else { throw ProtocolViolation("a rejection has \"error\": {\"kind\": …}") }
            if let extra = error.members?.first(where: { !["kind", "message", "parseCode"].contains($0.key) }) {
                throw ProtocolViolation("error has no member \"\(extra.key)\"; its members are kind, message, parseCode")
            }
            guard let kind = try text("kind", of: error, required: true) else { throw ProtocolViolation("error.kind is required") }
            guard ProtocolVersion.errorKinds.contains(kind) else {
                throw ProtocolViolation("\"\(kind)\" is not an error kind; use one of INTERPRETING §6 or \"other\"")
            }
            var parseCode: Int?
            if let code = error["parseCode"] {
                guard let number = code.integerValue else { throw ProtocolViolation("error.parseCode must be an integer Parse error code, not \(code.typeName)") }
                parseCode = number
            }
            return .rejected(kind: kind, message: try text("message", of: error, required: false), parseCode: parseCode)
        case .bool(true)?:
            if operation == .decode {
                if node["unrepresentable"] != nil {
                    try only(["ok", "unrepresentable"], in: "an unrepresentable answer")
                    guard let reason = try text("unrepresentable", required: true), !reason.isEmpty else {
                        throw ProtocolViolation("unrepresentable must be a non-empty string saying why")
                    }
                    return .unrepresentable(reason: reason)
                }
                try only(["ok", "value"], in: "a decode answer with ok:true")
                guard let value = node["value"] else { throw ProtocolViolation("a decode answer with ok:true has a \"value\" (TVN) or \"unrepresentable\" (a reason)") }
                // Too deep to keep whole: what was kept must still be TVN, then it is an acceptance
                // the runner does not compare (no expected value comes near that depth).
                let tvn: TVNValue
                do {
                    tvn = try TVNValue.parse(value, path: "value", cut: document.cutDepth != nil)
                } catch {
                    throw ProtocolViolation("the decoded value is not well-formed TVN: \(error)")
                }
                if let depth = document.cutDepth {
                    return .unrepresentable(reason: "a value nested \(depth) deep, deeper than the runner compares (\(AnswerJSON.treeDepth)); no expected value comes near")
                }
                return .value(tvn)
            }
            try only(["ok", "wire"], in: "an \(operation) answer with ok:true")
            guard let wire = try text("wire", required: true) else { throw ProtocolViolation("wire is required") }
            return .wire(wire)
        case let other?:
            throw ProtocolViolation("ok must be true or false, not \(excerpt(other.compactText))")
        case nil:
            throw ProtocolViolation("an answer has \"ok\", \"skipped\": true, \"unsupported\": true or \"errored\": true; this one has \(members.map(\.key).joined(separator: ", "))")
        }
    }

    /// The start of a long line, for messages.
    static func excerpt(_ line: String) -> String {
        line.count <= 200 ? line : String(line.prefix(200)) + "…"
    }
}
