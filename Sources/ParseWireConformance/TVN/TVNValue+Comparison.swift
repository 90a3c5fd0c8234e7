import ParseWire

extension TVNValue {
    /// Whether two values are the same under the corpus's comparison rules: numbers by exact
    /// decimal value, maps, object fields, unknown typed values and ACLs as unordered, everything
    /// else (arrays, polygon vertices, operation lists) in order, strings by exact Unicode scalars.
    public func isSameValue(as other: TVNValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return JSONDataComparison.numbersEqual(a, b)
        case let (.string(a), .string(b)): return Self.sameText(a, b)
        case let (.array(a), .array(b)): return Self.sameList(a, b)
        case let (.map(a), .map(b)), let (.unknownType(a), .unknownType(b)): return Self.sameMembers(a, b)
        case let (.date(a), .date(b)): return JSONDataComparison.numbersEqual(a, b)
        case let (.bytes(a), .bytes(b)): return a == b
        case let (.pointer(a), .pointer(b)): return Self.samePointer(a, b)
        case let (.relation(a), .relation(b)): return Self.sameText(a, b)
        case let (.geoPoint(a1, a2), .geoPoint(b1, b2)):
            return JSONDataComparison.numbersEqual(a1, b1) && JSONDataComparison.numbersEqual(a2, b2)
        case let (.file(aName, aURL), .file(bName, bURL)):
            return Self.sameText(aName, bName) && Self.sameOptionalText(aURL, bURL)
        case let (.polygon(a), .polygon(b)):
            return a.count == b.count && zip(a, b).allSatisfy {
                JSONDataComparison.numbersEqual($0.latitude, $1.latitude) && JSONDataComparison.numbersEqual($0.longitude, $1.longitude)
            }
        case let (.object(a), .object(b)):
            return Self.sameText(a.className, b.className) && a.objectId == b.objectId
                && Self.sameOptionalNumber(a.createdAt, b.createdAt) && Self.sameOptionalNumber(a.updatedAt, b.updatedAt)
                && Self.sameOptionalGrants(a.acl, b.acl) && Self.sameMembers(a.fields, b.fields)
        case let (.acl(a), .acl(b)): return Self.sameGrants(a, b)
        case let (.operation(a), .operation(b)): return a.isSameOperation(as: b)
        default: return false
        }
    }

    static func sameText(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    static func sameOptionalText(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return sameText(a, b)
        default: return false
        }
    }

    static func sameList(_ a: [TVNValue], _ b: [TVNValue]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.isSameValue(as: $1) }
    }

    /// Whether two lists hold the same elements, each matched once, in any order (quadratic in the
    /// length; lists of other lengths differ at once).
    static func sameElements<Element>(_ a: [Element], _ b: [Element], _ same: (Element, Element) -> Bool) -> Bool {
        guard a.count == b.count else { return false }
        if zip(a, b).allSatisfy(same) { return true }
        var unused = Array(b.indices)
        for element in a {
            guard let found = unused.firstIndex(where: { same(element, b[$0]) }) else { return false }
            unused.remove(at: found)
        }
        return true
    }

    static func samePointer(_ a: TVNPointer, _ b: TVNPointer) -> Bool {
        sameText(a.className, b.className) && sameText(a.objectId, b.objectId)
    }

    static func sameMembers(_ a: [TVNMember], _ b: [TVNMember]) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { member in
            b.contains { sameText($0.key, member.key) && $0.value.isSameValue(as: member.value) }
        }
    }

    static func sameGrants(_ a: [TVNGrant], _ b: [TVNGrant]) -> Bool {
        a.count == b.count && a.allSatisfy { grant in
            b.contains { sameText($0.principal, grant.principal) && $0.read == grant.read && $0.write == grant.write }
        }
    }

    static func sameOptionalGrants(_ a: [TVNGrant]?, _ b: [TVNGrant]?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return sameGrants(a, b)
        default: return false
        }
    }

    static func sameOptionalNumber(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return JSONDataComparison.numbersEqual(a, b)
        default: return false
        }
    }
}

extension TVNOperation {
    /// Whether two operations are the same under the corpus's comparison rules: element lists in order,
    /// but for the members of Remove, AddRelation and RemoveRelation (OP-10).
    public func isSameOperation(as other: TVNOperation) -> Bool {
        switch (self, other) {
        case let (.increment(a), .increment(b)): return JSONDataComparison.numbersEqual(a, b)
        case let (.add(a), .add(b)), let (.addUnique(a), .addUnique(b)):
            return TVNValue.sameList(a, b)
        case let (.remove(a), .remove(b)):
            // OP-10: the server removes every listed element wherever it is, in any order.
            return TVNValue.sameElements(a, b) { $0.isSameValue(as: $1) }
        case let (.addRelation(a), .addRelation(b)), let (.removeRelation(a), .removeRelation(b)):
            // OP-10: the server adds or removes one related object at a time.
            return TVNValue.sameElements(a, b, TVNValue.samePointer)
        case (.delete, .delete): return true
        case let (.batch(a), .batch(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSameOperation(as: $1) }
        default: return false
        }
    }
}
