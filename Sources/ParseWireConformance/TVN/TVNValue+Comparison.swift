import ParseWire

extension TVNValue {
    /// Whether two values are the same under the corpus's comparison rules: numbers by exact
    /// decimal value, maps, object fields, unknown typed values and ACLs as unordered, everything
    /// else (arrays, polygon vertices, operation lists) in order, strings by exact Unicode scalars.
    ///
    /// Values are compared with a work list of the pairs still to compare, not a stack frame per
    /// level; only the members of a Remove, matched in any order, are compared by a call of their own.
    public func isSameValue(as other: TVNValue) -> Bool {
        var pending = [(self, other)]
        while let (a, b) = pending.popLast() {
            guard Self.sameHead(a, b, queueing: &pending) else { return false }
        }
        return true
    }

    /// Compares what two values hold themselves and queues the pairs of values they hold.
    private static func sameHead(_ a: TVNValue, _ b: TVNValue, queueing pending: inout [(TVNValue, TVNValue)]) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return JSONDataComparison.numbersEqual(a, b)
        case let (.string(a), .string(b)): return sameText(a, b)
        case let (.array(a), .array(b)): return queueList(a, b, &pending)
        case let (.map(a), .map(b)), let (.unknownType(a), .unknownType(b)): return queueMembers(a, b, &pending)
        case let (.date(a), .date(b)): return JSONDataComparison.numbersEqual(a, b)
        case let (.bytes(a), .bytes(b)): return a == b
        case let (.pointer(a), .pointer(b)): return samePointer(a, b)
        case let (.relation(a), .relation(b)): return sameText(a, b)
        case let (.geoPoint(a1, a2), .geoPoint(b1, b2)):
            return JSONDataComparison.numbersEqual(a1, b1) && JSONDataComparison.numbersEqual(a2, b2)
        case let (.file(aName, aURL), .file(bName, bURL)):
            return sameText(aName, bName) && sameOptionalText(aURL, bURL)
        case let (.polygon(a), .polygon(b)):
            return a.count == b.count && zip(a, b).allSatisfy {
                JSONDataComparison.numbersEqual($0.latitude, $1.latitude) && JSONDataComparison.numbersEqual($0.longitude, $1.longitude)
            }
        case let (.object(a), .object(b)):
            return sameText(a.className, b.className) && a.objectId == b.objectId
                && sameOptionalNumber(a.createdAt, b.createdAt) && sameOptionalNumber(a.updatedAt, b.updatedAt)
                && sameOptionalGrants(a.acl, b.acl) && queueMembers(a.fields, b.fields, &pending)
        case let (.acl(a), .acl(b)): return sameGrants(a, b)
        case let (.operation(a), .operation(b)):
            switch (a, b) {
            case let (.increment(a), .increment(b)): return JSONDataComparison.numbersEqual(a, b)
            case let (.add(a), .add(b)), let (.addUnique(a), .addUnique(b)): return queueList(a, b, &pending)
            case let (.remove(a), .remove(b)):
                // OP-10: the server removes every listed element wherever it is, in any order.
                return sameElements(a.elements, b.elements) { $0.isSameValue(as: $1) }
            case let (.addRelation(a), .addRelation(b)), let (.removeRelation(a), .removeRelation(b)):
                // OP-10: the server adds or removes one related object at a time.
                return sameElements(a, b, samePointer)
            case (.delete, .delete): return true
            case let (.batch(a), .batch(b)): return queueList(a, b, &pending)
            default: return false
            }
        default: return false
        }
    }

    /// Queues the elements of two lists pairwise, in order; false when their lengths differ.
    private static func queueList<Element>(_ a: TVNList<Element>, _ b: TVNList<Element>, _ pending: inout [(TVNValue, TVNValue)]) -> Bool {
        guard a.count == b.count else { return false }
        for position in a.indices { pending.append((a[position].tvnValue, b[position].tvnValue)) }
        return true
    }

    /// Queues each member of `a` with the member of `b` of the same key; a key `b` holds more than
    /// once (only code builds such a list) matches when any of its values is the same.
    private static func queueMembers(_ a: TVNList<TVNMember>, _ b: TVNList<TVNMember>, _ pending: inout [(TVNValue, TVNValue)]) -> Bool {
        guard a.count == b.count else { return false }
        for member in a {
            let matches = b.filter { sameText($0.key, member.key) }
            switch matches.count {
            case 0: return false
            case 1: pending.append((member.value, matches[0].value))
            default: guard matches.contains(where: { $0.value.isSameValue(as: member.value) }) else { return false }
            }
        }
        return true
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
        TVNValue.operation(self).isSameValue(as: .operation(other))
    }
}
