/// An `error` message (`Client.pushError`).
public struct LiveQueryError: Sendable, Hashable {
    /// The code: a Parse error code, or the LiveQuery server's own (1 a message its schemas refuse,
    /// 2 no connection or subscription, 3 an unknown op, 4 a key that does not match).
    public var code: Int
    /// The text.
    public var error: String
    /// Whether the client should connect again.
    public var reconnect: Bool
    /// The request the error answers; `nil` (written `null`) for an error of the connection.
    public var requestId: Int?

    /// Creates an error message.
    public init(code: Int, error: String, reconnect: Bool, requestId: Int?) {
        self.code = code
        self.error = error
        self.reconnect = reconnect
        self.requestId = requestId
    }

    init(walker: TapeWalker, members: [String: (keyIndex: Int, valueIndex: Int)]) throws(ParseWireError) {
        let what = "an error message"
        try walker.liveQueryRefuseOthers(members, allowed: ["op", "error", "code", "reconnect", "requestId"], what: what)
        error = try walker.liveQueryString(members, "error", required: true, what: what)!
        guard let code = members["code"] else { throw walker.error(.missingField, at: 0, "\(what) has a \"code\"") }
        self.code = try walker.messageInteger(at: code.valueIndex, key: "code")
        guard let reconnect = members["reconnect"] else { throw walker.error(.missingField, at: 0, "\(what) has \"reconnect\"") }
        switch walker.entries[reconnect.valueIndex].kind {
        case .trueLiteral: self.reconnect = true
        case .falseLiteral: self.reconnect = false
        default:
            throw walker.error(.wrongFieldType, at: reconnect.valueIndex, "\"reconnect\" must be true or false, not \(walker.describe(reconnect.valueIndex))")
                .prefixed(key: "reconnect")
        }
        guard let request = members["requestId"] else {
            throw walker.error(.missingField, at: 0, "\(what) has a \"requestId\", null when it answers no request")
        }
        requestId = walker.entries[request.valueIndex].kind == .null ? nil : try walker.liveQueryRequestId(at: request.valueIndex)
    }
}
