/// A message a LiveQuery client writes on the socket (`Vectors/spec/livequery.md`, LQ-1 … LQ-5).
///
/// parse-server checks each one against its JSON schemas (`LiveQuery/RequestSchema.js`, with
/// `tv4`) before it looks at the `op`, and answers a refusal with an `error` message of code 1;
/// the reader refuses what those schemas refuse, with `parseCode` 1. The subscription's `where` is
/// read with the rules of a find request's (``WireContext/query``), since a client's query builder
/// writes both.
public enum LiveQueryClientMessage: Sendable, Hashable {
    /// `{"op":"connect",…}`: the first message on a socket (LQ-2).
    case connect(LiveQueryConnect)
    /// `{"op":"subscribe",…}`: a new subscription (LQ-3).
    case subscribe(LiveQuerySubscription)
    /// `{"op":"update",…}`: replaces the query of the subscription with the same request id.
    case update(LiveQuerySubscription)
    /// `{"op":"unsubscribe","requestId":N}` (LQ-5).
    case unsubscribe(requestId: Int)

    /// The ops a client writes, as `RequestSchema.general` lists them (LQ-1).
    public enum Op: String, Sendable, Hashable, CaseIterable {
        /// ``LiveQueryClientMessage/connect(_:)``.
        case connect
        /// ``LiveQueryClientMessage/subscribe(_:)``.
        case subscribe
        /// ``LiveQueryClientMessage/update(_:)``.
        case update
        /// ``LiveQueryClientMessage/unsubscribe(requestId:)``.
        case unsubscribe
    }

    /// The message's op.
    public var op: Op {
        switch self {
        case .connect: .connect
        case .subscribe: .subscribe
        case .update: .update
        case .unsubscribe: .unsubscribe
        }
    }

    /// Reads a client message.
    /// - Throws: ``ParseWireError`` with `parseCode` 1 for what parse-server's request schemas refuse:
    ///   `invalid-operation` for an unknown op, `missing-field`, `unexpected-field` (a member the op's
    ///   schema does not list, a repeated `keys` or `watch` item), `wrong-field-type`; and the find
    ///   request's errors for the `where`.
    public init(decoding bytes: some Collection<UInt8>) throws(ParseWireError) {
        self = try ParseValueDecoder().decodeMessage(bytes, context: .liveQuery(.client)) { (walker: TapeWalker) throws(ParseWireError) -> LiveQueryClientMessage in
            try LiveQueryClientMessage(walker: walker)
        }
    }

    init(walker: TapeWalker) throws(ParseWireError) {
        let what = "a LiveQuery client message"
        let members = try walker.liveQueryMembers(what, at: 0)
        let op = try walker.liveQueryOp(members, what: what)
        guard let known = Op(rawValue: op.name) else {
            throw walker.error(.invalidOperation, parseCode: 1, at: op.index,
                               "\(NameRules.quoted(op.name)) is not a client op; the ops are "
                                   + Op.allCases.map(\.rawValue).joined(separator: ", ")).prefixed(key: "op")
        }
        switch known {
        case .connect:
            self = .connect(try LiveQueryConnect(walker: walker, members: members))
        case .subscribe:
            self = .subscribe(try LiveQuerySubscription(walker: walker, members: members, op: known))
        case .update:
            self = .update(try LiveQuerySubscription(walker: walker, members: members, op: known))
        case .unsubscribe:
            try walker.liveQueryRefuseOthers(members, allowed: ["op", "requestId"], what: "an unsubscribe")
            guard let requestId = members["requestId"] else {
                throw walker.error(.missingField, parseCode: 1, at: 0, "an unsubscribe has a \"requestId\"")
            }
            self = .unsubscribe(requestId: try walker.liveQueryRequestId(at: requestId.valueIndex))
        }
    }

    /// Writes the message, members in the order the JavaScript SDK writes them.
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        var out = MessageWriter(options: options)
        out.raw(#"{"op":"#)
        out.string(op.rawValue)
        switch self {
        case .connect(let connect):
            out.raw(#","applicationId":"#)
            out.string(connect.applicationId)
            for key in LiveQueryConnect.Key.allCases {
                guard let secret = connect.keys[key] else { continue }
                out.raw(",")
                out.key(key.rawValue)
                out.string(secret)
            }
            if let token = connect.sessionToken {
                out.raw(#","sessionToken":"#)
                out.string(token)
            }
            if let installation = connect.installationId {
                out.raw(#","installationId":"#)
                out.string(installation)
            }
        case .subscribe(let subscription), .update(let subscription):
            try subscription.write(into: &out, options: options)
        case .unsubscribe(let requestId):
            out.raw(#","requestId":"#)
            out.integer(requestId)
        }
        out.raw("}")
        return out.bytes
    }
}
