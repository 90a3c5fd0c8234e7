/// `POST /batch`: `{"requests":[{"method":…,"path":…,"body":…}],"transaction":…}` (`Vectors/spec/messages.md`, MSG-4).
public struct ParseBatchRequest: Sendable, Hashable {
    /// One request of a batch.
    public struct Item: Sendable, Hashable {
        /// The HTTP methods a batch may carry.
        public enum Method: String, Sendable, Hashable, CaseIterable {
            /// A find (its body a find request) or a fetch.
            case get = "GET"
            /// A create.
            case post = "POST"
            /// An update.
            case put = "PUT"
            /// A delete.
            case delete = "DELETE"
        }

        /// The request's HTTP method.
        public var method: Method
        /// The full path, mount point included (`/parse/classes/Recipe`); the server refuses, per
        /// request, a path outside its mount point with 107 `cannot route batch path`.
        public var path: String
        /// A save body (`POST`, `PUT`; the JS SDK also sends `{}` with `DELETE`), or a find request
        /// (`GET`); `nil` when absent.
        public var body: ParseValue?

        /// Creates a request.
        public init(method: Method, path: String, body: ParseValue? = nil) {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    /// The requests, run in order.
    public var requests: [Item]
    /// Whether the server runs the batch in one transaction (MongoDB replica sets); `nil` writes nothing.
    public var transaction: Bool?

    /// Creates a batch.
    public init(requests: [Item], transaction: Bool? = nil) {
        self.requests = requests
        self.transaction = transaction
    }

    /// Reads a batch request: each body as a save body (`POST`, `PUT`, `DELETE`) or a find request (`GET`).
    /// - Throws: ``ParseWireError``: `wrong-field-type` (107 `requests must be an array`), a method
    ///   other than GET, POST, PUT, DELETE, a path that does not start with `/`, and any error of a body.
    public init(decoding bytes: some Collection<UInt8>, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        self = try ParseValueDecoder(options: options).decodeMessage(bytes, context: .update) { (walker: TapeWalker) throws(ParseWireError) -> ParseBatchRequest in
            try ParseBatchRequest(walker: walker)
        }
    }

    init(walker: TapeWalker) throws(ParseWireError) {
        var requests: [Item]?
        var transaction: Bool?
        for member in try walker.messageMembers("a batch request") {
            switch member.key {
            case "requests":
                guard walker.entries[member.valueIndex].kind == .array else {
                    throw walker.error(.wrongFieldType, parseCode: 107, at: member.valueIndex, "requests must be an array").prefixed(key: "requests")
                }
                var items: [Item] = []
                for (position, element) in walker.elements(of: member.valueIndex).enumerated() {
                    do throws(ParseWireError) {
                        items.append(try Self.item(walker, at: element))
                    } catch {
                        throw error.prefixed(index: position).prefixed(key: "requests")
                    }
                }
                requests = items
            case "transaction":
                let kind = walker.entries[member.valueIndex].kind
                guard kind == .trueLiteral || kind == .falseLiteral else {
                    throw walker.error(.wrongFieldType, at: member.valueIndex, "\"transaction\" must be true or false").prefixed(key: "transaction")
                }
                transaction = kind == .trueLiteral
            default:
                throw walker.error(.unexpectedField, at: member.keyIndex, "a batch request holds \"requests\" and \"transaction\", not \(NameRules.quoted(member.key))")
            }
        }
        guard let requests else { throw walker.error(.missingField, parseCode: 107, at: 0, "a batch request has \"requests\"") }
        self.init(requests: requests, transaction: transaction)
    }

    private static func item(_ walker: TapeWalker, at index: Int) throws(ParseWireError) -> Item {
        guard walker.entries[index].kind == .object else {
            throw walker.error(.wrongFieldType, at: index, "a batch request item must be an object, not \(walker.describe(index))")
        }
        var method: Item.Method?
        var path: String?
        var bodyIndex: Int?
        for member in walker.members(of: index) {
            switch member.key {
            case "method":
                let text = try walker.messageString(at: member.valueIndex, key: "method")
                guard let known = Item.Method(rawValue: text) else {
                    throw walker.error(.wrongFieldType, at: member.valueIndex, "\"method\" is GET, POST, PUT or DELETE, not \(NameRules.quoted(text))").prefixed(key: "method")
                }
                method = known
            case "path":
                let text = try walker.messageString(at: member.valueIndex, key: "path")
                guard text.hasPrefix("/") else {
                    throw walker.error(.wrongFieldType, parseCode: 107, at: member.valueIndex, "\"path\" is the full path from the server root, such as /parse/classes/C").prefixed(key: "path")
                }
                path = text
            case "body": bodyIndex = member.valueIndex
            default:
                throw walker.error(.unexpectedField, at: member.keyIndex, "a batch item holds \"method\", \"path\" and \"body\", not \(NameRules.quoted(member.key))")
            }
        }
        guard let method, let path else { throw walker.error(.missingField, at: index, "a batch item has \"method\" and \"path\"") }
        var body: ParseValue?
        if let bodyIndex {
            guard walker.entries[bodyIndex].kind == .object else {
                throw walker.error(.wrongFieldType, at: bodyIndex, "\"body\" must be an object").prefixed(key: "body")
            }
            do throws(ParseWireError) {
                body = .map(method == .get ? try walker.decodeQueryBody(at: bodyIndex) : try walker.decodeUpdateBody(at: bodyIndex))
            } catch {
                throw error.prefixed(key: "body")
            }
        }
        return Item(method: method, path: path, body: body)
    }

    /// Writes the batch; each body as a save body, or as a find request for `GET`.
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        var out = MessageWriter(options: options)
        out.raw(#"{"requests":["#)
        for (position, item) in requests.enumerated() {
            if position > 0 { out.raw(",") }
            out.raw(#"{"method":"#)
            out.string(item.method.rawValue)
            out.raw(#","path":"#)
            out.string(item.path)
            if let body = item.body {
                out.raw(#","body":"#)
                do throws(ParseWireError) {
                    out.append(try ParseValueEncoder(options: options).encode(body, context: item.method == .get ? .query : .update))
                } catch {
                    throw error.prefixed(key: "body").prefixed(index: position).prefixed(key: "requests")
                }
            }
            out.raw("}")
        }
        out.raw("]")
        if let transaction {
            out.raw(#","transaction":"#)
            transaction ? out.raw("true") : out.raw("false")
        }
        out.raw("}")
        return out.bytes
    }
}
