/// Reading the constraint operators of one field (`{"$gt": 1, "$lt": 5}`), as parse-server's
/// `transformConstraint` and `RestQuery` read them.
extension TapeWalker {
    /// The operators of one field's constraint object.
    func decodeConstraints(at index: Int, nesting: Int) throws(ParseWireError) -> ParseMap {
        var result = ParseMap(capacity: Int(entries[index].length))
        for member in eachMember(of: index) {
            do throws(ParseWireError) {
                result.appendWithRoom(member.key, try decodeOperator(member.key, keyIndex: member.keyIndex, at: member.valueIndex,
                                                                     constraint: index, nesting: nesting))
            } catch {
                throw error.prefixed(key: member.key)
            }
        }
        result.indexIfLarge()
        return result
    }

    /// Whether the constraint object at `index` has an operator named `name`.
    private func hasOperator(_ name: StaticString, in index: Int) -> Bool {
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            if keyEquals(child, name) { return true }
            child = Int(entries[child + 1].next)
        }
        return false
    }

    /// How many of the constraint object's operators limit a `$nearSphere`'s distance.
    private func distanceLimitCount(in index: Int) -> Int {
        eachMember(of: index).reduce(0) { count, member in count + (member.key.hasPrefix("$maxDistance") ? 1 : 0) }
    }

    /// One operator of the constraint object at `constraint`, whose other operators some operators
    /// depend on (`$options` on `$regex`, a distance limit on `$nearSphere`).
    private func decodeOperator(_ name: String, keyIndex: Int, at index: Int, constraint: Int,
                                nesting: Int) throws(ParseWireError) -> ParseValue {
        switch name {
        case "$eq", "$ne":  // QUERY-3
            if isRelativeTime(index) {
                throw error(.invalidOperation, at: index, "$relativeTime can only be used with $lt, $lte, $gt and $gte, not \(name)")
            }
            return try decodeAtom(at: index, role: "the operand of \(name)")
        case "$lt", "$lte", "$gt", "$gte":  // QUERY-4; QUERY-5 for `$relativeTime`
            if isRelativeTime(index) { return .map(try decodeRelativeTime(at: index)) }
            return try decodeAtom(at: index, role: "the operand of \(name)")
        case "$exists":  // QUERY-7
            guard entries[index].kind == .trueLiteral || entries[index].kind == .falseLiteral else {
                throw error(.wrongFieldType, at: index, "$exists must be true or false, not \(describe(index))")
            }
            return .bool(entries[index].kind == .trueLiteral)
        case "$in", "$nin", "$containedBy":  // QUERY-6
            return .array(try atomList(name, at: index))
        case "$all":
            return .array(try decodeAll(at: index))
        case "$regex":  // QUERY-8
            guard entries[index].kind == .string else {
                throw error(.wrongFieldType, parseCode: 107, at: index, "$regex must be a string (bad regex), not \(describe(index))")
            }
            return .string(string(at: index))
        case "$options":
            guard hasOperator("$regex", in: constraint) else {
                throw error(.invalidOperation, at: keyIndex, "$options applies to a $regex, and this constraint has none")
            }
            guard entries[index].kind == .string, Self.isRegexOptions(string(at: index)) else {
                throw error(.outOfRange, parseCode: 102, at: index, "$options must be one or more of the letters i, m, x, s (Bad $options value), not \(describe(index))")
            }
            return .string(string(at: index))
        case "$text":
            return .map(try decodeText(at: index))
        case "$nearSphere":  // QUERY-12
            return .geoPoint(try geoPoint(at: index, what: "$nearSphere", parseCode: nil))
        case "$maxDistance", "$maxDistanceInRadians", "$maxDistanceInMiles", "$maxDistanceInKilometers":
            guard hasOperator("$nearSphere", in: constraint) else {
                throw error(.invalidOperation, at: keyIndex, "\(name) limits a $nearSphere, and this constraint has none")
            }
            guard distanceLimitCount(in: constraint) == 1 else {
                throw error(.invalidOperation, at: keyIndex, "a $nearSphere takes one $maxDistance… limit; the server would keep one of them silently")
            }
            return .number(try nonNegativeNumber(at: index, what: name))
        case "$within":  // QUERY-13
            return .map(try decodeWithin(at: index))
        case "$geoWithin":  // QUERY-14, QUERY-15
            return .map(try decodeGeoWithin(at: index))
        case "$geoIntersects":  // QUERY-16
            guard entries[index].kind == .object, entries[index].length == 1, keyEquals(index + 1, "$point") else {
                throw error(.wrongFieldType, parseCode: 107, at: index, "$geoIntersects must be {\"$point\": <GeoPoint>}")
            }
            return .map(["$point": .geoPoint(try geoPoint(at: index + 2, what: "$point", parseCode: 107))])
        case "$inQuery", "$notInQuery":  // QUERY-10
            return .map(try decodeSubquery(name, at: index, nesting: nesting))
        case "$select", "$dontSelect":  // QUERY-11
            return .map(try decodeSelect(name, at: index, nesting: nesting))
        default:  // QUERY-20: an unknown operator is refused
            if name.hasPrefix("$") {
                throw error(.invalidOperation, parseCode: 107, at: keyIndex, "\(NameRules.quoted(name)) is not a query operator (bad constraint)")
            }
            throw error(.wrongFieldType, parseCode: 107, at: keyIndex,
                        "a constraint object holds only operators; \(NameRules.quoted(name)) makes it a map, which cannot be compared")
        }
    }

    private func isRelativeTime(_ index: Int) -> Bool {
        entries[index].kind == .object && hasOperator("$relativeTime", in: index)
    }

    private func decodeRelativeTime(at index: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].length == 1, entries[index + 2].kind == .string else {
            throw error(.wrongFieldType, at: index, "a relative time is {\"$relativeTime\": \"3 days ago\"}, a string alone")
        }
        return ["$relativeTime": .string(string(at: index + 2))]
    }

    static func isRegexOptions(_ options: String) -> Bool {
        !options.isEmpty && options.utf8.allSatisfy { "imxs".utf8.contains($0) }
    }

    private func atomList(_ name: String, at index: Int) throws(ParseWireError) -> [ParseValue] {
        guard entries[index].kind == .array else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "\(name) must be an array (bad \(name) value), not \(describe(index))")
        }
        var values: [ParseValue] = []
        values.reserveCapacity(Int(entries[index].length))
        for (position, element) in eachElement(of: index).enumerated() {
            do throws(ParseWireError) {
                values.append(try decodeAtom(at: element, role: "an element of \(name)"))
            } catch {
                throw error.prefixed(index: position)
            }
        }
        return values
    }

    /// `$all`: values, or (to match array elements by prefix, as `containsAllStartingWith` writes)
    /// only `{"$regex": …}` objects; a mix is refused with 107, as the server refuses it.
    private func decodeAll(at index: Int) throws(ParseWireError) -> [ParseValue] {
        guard entries[index].kind == .array else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "$all must be an array (bad $all value), not \(describe(index))")
        }
        let regexes = eachElement(of: index).reduce(0) { count, element in
            count + (entries[element].kind == .object && entries[element].length == 1 && keyEquals(element + 1, "$regex") ? 1 : 0)
        }
        guard regexes == 0 else {
            guard regexes == Int(entries[index].length) else {
                throw error(.wrongFieldType, parseCode: 107, at: index, "the values of $all must all be {\"$regex\": …} objects or none")
            }
            var values: [ParseValue] = []
            values.reserveCapacity(regexes)
            for (position, element) in eachElement(of: index).enumerated() {
                guard entries[element + 2].kind == .string else {
                    throw error(.wrongFieldType, parseCode: 107, at: element + 2, "$regex must be a string").prefixed(key: "$regex").prefixed(index: position)
                }
                values.append(.map(["$regex": .string(string(at: element + 2))]))
            }
            return values
        }
        return try atomList("$all", at: index)
    }

    private func decodeText(at index: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object, entries[index].length == 1, keyEquals(index + 1, "$search"), entries[index + 2].kind == .object else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "$text must be {\"$search\": {\"$term\": …}}")
        }
        var search = ParseMap(capacity: Int(entries[index + 2].length))
        for member in eachMember(of: index + 2) {
            let kind = entries[member.valueIndex].kind
            switch member.key {
            case "$term", "$language":
                guard kind == .string else {
                    throw error(.wrongFieldType, parseCode: 107, at: member.valueIndex, "\(member.key) must be a string").prefixed(key: member.key).prefixed(key: "$search")
                }
                search.appendWithRoom(member.key, .string(string(at: member.valueIndex)))
            case "$caseSensitive", "$diacriticSensitive":
                guard kind == .trueLiteral || kind == .falseLiteral else {
                    throw error(.wrongFieldType, parseCode: 107, at: member.valueIndex, "\(member.key) must be a boolean").prefixed(key: member.key).prefixed(key: "$search")
                }
                search.appendWithRoom(member.key, .bool(kind == .trueLiteral))
            default:
                throw error(.invalidOperation, parseCode: 107, at: member.keyIndex, "\(NameRules.quoted(member.key)) is not a $search option").prefixed(key: "$search")
            }
        }
        guard search["$term"] != nil else {
            throw error(.missingField, parseCode: 107, at: index + 2, "$search needs a $term").prefixed(key: "$search")
        }
        return ["$search": .map(search)]
    }

    // MARK: - Subqueries

    private func decodeSubquery(_ name: String, at index: Int, nesting: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, parseCode: 102, at: index, "\(name) must be an object with \"where\" and \"className\", not \(describe(index))")
        }
        let query = try decodeSubqueryObject(at: index, nesting: nesting)
        guard query["where"] != nil, query["className"] != nil else {
            throw error(.missingField, parseCode: 102, at: index, "\(name) needs both \"where\" and \"className\" (improper usage of \(name))")
        }
        return query
    }

    private func decodeSelect(_ name: String, at index: Int, nesting: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, parseCode: 102, at: index, "\(name) must be {\"key\": …, \"query\": {…}}, not \(describe(index))")
        }
        var result = ParseMap(capacity: 2)
        for member in eachMember(of: index) {
            switch member.key {
            case "key":
                guard entries[member.valueIndex].kind == .string, Self.isQueryKey(string(at: member.valueIndex)) else {
                    throw error(.wrongFieldType, parseCode: 102, at: member.valueIndex, "the \"key\" of \(name) must be a field name").prefixed(key: "key")
                }
                result.appendWithRoom("key", .string(string(at: member.valueIndex)))
            case "query":
                guard entries[member.valueIndex].kind == .object else {
                    throw error(.wrongFieldType, parseCode: 102, at: member.valueIndex, "the \"query\" of \(name) must be an object").prefixed(key: "query")
                }
                do throws(ParseWireError) {
                    let query = try decodeSubqueryObject(at: member.valueIndex, nesting: nesting)
                    guard query["className"] != nil else {
                        throw error(.missingField, parseCode: 102, at: member.valueIndex, "the query of \(name) needs a \"className\" (improper usage of \(name))")
                    }
                    result.appendWithRoom("query", .map(query))
                } catch {
                    throw error.prefixed(key: "query")
                }
            default:
                throw error(.unexpectedField, parseCode: 102, at: member.keyIndex, "\(name) has exactly \"key\" and \"query\", not \(NameRules.quoted(member.key)) (improper usage of \(name))")
            }
        }
        guard result["key"] != nil, result["query"] != nil else {
            throw error(.missingField, parseCode: 102, at: index, "\(name) needs both \"key\" and \"query\" (improper usage of \(name))")
        }
        return result
    }

    /// A subquery object: `className`, `where`, `redirectClassNameForKey`, and with the
    /// `SubqueryExtraKeys` leniency the other find parameters, which parse-server ignores there.
    private func decodeSubqueryObject(at index: Int, nesting: Int) throws(ParseWireError) -> ParseMap {
        var query = ParseMap(capacity: Int(entries[index].length))
        for member in eachMember(of: index) {
            do throws(ParseWireError) {
                switch member.key {
                case "className":
                    guard entries[member.valueIndex].kind == .string else {
                        throw error(.wrongFieldType, parseCode: 102, at: member.valueIndex, "\"className\" must be a string")
                    }
                    let className = string(at: member.valueIndex)
                    if let failure = NameRules.checkClassName(className) { throw failure.located(offset: offset(member.valueIndex), path: "$") }
                    query.appendWithRoom("className", .string(className))
                case "where":
                    query.appendWithRoom("where", .map(try decodeWhere(at: member.valueIndex, nesting: nesting + 1)))
                case "redirectClassNameForKey":
                    guard entries[member.valueIndex].kind == .string else {
                        throw error(.wrongFieldType, at: member.valueIndex, "\"redirectClassNameForKey\" must be a string")
                    }
                    query.appendWithRoom(member.key, .string(string(at: member.valueIndex)))
                default:
                    guard options.queryLeniency.allowsSubqueryParameters, Self.findParameters.contains(member.key), member.key != "_method" else {
                        throw error(.unexpectedField, at: member.keyIndex,
                                    "a subquery holds \"className\" and \"where\"; parse-server ignores \(NameRules.quoted(member.key)) here (leniency SubqueryExtraKeys)")
                    }
                    query.appendWithRoom(member.key, try decodeValue(at: member.valueIndex, placement: .nested))
                }
            } catch {
                throw error.prefixed(key: member.key)
            }
        }
        query.indexIfLarge()
        return query
    }
}
