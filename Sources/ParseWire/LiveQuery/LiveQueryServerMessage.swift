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
        self = try ParseValueDecoder().decodeMessage(bytes, context: .liveQuery(.server)) { (walker: TapeWalker) throws(ParseWireError) -> LiveQueryServerMessage in
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
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
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

extension MessageWriter {
    /// An object in the embedded form (`__type`, `className`, then the fetched form's members).
    mutating func embeddedObject(_ object: ParseObjectValue) throws(ParseWireError) { try writer.writeObject(object, embedded: true) }
}
