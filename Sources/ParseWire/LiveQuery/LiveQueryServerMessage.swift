/// A message parse-server's LiveQuery server writes on the socket (`Vectors/spec/livequery.md`,
/// LQ-6 … LQ-9), as `LiveQuery/Client.js` builds it: `JSON.stringify` of the members, so a member
/// whose value is `undefined` (an unknown installation id) is left out and a `null` request id of
/// an error is written.
public enum LiveQueryServerMessage: Sendable, Hashable {
    /// `{"op":"connected","clientId":…}`: the answer to a connect (LQ-6).
    case connected(clientId: String, installationId: String?)
    /// `{"op":"subscribed",…,"requestId":N}`: the answer to a subscribe or an update.
    case subscribed(requestId: Int, clientId: String, installationId: String?)
    /// `{"op":"unsubscribed",…,"requestId":N}`: the answer to an unsubscribe.
    case unsubscribed(requestId: Int, clientId: String, installationId: String?)
    /// `{"op":"error",…}` (LQ-7).
    case error(LiveQueryError)
    /// One of the five events, with the object (LQ-8).
    case event(LiveQueryEvent)

    /// The ops the server writes (`Client.js`).
    public enum Op: String, Sendable, Hashable, CaseIterable {
        /// ``LiveQueryServerMessage/connected(clientId:installationId:)``.
        case connected
        /// ``LiveQueryServerMessage/subscribed(requestId:clientId:installationId:)``.
        case subscribed
        /// ``LiveQueryServerMessage/unsubscribed(requestId:clientId:installationId:)``.
        case unsubscribed
        /// ``LiveQueryServerMessage/error(_:)``.
        case error
        /// An object that matches the query was created.
        case create
        /// An object that did not match the query now does.
        case enter
        /// An object that matches the query was saved and still matches.
        case update
        /// An object that matched the query no longer does.
        case leave
        /// An object that matches the query was deleted.
        case delete

        /// The event this op names, if it is one.
        public var event: LiveQueryEvent.Kind? { LiveQueryEvent.Kind(rawValue: rawValue) }
    }

    /// The message's op.
    public var op: Op {
        switch self {
        case .connected: .connected
        case .subscribed: .subscribed
        case .unsubscribed: .unsubscribed
        case .error: .error
        case .event(let event): Op(rawValue: event.kind.rawValue)!
        }
    }

    /// Reads a server message.
    /// - Throws: ``ParseWireError``: `invalid-operation` for an unknown op, `missing-field` for a
    ///   member the server always writes, `unexpected-field` for one it never writes with that op,
    ///   `wrong-field-type`; for an event's object, the errors of an embedded Object.
    public init(decoding bytes: some Collection<UInt8>) throws(ParseWireError) {
        self = try WireDecoder().decodeMessage(bytes, context: .liveQuery(.server)) { (walker: TapeWalker) throws(ParseWireError) -> LiveQueryServerMessage in
            try LiveQueryServerMessage(walker: walker)
        }
    }

    init(walker: TapeWalker) throws(ParseWireError) {
        let what = "a LiveQuery server message"
        let members = try walker.liveQueryMembers(what, at: 0)
        let op = try walker.liveQueryOp(members, what: what)
        guard let known = Op(rawValue: op.name) else {
            throw walker.error(.invalidOperation, at: op.index, "\(NameRules.quoted(op.name)) is not a server op; the ops are "
                                   + Op.allCases.map(\.rawValue).joined(separator: ", ")).prefixed(key: "op")
        }
        let name = "a \(known.rawValue) message"
        switch known {
        case .connected:
            try walker.liveQueryRefuseOthers(members, allowed: ["op", "clientId", "installationId"], what: name)
            self = .connected(clientId: try walker.liveQueryString(members, "clientId", required: true, what: name)!,
                              installationId: try walker.liveQueryString(members, "installationId", required: false, what: name))
        case .subscribed, .unsubscribed:
            try walker.liveQueryRefuseOthers(members, allowed: ["op", "clientId", "installationId", "requestId"], what: name)
            let clientId = try walker.liveQueryString(members, "clientId", required: true, what: name)!
            let installationId = try walker.liveQueryString(members, "installationId", required: false, what: name)
            guard let request = members["requestId"] else { throw walker.error(.missingField, at: 0, "\(name) has a \"requestId\"") }
            let requestId = try walker.liveQueryRequestId(at: request.valueIndex)
            self = known == .subscribed ? .subscribed(requestId: requestId, clientId: clientId, installationId: installationId)
                : .unsubscribed(requestId: requestId, clientId: clientId, installationId: installationId)
        case .error:
            self = .error(try LiveQueryError(walker: walker, members: members))
        case .create, .enter, .update, .leave, .delete:
            self = .event(try LiveQueryEvent(walker: walker, members: members, kind: known.event!))
        }
    }

    /// Writes the message, members in the order `Client.js` writes them.
    public func encoded(options: WireEncodingOptions = WireEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        var out = MessageWriter(options: options)
        out.raw(#"{"op":"#)
        out.string(op.rawValue)
        switch self {
        case .connected(let clientId, let installationId):
            Self.writeClient(clientId, installationId, into: &out)
        case .subscribed(let requestId, let clientId, let installationId), .unsubscribed(let requestId, let clientId, let installationId):
            Self.writeClient(clientId, installationId, into: &out)
            out.raw(#","requestId":"#)
            out.integer(requestId)
        case .error(let error):
            out.raw(#","error":"#)
            out.string(error.error)
            out.raw(#","code":"#)
            out.integer(error.code)
            out.raw(error.reconnect ? #","reconnect":true"# : #","reconnect":false"#)
            out.raw(#","requestId":"#)
            if let requestId = error.requestId { out.integer(requestId) } else { out.raw("null") }
        case .event(let event):
            Self.writeClient(event.clientId, event.installationId, into: &out)
            out.raw(#","requestId":"#)
            out.integer(event.requestId)
            out.raw(#","object":"#)
            do throws(ParseWireError) {
                try out.embeddedObject(event.object)
            } catch {
                throw error.prefixed(key: "object")
            }
            if let original = event.original {
                out.raw(#","original":"#)
                do throws(ParseWireError) {
                    try out.embeddedObject(original)
                } catch {
                    throw error.prefixed(key: "original")
                }
            }
        }
        out.raw("}")
        return out.bytes
    }

    private static func writeClient(_ clientId: String, _ installationId: String?, into out: inout MessageWriter) {
        out.raw(#","clientId":"#)
        out.string(clientId)
        if let installationId {
            out.raw(#","installationId":"#)
            out.string(installationId)
        }
    }
}

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

/// An event: `create`, `enter`, `update`, `leave` or `delete`, with the object as it is now and,
/// for a change, as it was (`original`).
public struct LiveQueryEvent: Sendable, Hashable {
    /// Which event.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A created object matches the query.
        case create
        /// A saved object matches the query and did not before.
        case enter
        /// A saved object matches the query, as it did before.
        case update
        /// A saved object matched the query and no longer does.
        case leave
        /// A deleted object matched the query.
        case delete
    }

    /// Which event.
    public var kind: Kind
    /// The subscription's request id.
    public var requestId: Int
    /// The connection's client id.
    public var clientId: String
    /// The installation id the client connected with.
    public var installationId: String?
    /// The object: its class from the `className` the server writes in it.
    public var object: ParseObjectValue
    /// The object before the save, sent with a change (never with a delete).
    public var original: ParseObjectValue?

    /// Creates an event.
    public init(kind: Kind, requestId: Int, clientId: String, installationId: String? = nil, object: ParseObjectValue, original: ParseObjectValue? = nil) {
        self.kind = kind
        self.requestId = requestId
        self.clientId = clientId
        self.installationId = installationId
        self.object = object
        self.original = original
    }

    init(walker: TapeWalker, members: [String: (keyIndex: Int, valueIndex: Int)], kind: Kind) throws(ParseWireError) {
        let what = "a \(kind.rawValue) event"
        try walker.liveQueryRefuseOthers(members, allowed: ["op", "clientId", "installationId", "requestId", "object", "original"], what: what)
        self.kind = kind
        clientId = try walker.liveQueryString(members, "clientId", required: true, what: what)!
        installationId = try walker.liveQueryString(members, "installationId", required: false, what: what)
        guard let request = members["requestId"] else { throw walker.error(.missingField, at: 0, "\(what) has a \"requestId\"") }
        requestId = try walker.liveQueryRequestId(at: request.valueIndex)
        guard let object = members["object"] else { throw walker.error(.missingField, at: 0, "\(what) has an \"object\"") }
        self.object = try Self.object(walker, at: object.valueIndex, key: "object")
        if let original = members["original"] {
            guard kind != .delete else {
                throw walker.error(.unexpectedField, at: original.keyIndex, "a delete event has no \"original\"").prefixed(key: "original")
            }
            self.original = try Self.object(walker, at: original.valueIndex, key: "original")
        } else {
            self.original = nil
        }
    }

    /// An event's object (LQ-9): the members of a fetched object, with `className` and, unless the
    /// subscription named `keys`, `"__type":"Object"`.
    static func object(_ walker: TapeWalker, at index: Int, key: String) throws(ParseWireError) -> ParseObjectValue {
        do throws(ParseWireError) {
            let members = try walker.liveQueryMembers("an event's \"\(key)\"", at: index)
            if let type = members["__type"] {
                guard walker.entries[type.valueIndex].kind == .string, walker.string(at: type.valueIndex) == "Object" else {
                    throw walker.error(.wrongFieldType, at: type.valueIndex, "the \"__type\" of an event's object is \"Object\", not \(walker.describe(type.valueIndex))")
                        .prefixed(key: "__type")
                }
            }
            guard let className = members["className"] else {
                throw walker.error(.missingField, at: index, "an event's object names its \"className\"")
            }
            guard walker.entries[className.valueIndex].kind == .string else {
                throw walker.error(.wrongFieldType, at: className.valueIndex, "\"className\" must be a string, not \(walker.describe(className.valueIndex))")
                    .prefixed(key: "className")
            }
            let name = walker.string(at: className.valueIndex)
            if let failure = NameRules.checkClassName(name) { throw failure.located(offset: walker.offset(className.valueIndex), path: "$.className") }
            return try walker.decodeObjectBody(at: index, className: name, skippingTypeKeys: true)
        } catch {
            throw error.prefixed(key: key)
        }
    }
}

extension MessageWriter {
    /// An object in the embedded form (`__type`, `className`, then the fetched form's members).
    mutating func embeddedObject(_ object: ParseObjectValue) throws(ParseWireError) { try writer.writeObject(object, embedded: true) }
}
