/// Reading a find request (context ``WireContext/query``): its parameters and its `where` document.
///
/// The rules are parse-server's (`ClassesRouter.optionsFromBody`, `RestQuery`,
/// `DatabaseController.validateQuery`, `MongoTransform.transformConstraint`), stated in
/// `Vectors/spec/query.md`; each refusal carries the code the server answers. Where the server
/// accepts a document and silently ignores part of it, strict decoding refuses it instead.
///
/// Queries nest through `$or`/`$and`/`$nor` and subqueries; the walk recurses, bounded by
/// ``queryNestingLimit`` (a real query nests a few levels).
extension TapeWalker {
    /// How many `where` documents may enclose one another.
    static let queryNestingLimit = 32

    /// The parameters parse-server's find accepts (`ClassesRouter.optionsFromBody`), and `_method`,
    /// which its method override removes before the router sees the body.
    static let findParameters: Set<String> = [
        "where", "limit", "skip", "order", "count", "keys", "excludeKeys", "include", "includeAll",
        "redirectClassNameForKey", "readPreference", "includeReadPreference", "subqueryReadPreference",
        "hint", "explain", "comment", "_method",
    ]

    /// The members of the object at `index`: key, key entry, value entry.
    func members(of index: Int) -> [(key: String, keyIndex: Int, valueIndex: Int)] {
        var result: [(key: String, keyIndex: Int, valueIndex: Int)] = []
        result.reserveCapacity(Int(entries[index].length))
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            result.append((string(at: child), child, child + 1))
            child = Int(entries[child + 1].next)
        }
        return result
    }

    /// The elements of the array at `index`, as tape entries.
    func elements(of index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(entries[index].length))
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            result.append(child)
            child = Int(entries[child].next)
        }
        return result
    }

    // MARK: - The request

    func decodeQueryBody(at index: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, at: index, "a find request must be a JSON object, not \(describe(index))")
        }
        var body = ParseMap(capacity: Int(entries[index].length))
        for member in eachMember(of: index) {
            do throws(ParseWireError) {
                body.appendWithRoom(member.key, try decodeFindParameter(member.key, keyIndex: member.keyIndex, at: member.valueIndex))
            } catch {
                throw error.prefixed(key: member.key)
            }
        }
        body.indexIfLarge()
        return body
    }

    /// QUERY-1: the find parameters, each of its type; anything else is refused with 102.
    private func decodeFindParameter(_ key: String, keyIndex: Int, at index: Int) throws(ParseWireError) -> ParseValue {
        switch key {
        case "where":
            return .map(try decodeWhere(at: index, nesting: 0))
        case "limit", "skip":  // QUERY-19
            return .number(try nonNegativeInteger(at: index, what: "\"\(key)\""))
        case "count", "includeAll", "explain":  // QUERY-19 (`count`)
            switch entries[index].kind {
            case .trueLiteral: return .bool(true)
            case .falseLiteral: return .bool(false)
            case .number where key == "count":
                let number = try self.number(at: index)
                if number == 0 || number == 1 { return .bool(number == 1) }
            default: break
            }
            throw error(.wrongFieldType, at: index, "\"\(key)\" must be true or false\(key == "count" ? " (or 1 or 0)" : ""), not \(describe(index))")
        case "keys", "include", "excludeKeys", "order":  // QUERY-18
            return .string(try fieldList(key, at: index))
        case "_method":
            guard entries[index].kind == .string, string(at: index) == "GET" else {
                throw error(.wrongFieldType, at: index, "\"_method\" of a find request must be \"GET\", not \(describe(index))")
            }
            return .string("GET")
        case "hint":
            guard entries[index].kind == .string || entries[index].kind == .object else {
                throw error(.wrongFieldType, at: index, "\"hint\" must be an index name or an index key object, not \(describe(index))")
            }
            return try decodeValue(at: index, placement: .nested)
        case "redirectClassNameForKey", "readPreference", "includeReadPreference", "subqueryReadPreference", "comment":
            guard entries[index].kind == .string else {
                throw error(.wrongFieldType, at: index, "\"\(key)\" must be a string, not \(describe(index))")
            }
            return .string(string(at: index))
        default:
            throw error(.unexpectedField, parseCode: 102, at: keyIndex,
                        "\(NameRules.quoted(key)) is not a find parameter (Invalid parameter for query); the parameters are "
                            + Self.findParameters.sorted().joined(separator: ", "))
        }
    }

    func nonNegativeInteger(at index: Int, what: String) throws(ParseWireError) -> ParseNumber {
        guard entries[index].kind == .number else {
            throw error(.wrongFieldType, at: index, "\(what) must be a non-negative integer, not \(describe(index))")
        }
        let number = try self.number(at: index)
        guard number.isInteger, let value = number.int64Value, value >= 0, !number.isNegativeZero else {
            throw error(.outOfRange, at: index, "\(what) must be a non-negative integer, not \(describe(index))")
        }
        return number
    }

    /// `keys`, `include`, `excludeKeys`, `order`: a comma-separated string, or (as Parse-Swift
    /// writes them) an array of strings, which parse-server joins with commas (`String(array)`).
    private func fieldList(_ key: String, at index: Int) throws(ParseWireError) -> String {
        let items: [String]
        switch entries[index].kind {
        case .string:
            items = [string(at: index)]
        case .array:
            var strings: [String] = []
            for (position, element) in eachElement(of: index).enumerated() {
                guard entries[element].kind == .string else {
                    throw error(.wrongFieldType, at: element, "each item of \"\(key)\" must be a string, not \(describe(element))")
                        .prefixed(index: position)
                }
                strings.append(string(at: element))
            }
            items = strings
        default:
            throw error(.wrongFieldType, at: index, "\"\(key)\" must be a comma-separated string or an array of strings, not \(describe(index))")
        }
        let joined = items.joined(separator: ",")
        if key == "order" {
            for item in joined.split(separator: ",", omittingEmptySubsequences: false) {
                let field = item.hasPrefix("-") ? item.dropFirst() : item[...]
                if field == "$score" { continue }
                // DatabaseController.find refuses a sort on a linked account's id (105 `Cannot sort by …`).
                let segments = field.split(separator: ".", omittingEmptySubsequences: false)
                if segments.count == 3, segments[0] == "authData", segments[2] == "id", !segments[1].isEmpty,
                   segments[1].unicodeScalars.allSatisfy({ $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }) {
                    throw error(.invalidFieldName, parseCode: 105, at: index,
                                "\(NameRules.quoted(String(field))) cannot be a sort key: the server refuses to sort on a linked account's id (Cannot sort by \(field))")
                }
                let root = String(field.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                if let failure = NameRules.checkFieldName(root) {
                    throw failure.located(offset: offset(index), path: "$")
                }
            }
        }
        return joined
    }

    // MARK: - The where document

    /// A `where` document: field constraints, `$or`/`$and`/`$nor`, `$relatedTo`.
    func decodeWhere(at index: Int, nesting: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, at: index, "a where document must be a JSON object, not \(describe(index))")
        }
        guard nesting < Self.queryNestingLimit else {
            throw error(.depthLimit, at: index, "where documents nest deeper than \(Self.queryNestingLimit) levels")
        }
        var whereMap = ParseMap(capacity: Int(entries[index].length))
        for member in eachMember(of: index) {
            do throws(ParseWireError) {
                whereMap.appendWithRoom(member.key, try decodeWhereMember(member.key, keyIndex: member.keyIndex,
                                                                         at: member.valueIndex, nesting: nesting))
            } catch {
                throw error.prefixed(key: member.key)
            }
        }
        whereMap.indexIfLarge()
        return whereMap
    }

    private func decodeWhereMember(_ key: String, keyIndex: Int, at index: Int, nesting: Int) throws(ParseWireError) -> ParseValue {
        switch key {
        case "$or", "$and", "$nor":  // QUERY-17
            guard entries[index].kind == .array, entries[index].length > 0 else {
                throw error(.wrongFieldType, parseCode: 102, at: index, "\(key) must be an array of at least one where document, not \(describe(index))")
            }
            var clauses: [ParseValue] = []
            clauses.reserveCapacity(Int(entries[index].length))
            var height = 1
            for (position, element) in eachElement(of: index).enumerated() {
                do throws(ParseWireError) {
                    let clause = try decodeWhere(at: element, nesting: nesting + 1)
                    height = max(height, clause.height + 1)
                    clauses.append(.map(clause))
                } catch {
                    throw error.prefixed(index: position)
                }
            }
            return .array(ParseArray(clauses, height: height))
        case "$relatedTo":  // QUERY-9
            return .map(try decodeRelatedTo(at: index))
        case "ACL":
            throw error(.reservedKey, parseCode: 102, at: keyIndex, "an ACL cannot be queried (Cannot query on ACL)")
        default:
            guard Self.isQueryKey(key) else {  // QUERY-2
                // The server's pattern lets an empty segment of a dotted path through.
                throw error(.invalidFieldName, parseCode: Self.matchesServerKeyPattern(key) ? nil : 105, at: keyIndex,
                            "\(NameRules.quoted(key)) is not a field name or a dotted path of field names (Invalid key name)")
            }
            if entries[index].kind == .object, hasOperatorKey(index) {
                return .map(try decodeConstraints(at: index, nesting: nesting))
            }
            return try decodeAtom(at: index, role: "an equality value")  // QUERY-3
        }
    }

    /// A key of a where document (QUERY-2): what parse-server's `validateQuery` allows, without an empty
    /// segment of a dotted path (`a..b`, `a.`), which its pattern lets through.
    static func isQueryKey(_ key: String) -> Bool {
        matchesServerKeyPattern(key) && key.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    /// parse-server's pattern for a key of a where document: `^[a-zA-Z][a-zA-Z0-9_.]*$`.
    static func matchesServerKeyPattern(_ key: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = key.utf8.first, isLetter(first) else { return false }
        return key.utf8.allSatisfy { byte in
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// `{"object": <Pointer>, "key": "<relation field>"}`.
    private func decodeRelatedTo(at index: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, at: index, "$relatedTo must be an object with \"object\" and \"key\", not \(describe(index))")
        }
        var object: ParseValue?
        var key: ParseValue?
        for member in eachMember(of: index) {
            switch member.key {
            case "object":
                let value = try decodeValue(at: member.valueIndex, placement: .nested)
                guard case .pointer = value else {
                    throw error(.wrongFieldType, at: member.valueIndex, "the \"object\" of $relatedTo must be a Pointer, not \(describe(member.valueIndex))")
                        .prefixed(key: "object")
                }
                object = value
            case "key":
                guard entries[member.valueIndex].kind == .string else {
                    throw error(.wrongFieldType, at: member.valueIndex, "the \"key\" of $relatedTo must be a string").prefixed(key: "key")
                }
                let name = string(at: member.valueIndex)
                if let failure = NameRules.checkFieldName(name) {
                    throw failure.located(offset: offset(member.valueIndex), path: "$").prefixed(key: "key")
                }
                key = .string(name)
            default:
                throw error(.unexpectedField, at: member.keyIndex, "$relatedTo has only \"object\" and \"key\", not \(NameRules.quoted(member.key))")
            }
        }
        guard let object, let key else {
            throw error(.missingField, at: index, "$relatedTo needs both \"object\" (a Pointer) and \"key\" (the relation field)")
        }
        var result = ParseMap(capacity: 2)
        for member in eachMember(of: index) {
            result.appendWithRoom(member.key, member.key == "object" ? object : key)
        }
        return result
    }

    /// A value compared with a field: a scalar or a typed value parse-server can compare
    /// (`transformTopLevelAtom`). Arrays, plain maps, Relations, Objects and ACLs are refused with
    /// 107 (`You cannot use … as a query parameter`).
    func decodeAtom(at index: Int, role: String) throws(ParseWireError) -> ParseValue {
        let value = try decodeValue(at: index, placement: .nested)
        switch value {
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .geoPoint, .polygon, .file:
            return value
        case .array, .map, .relation, .object, .acl, .operation, .unknownType:
            throw error(.wrongFieldType, parseCode: 107, at: index,
                        "\(value.kindDescription) cannot be \(role) in a query; use a scalar, a Date, a Pointer, a GeoPoint or a File")
        }
    }
}
