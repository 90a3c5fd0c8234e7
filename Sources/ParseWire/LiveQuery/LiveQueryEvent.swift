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
