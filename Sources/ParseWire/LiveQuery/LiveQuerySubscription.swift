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

    func write(into out: inout MessageWriter, options: ParseValueEncodingOptions) throws(ParseWireError) {
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
