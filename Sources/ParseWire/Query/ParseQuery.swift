/// A query on one class: the constraints of its `where` document and the find parameters, written
/// as the canonical find request and read back from one.
///
/// ```swift
/// var query = try ParseQuery(className: "Author")
/// query.relatedTo(try ParsePointer(className: "Book", objectId: "b1"), key: "authors")
/// query.order = [.ascending("name")]
/// let body = try query.findRequestJSON(includingMethod: true)   // POST /classes/Author
/// let parameters = try query.queryString()                      // GET /classes/Author?…
/// ```
public struct ParseQuery: Sendable, Hashable {
    /// The class queried.
    public let className: String
    /// The `where` document: field names (or dotted paths, `$or`, `$relatedTo`, …) to values or
    /// operator objects.
    public internal(set) var constraints: ParseMap
    /// Pointer fields whose objects are included (`include`); `*` includes all.
    public var include: [String] = []
    /// The only fields returned (`keys`); empty returns all.
    public var keys: [String] = []
    /// Fields left out of the results (`excludeKeys`).
    public var excludeKeys: [String] = []
    /// The sort order (`order`).
    public var order: [QueryOrder] = []
    /// The most results returned (`limit`); `nil` leaves the server's default (100).
    public var limit: Int?
    /// Results skipped (`skip`); `nil` writes nothing.
    public var skip: Int?
    /// Whether the response carries the number of matching objects (`count`).
    public var count = false
    /// Whether the request was a `POST` carrying `"_method":"GET"` (when read from one). How the
    /// query travels is not part of what it asks: `==` and `hash` leave this out, so a query read
    /// back from its `_method` body equals the query built.
    public var usesMethodOverride = false
    /// The other find parameters (`hint`, `comment`, `readPreference`, …), as read.
    public var otherParameters = ParseMap()
    /// The first constraint that could not be built (a non-finite distance), reported when written.
    var pendingError: ParseWireError?

    /// Creates a query with no constraints.
    /// - Throws: `invalid-class-name` for a name that breaks Parse's class-name rule.
    public init(className: String) throws(ParseWireError) {
        if let failure = NameRules.checkClassName(className) { throw failure }
        self.className = className
        self.constraints = ParseMap()
    }

    /// Adds a constraint on a field. Operators on the same field accumulate in one operator object
    /// (`{"$gte": 1960, "$lt": 1970}`); equality replaces whatever the field had.
    /// - Parameters:
    ///   - key: A field name or a dotted path (`address.city`).
    ///   - constraint: The constraint.
    /// - Note: A constraint the server would refuse is reported when the query is written.
    public mutating func `where`(_ key: String, _ constraint: QueryConstraint) {
        let operators: [(String, ParseValue)]
        do throws(ParseWireError) {
            operators = try constraint.operators()
        } catch {
            if pendingError == nil { pendingError = error.prefixed(key: key) }
            return
        }
        if case .equalTo(let value) = constraint {
            constraints[key] = value
            return
        }
        var merged = ParseMap()
        if case .map(let existing)? = constraints[key], existing.contains(where: { $0.key.hasPrefix("$") }) {
            merged = existing
        }
        for (name, value) in operators { merged[name] = value }
        constraints[key] = .map(merged)
    }

    /// Limits the results to the objects in the relation `key` of `object`: the query of the relations
    /// guide that lists a book's authors (`$relatedTo`).
    public mutating func relatedTo(_ object: ParsePointer, key: String) {
        constraints["$relatedTo"] = .map(["object": .pointer(object), "key": .string(key)])
    }

    /// A query matching any of the queries (`$or`).
    /// - Throws: `invalid-class-name` when the queries are on different classes or there are none.
    public static func or(_ queries: [ParseQuery]) throws(ParseWireError) -> ParseQuery {
        try combine("$or", queries)
    }

    /// A query matching all of the queries (`$and`).
    public static func and(_ queries: [ParseQuery]) throws(ParseWireError) -> ParseQuery {
        try combine("$and", queries)
    }

    /// A query matching none of the queries (`$nor`).
    public static func nor(_ queries: [ParseQuery]) throws(ParseWireError) -> ParseQuery {
        try combine("$nor", queries)
    }

    private static func combine(_ name: String, _ queries: [ParseQuery]) throws(ParseWireError) -> ParseQuery {
        guard let first = queries.first, queries.allSatisfy({ $0.className == first.className }) else {
            throw ParseWireError(.invalidClassName, message: "\(name) combines queries on one class; these are on "
                                 + (queries.isEmpty ? "none" : Set(queries.map(\.className)).sorted().joined(separator: ", ")))
        }
        var query = try ParseQuery(className: first.className)
        query.constraints[name] = .array(queries.map { .map($0.constraints) })
        return query
    }

    /// The subquery object of `$inQuery`, `$notInQuery`, `$select`: `className` and `where`.
    var subquery: ParseMap {
        ["className": .string(className), "where": .map(constraints)]
    }
}

extension ParseQuery {
    /// Whether two queries ask the same: every part but ``usesMethodOverride``, the transport.
    public static func == (lhs: ParseQuery, rhs: ParseQuery) -> Bool {
        lhs.className == rhs.className && lhs.constraints == rhs.constraints && lhs.include == rhs.include
            && lhs.keys == rhs.keys && lhs.excludeKeys == rhs.excludeKeys && lhs.order == rhs.order
            && lhs.limit == rhs.limit && lhs.skip == rhs.skip && lhs.count == rhs.count
            && lhs.otherParameters == rhs.otherParameters && lhs.pendingError == rhs.pendingError
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(className)
        hasher.combine(constraints)
        hasher.combine(include)
        hasher.combine(keys)
        hasher.combine(excludeKeys)
        hasher.combine(order)
        hasher.combine(limit)
        hasher.combine(skip)
        hasher.combine(count)
        hasher.combine(otherParameters)
        hasher.combine(pendingError)
    }
}
