import ParseWire

/// A request line as an adapter reads it: the adapter side of the protocol, used by the reference
/// adapter (`parse-wire adapter`).
public enum AdapterRequestLine: Sendable, Hashable {
    /// Open the session and describe the implementation.
    case hello(protocolVersion: Int, corpusVersion: String)
    /// Perform one check.
    case check(AdapterRequest)
    /// End the session.
    case stop

    /// Reads one request line.
    /// - Throws: ``ProtocolViolation`` when the line is not a well-formed request.
    public static func parse(_ line: String) throws(ProtocolViolation) -> AdapterRequestLine {
        guard let node = try? JSONNode.parse(line), node.members != nil else { throw ProtocolViolation("a request is a JSON object") }
        guard let cmd = node["cmd"]?.stringValue else { throw ProtocolViolation("a request has a \"cmd\" string") }
        switch cmd {
        case "hello":
            guard let version = node["protocol"]?.integerValue else { throw ProtocolViolation("hello has an integer \"protocol\"") }
            return .hello(protocolVersion: version, corpusVersion: node["corpusVersion"]?.stringValue ?? "")
        case "stop":
            return .stop
        default:
            guard let operation = AdapterOperation(rawValue: cmd) else { throw ProtocolViolation("unknown cmd \"\(cmd)\"") }
            guard let seq = node["seq"]?.integerValue, let id = node["id"]?.stringValue else {
                throw ProtocolViolation("\(cmd) has an integer \"seq\" and a string \"id\"")
            }
            let context = try context(node["context"])
            let payload: AdapterRequest.Payload
            if let wire = node["wire"]?.stringValue {
                payload = .wire(.text(wire))
            } else if let base64 = node["wireBase64"]?.stringValue {
                payload = .wire(.base64(base64))
            } else if let value = node["value"] {
                do {
                    payload = .value(try TVNValue.parse(value, path: "value"))
                } catch {
                    throw ProtocolViolation("\"value\" is not well-formed TVN: \(error)")
                }
            } else {
                throw ProtocolViolation("\(cmd) carries \"wire\", \"wireBase64\" or \"value\"")
            }
            return .check(AdapterRequest(operation: operation, seq: seq, id: id, payload: payload, context: context,
                                         recordClass: node["context"]?["class"]?.stringValue))
        }
    }

    static func context(_ node: JSONNode?) throws(ProtocolViolation) -> WireContext {
        switch node?["kind"]?.stringValue {
        case "value": return .value
        case "update": return .update
        case "query": return .query
        case "message":
            guard let name = node?["message"]?.stringValue, let kind = ParseMessageKind(rawValue: name) else {
                throw ProtocolViolation("a message context names its \"message\": " + ParseMessageKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return .message(kind, className: node?["className"]?.stringValue)
        case "object":
            guard let className = node?["className"]?.stringValue else { throw ProtocolViolation("an object context has a \"className\"") }
            return .object(className: className)
        case "livequery":
            guard let name = node?["side"]?.stringValue, let side = LiveQuerySide(rawValue: name) else {
                throw ProtocolViolation("a livequery context names its \"side\": client or server")
            }
            return .liveQuery(side)
        default: throw ProtocolViolation("\"context\" is {\"kind\": \"value\" | \"object\" | \"update\" | \"query\" | \"message\" | \"livequery\"}")
        }
    }
}
