import ParseWire

/// An adapter's answer to one check request.
public enum AdapterAnswer: Sendable, Hashable {
    /// `ok: true` to a decode: the value, in TVN.
    case value(TVNValue)
    /// `ok: true` to an encode or a roundtrip: the wire text written.
    case wire(String)
    /// `ok: false`: the implementation refused the input (the right answer for error cases), with
    /// the Parse error code it would have when the adapter gives one.
    case rejected(kind: String, message: String?, parseCode: Int? = nil)
    /// `skipped: true`: the adapter does not implement what the check needs.
    case skipped(reason: String?)
    /// `errored: true`: the adapter's glue failed; always a failure.
    case errored(message: String)

    /// The answer as one line of JSON echoing `seq`, without the newline.
    public func line(seq: Int) -> String {
        var pairs: [(String, JSONNode?)] = [("seq", .integer(seq))]
        switch self {
        case .value(let value): pairs += [("ok", .bool(true)), ("value", value.node)]
        case .wire(let text): pairs += [("ok", .bool(true)), ("wire", .string(text))]
        case .rejected(let kind, let message, let parseCode):
            pairs += [("ok", .bool(false)), ("error", .record([("kind", .string(kind)), ("message", message.map(JSONNode.string)),
                                                                ("parseCode", parseCode.map(JSONNode.integer))]))]
        case .skipped(let reason): pairs += [("skipped", .bool(true)), ("reason", reason.map(JSONNode.string))]
        case .errored(let message): pairs += [("errored", .bool(true)), ("message", .string(message))]
        }
        return JSONNode.record(pairs).compactText
    }

    /// Reads an answer line to the request `seq` of `operation`.
    /// - Throws: ``ProtocolViolation`` when the line is not JSON, echoes another `seq`, or does not
    ///   have exactly the shape the protocol gives an answer.
    public static func parse(_ line: String, seq: Int, operation: AdapterOperation) throws(ProtocolViolation) -> AdapterAnswer {
        let node: JSONNode
        do {
            node = try JSONNode.parse(line)
        } catch {
            throw ProtocolViolation("the answer is not strict JSON (\(error)): \(excerpt(line))")
        }
        guard let members = node.members else { throw ProtocolViolation("the answer is not a JSON object: \(excerpt(line))") }
        guard let echoed = node["seq"]?.integerValue else { throw ProtocolViolation("the answer has no integer \"seq\": \(excerpt(line))") }
        guard echoed == seq else { throw ProtocolViolation("the answer echoes seq \(echoed), expected \(seq)") }
        let keys = Set(members.map(\.key))
        func only(_ allowed: Set<String>) throws(ProtocolViolation) {
            let extra = keys.subtracting(allowed).subtracting(["seq"])
            if !extra.isEmpty { throw ProtocolViolation("unexpected member(s) \(extra.sorted().joined(separator: ", ")) in \(excerpt(line))") }
        }
        if node["errored"] == .bool(true) {
            try only(["errored", "message", "traceback"])
            let traceback = node["traceback"]?.stringValue.map { "\n" + $0 } ?? ""
            return .errored(message: (node["message"]?.stringValue ?? "(no message)") + traceback)
        }
        if node["skipped"] == .bool(true) {
            try only(["skipped", "reason", "issue"])
            let issue = node["issue"]?.stringValue.map { " (\($0))" } ?? ""
            return .skipped(reason: node["reason"]?.stringValue.map { $0 + issue })
        }
        switch node["ok"] {
        case .bool(false)?:
            try only(["ok", "error"])
            guard let kind = node["error"]?["kind"]?.stringValue else { throw ProtocolViolation("a rejection has \"error\": {\"kind\": …}") }
            guard ProtocolVersion.errorKinds.contains(kind) else {
                throw ProtocolViolation("\"\(kind)\" is not an error kind; use one of INTERPRETING §6 or \"other\"")
            }
            var parseCode: Int?
            if let code = node["error"]?["parseCode"] {
                guard let number = code.integerValue else { throw ProtocolViolation("error.parseCode is an integer Parse error code") }
                parseCode = number
            }
            return .rejected(kind: kind, message: node["error"]?["message"]?.stringValue, parseCode: parseCode)
        case .bool(true)?:
            if operation == .decode {
                try only(["ok", "value"])
                guard let value = node["value"] else { throw ProtocolViolation("a decode answer with ok:true has a \"value\"") }
                do {
                    return .value(try TVNValue.parse(value, path: "value"))
                } catch {
                    throw ProtocolViolation("the decoded value is not well-formed TVN: \(error)")
                }
            }
            try only(["ok", "wire"])
            guard let wire = node["wire"]?.stringValue else { throw ProtocolViolation("an \(operation) answer with ok:true has a \"wire\" string") }
            return .wire(wire)
        default:
            throw ProtocolViolation("an answer has \"ok\", \"skipped\": true or \"errored\": true: \(excerpt(line))")
        }
    }

    /// The start of a long line, for messages.
    static func excerpt(_ line: String) -> String {
        line.count <= 200 ? line : String(line.prefix(200)) + "…"
    }
}
