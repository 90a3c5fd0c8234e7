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
    func whereBytes(options: ParseValueEncodingOptions) throws(ParseWireError) -> [UInt8] {
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
