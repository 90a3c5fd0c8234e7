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
        self = try WireDecoder().decodeMessage(bytes, context: .liveQuery(.client)) { (walker: TapeWalker) throws(ParseWireError) -> LiveQueryClientMessage in
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
    public func encoded(options: WireEncodingOptions = WireEncodingOptions()) throws(ParseWireError) -> [UInt8] {
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

/// The members of a `connect` (`RequestSchema.connect`).
public struct LiveQueryConnect: Sendable, Hashable {
    /// The keys a client may present; the server accepts the connection when one of them matches a
    /// key it was configured with (`_validateKeys`), and grants the master key's rights for `masterKey`.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        /// The JavaScript key.
        case javascriptKey
        /// The master key.
        case masterKey
        /// The client key (iOS, Android).
        case clientKey
        /// The Windows key.
        case windowsKey
        /// The REST API key.
        case restAPIKey
    }

    /// The application id (required).
    public var applicationId: String
    /// The keys sent, by name.
    public var keys: [Key: String]
    /// The session token of the user, when one is logged in.
    public var sessionToken: String?
    /// The installation id, which the server echoes in its replies.
    public var installationId: String?

    /// Creates a connect message.
    public init(applicationId: String, keys: [Key: String] = [:], sessionToken: String? = nil, installationId: String? = nil) {
        self.applicationId = applicationId
        self.keys = keys
        self.sessionToken = sessionToken
        self.installationId = installationId
    }

    init(walker: TapeWalker, members: [String: (keyIndex: Int, valueIndex: Int)]) throws(ParseWireError) {
        let what = "a connect"
        try walker.liveQueryRefuseOthers(members, allowed: ["op", "applicationId"] + Key.allCases.map(\.rawValue) + ["sessionToken", "installationId"], what: what)
        applicationId = try walker.liveQueryString(members, "applicationId", required: true, what: what)!
        var keys: [Key: String] = [:]
        for key in Key.allCases {
            if let secret = try walker.liveQueryString(members, key.rawValue, required: false, what: what) { keys[key] = secret }
        }
        self.keys = keys
        sessionToken = try walker.liveQueryString(members, "sessionToken", required: false, what: what)
        installationId = try walker.liveQueryString(members, "installationId", required: false, what: what)
    }
}

/// The members of a `subscribe` or an `update` (`RequestSchema.subscribe`, `RequestSchema.update`).
public struct LiveQuerySubscription: Sendable, Hashable {
    /// The client's number for the subscription, which the server's replies and events carry.
    public var requestId: Int
    /// What the subscription watches.
    public var query: LiveQueryQuery
    /// The session token the subscription's events are filtered for (the connect's when absent).
    public var sessionToken: String?

    /// Creates the members of a subscribe or update.
    public init(requestId: Int, query: LiveQueryQuery, sessionToken: String? = nil) {
        self.requestId = requestId
        self.query = query
        self.sessionToken = sessionToken
    }

    init(walker: TapeWalker, members: [String: (keyIndex: Int, valueIndex: Int)], op: LiveQueryClientMessage.Op) throws(ParseWireError) {
        let what = "a \(op.rawValue)"
        try walker.liveQueryRefuseOthers(members, allowed: ["op", "requestId", "query", "sessionToken"], what: what)
        guard let requestId = members["requestId"] else { throw walker.error(.missingField, parseCode: 1, at: 0, "\(what) has a \"requestId\"") }
        guard let query = members["query"] else { throw walker.error(.missingField, parseCode: 1, at: 0, "\(what) has a \"query\"") }
        self.requestId = try walker.liveQueryRequestId(at: requestId.valueIndex)
        do throws(ParseWireError) {
            self.query = try LiveQueryQuery(walker: walker, at: query.valueIndex)
        } catch {
            throw error.prefixed(key: "query")
        }
        sessionToken = try walker.liveQueryString(members, "sessionToken", required: false, what: what)
    }

    func write(into out: inout MessageWriter, options: WireEncodingOptions) throws(ParseWireError) {
        out.raw(#","requestId":"#)
        out.integer(requestId)
        out.raw(#","query":{"className":"#)
        out.string(query.className)
        out.raw(#","where":"#)
        do throws(ParseWireError) {
            out.append(try query.whereBytes(options: options))
        } catch {
            // The writer's path already starts at `where`.
            throw error.prefixed(key: "query")
        }
        for (name, list) in [("keys", query.keys), ("watch", query.watch)] {
            guard let list else { continue }
            out.raw(",")
            out.key(name)
            out.raw("[")
            for (position, item) in list.enumerated() {
                if position > 0 { out.raw(",") }
                out.string(item)
            }
            out.raw("]")
        }
        out.raw("}")
        if let sessionToken {
            out.raw(#","sessionToken":"#)
            out.string(sessionToken)
        }
    }
}

/// A subscription's `query` (LQ-4): `className`, `where`, and optionally `keys` (the fields the events'
/// objects keep) and `watch` (the fields whose change makes an `update` event).
public struct LiveQueryQuery: Sendable, Hashable {
    /// The class watched.
    public var className: String
    /// The constraints, as a find request's `where` reads (constraint maps with `$` keys).
    public var `where`: ParseMap
    /// The fields an event's objects keep besides the server-owned ones; at least one, no repeats.
    public var keys: [String]?
    /// The fields whose change is reported; at least one, no repeats.
    public var watch: [String]?

    /// Creates a subscription's query.
    public init(className: String, where: ParseMap = [:], keys: [String]? = nil, watch: [String]? = nil) {
        self.className = className
        self.where = `where`
        self.keys = keys
        self.watch = watch
    }

    init(walker: TapeWalker, at index: Int) throws(ParseWireError) {
        let what = "a subscription's query"
        let members = try walker.liveQueryMembers(what, at: index)
        try walker.liveQueryRefuseOthers(members, allowed: ["className", "where", "keys", "watch"], what: what)
        guard let className = try walker.liveQueryString(members, "className", required: true, what: what) else {
            preconditionFailure("a required member is read or refused")
        }
        guard let whereMember = members["where"] else {
            throw walker.error(.missingField, parseCode: 1, at: index, "\(what) has a \"where\"")
        }
        self.className = className
        // The schema's own check (code 1) before the find rules, whose codes are the REST API's.
        guard walker.entries[whereMember.valueIndex].kind == .object else {
            throw walker.error(.wrongFieldType, parseCode: walker.liveQueryCode, at: whereMember.valueIndex,
                               "\"where\" must be a JSON object, not \(walker.describe(whereMember.valueIndex))").prefixed(key: "where")
        }
        do throws(ParseWireError) {
            self.where = try walker.decodeWhere(at: whereMember.valueIndex, nesting: 0)
        } catch {
            throw error.prefixed(key: "where")
        }
        keys = try Self.fieldList(walker, members["keys"]?.valueIndex, key: "keys")
        watch = try Self.fieldList(walker, members["watch"]?.valueIndex, key: "watch")
    }

    /// `keys` or `watch`: an array of at least one string, no string twice (`minItems`, `uniqueItems`).
    static func fieldList(_ walker: TapeWalker, _ index: Int?, key: String) throws(ParseWireError) -> [String]? {
        guard let index else { return nil }
        guard walker.entries[index].kind == .array else {
            throw walker.error(.wrongFieldType, parseCode: 1, at: index, "\"\(key)\" must be an array of strings, not \(walker.describe(index))").prefixed(key: key)
        }
        var items: [String] = []
        for (position, element) in walker.elements(of: index).enumerated() {
            guard walker.entries[element].kind == .string else {
                throw walker.error(.wrongFieldType, parseCode: 1, at: element, "each item of \"\(key)\" must be a string, not \(walker.describe(element))")
                    .prefixed(index: position).prefixed(key: key)
            }
            let item = walker.string(at: element)
            if items.contains(item) {
                throw walker.error(.unexpectedField, parseCode: 1, at: element, "\"\(key)\" lists \(NameRules.quoted(item)) twice")
                    .prefixed(index: position).prefixed(key: key)
            }
            items.append(item)
        }
        guard !items.isEmpty else {
            throw walker.error(.missingField, parseCode: 1, at: index, "\"\(key)\" lists at least one field").prefixed(key: key)
        }
        return items
    }

    /// The `where` document, written as a find request's and read back by the strict reader.
    func whereBytes(options: WireEncodingOptions) throws(ParseWireError) -> [UInt8] {
        let request = try QueryWriter(options: options).encode(.map(["where": .map(self.where)]))
        // `{"where":` … `}`: the document without the request around it.
        return Array(request.dropFirst(9).dropLast())
    }
}

extension LiveQueryQuery {
    /// The subscription's query for the class and `where` of a find query, as the JS SDK's
    /// `subscribe` takes them from `query.toJSON()`; the find's other parameters have no place in a
    /// subscription and are left out.
    public init(_ query: ParseQuery, keys: [String]? = nil, watch: [String]? = nil) {
        var constraints: ParseMap = [:]
        if case .map(let request) = query.findRequest(), case .map(let whereMap)? = request["where"] { constraints = whereMap }
        self.init(className: query.className, where: constraints, keys: keys, watch: watch)
    }
}
