import ParseWire

/// Letting go of, comparing (`==`) and hashing TVN values at any depth code can build, with a work
/// list instead of one stack frame per level (as ``ParseValue`` does, with the same algorithm).
extension TVNValue {
    /// How many containers deep the value nests: 0 for a scalar or typed value, one more than its
    /// highest child for an array, a map, an object or an operation with values; O(1), as every
    /// list keeps its height.
    var height: Int {
        switch self {
        case .array(let elements): elements.height
        case .map(let members), .unknownType(let members): members.height
        case .object(let object): object.fields.height + 1
        case .operation(let operation): operation.height
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .acl: 0
        }
    }

    /// Moves the values this value alone holds onto `pending` and leaves `.null` in its place.
    ///
    /// The list is taken out by a call of its own before the value is overwritten: a `switch` on an
    /// indirect enum keeps the case's box alive to the end of the case, so a list read inside it
    /// would still be shared when moved.
    mutating func moveChildren(into pending: inout [TVNValue]) {
        guard var children = children else { return }
        self = .null
        children.moveElements(into: &pending)
    }

    /// The list this value holds directly, if any.
    private var children: TVNChildren? {
        switch self {
        case .array(let elements): .values(elements)
        case .map(let members), .unknownType(let members): .members(members)
        case .object(let object): .members(object.fields)
        case .operation(let operation): operation.children
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .acl: nil
        }
    }

    /// Same case and same spelling throughout (number text, member order), compared with a work list
    /// of the pairs still to compare.
    public static func == (lhs: TVNValue, rhs: TVNValue) -> Bool {
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            guard sameSpelling(a, b, queueing: &pending) else { return false }
        }
        return true
    }

    /// Compares what two values hold themselves and queues the pairs of values they hold.
    private static func sameSpelling(_ a: TVNValue, _ b: TVNValue, queueing pending: inout [(TVNValue, TVNValue)]) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)), let (.string(x), .string(y)), let (.date(x), .date(y)),
             let (.bytes(x), .bytes(y)), let (.relation(x), .relation(y)):
            return x == y
        case let (.array(x), .array(y)): return queue(x, y, &pending)
        case let (.map(x), .map(y)), let (.unknownType(x), .unknownType(y)): return queueMembers(x, y, &pending)
        case let (.pointer(x), .pointer(y)): return x == y
        case let (.geoPoint(x1, x2), .geoPoint(y1, y2)): return x1 == y1 && x2 == y2
        case let (.file(x1, x2), .file(y1, y2)): return x1 == y1 && x2 == y2
        case let (.polygon(x), .polygon(y)): return x == y
        case let (.object(x), .object(y)):
            return x.className == y.className && x.objectId == y.objectId && x.createdAt == y.createdAt
                && x.updatedAt == y.updatedAt && x.acl == y.acl && queueMembers(x.fields, y.fields, &pending)
        case let (.acl(x), .acl(y)): return x == y
        case let (.operation(x), .operation(y)):
            switch (x, y) {
            case let (.increment(p), .increment(q)): return p == q
            case let (.add(p), .add(q)), let (.addUnique(p), .addUnique(q)), let (.remove(p), .remove(q)):
                return queue(p, q, &pending)
            case let (.addRelation(p), .addRelation(q)), let (.removeRelation(p), .removeRelation(q)): return p == q
            case (.delete, .delete): return true
            case let (.batch(p), .batch(q)): return queue(p, q, &pending)
            default: return false
            }
        default: return false
        }
    }

    private static func queue<Element>(_ x: TVNList<Element>, _ y: TVNList<Element>, _ pending: inout [(TVNValue, TVNValue)]) -> Bool {
        guard x.count == y.count else { return false }
        if x.storage === y.storage { return true }
        for position in x.indices { pending.append((x[position].tvnValue, y[position].tvnValue)) }
        return true
    }

    private static func queueMembers(_ x: TVNList<TVNMember>, _ y: TVNList<TVNMember>, _ pending: inout [(TVNValue, TVNValue)]) -> Bool {
        guard x.count == y.count else { return false }
        if x.storage === y.storage { return true }
        for position in x.indices {
            guard x[position].key == y[position].key else { return false }
            pending.append((x[position].value, y[position].value))
        }
        return true
    }

    /// Hashes the value and, of a container, its children's kind and size, so hashing stays
    /// shallow at any depth. Equal values hash alike (`==` looks at everything hashed); deep values
    /// that differ only far down collide, which hashing allows.
    public func hash(into hasher: inout Hasher) {
        hashHead(into: &hasher, childrenToo: true)
    }

    private func hashHead(into hasher: inout Hasher, childrenToo: Bool) {
        func children<Element>(_ list: TVNList<Element>) {
            hasher.combine(list.count)
            guard childrenToo else { return }
            for element in list { element.tvnValue.hashHead(into: &hasher, childrenToo: false) }
        }
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let text): hasher.combine(2); hasher.combine(text)
        case .string(let text): hasher.combine(3); hasher.combine(text)
        case .array(let elements): hasher.combine(4); children(elements)
        case .map(let members): hasher.combine(5); hasher.combine(members.map(\.key)); children(members)
        case .date(let epochMs): hasher.combine(6); hasher.combine(epochMs)
        case .bytes(let hex): hasher.combine(7); hasher.combine(hex)
        case .pointer(let pointer): hasher.combine(8); hasher.combine(pointer)
        case .relation(let className): hasher.combine(9); hasher.combine(className)
        case .geoPoint(let latitude, let longitude): hasher.combine(10); hasher.combine(latitude); hasher.combine(longitude)
        case .file(let name, let url): hasher.combine(11); hasher.combine(name); hasher.combine(url)
        case .polygon(let points): hasher.combine(12); hasher.combine(points)
        case .object(let object):
            hasher.combine(13); hasher.combine(object.className); hasher.combine(object.objectId)
            hasher.combine(object.fields.map(\.key)); children(object.fields)
        case .acl(let grants): hasher.combine(14); hasher.combine(grants)
        case .operation(let operation):
            hasher.combine(15)
            switch operation {
            case .increment(let amount): hasher.combine(0); hasher.combine(amount)
            case .add(let values): hasher.combine(1); children(values)
            case .addUnique(let values): hasher.combine(2); children(values)
            case .remove(let values): hasher.combine(3); children(values)
            case .addRelation(let pointers): hasher.combine(4); hasher.combine(pointers)
            case .removeRelation(let pointers): hasher.combine(5); hasher.combine(pointers)
            case .delete: hasher.combine(6)
            case .batch(let operations): hasher.combine(7); children(operations)
            }
        case .unknownType(let members): hasher.combine(16); hasher.combine(members.map(\.key)); children(members)
        }
    }
}

extension TVNOperation {
    /// The height of the operation as a value (``TVNValue/height``).
    var height: Int {
        switch self {
        case .add(let values), .addUnique(let values), .remove(let values): values.height
        case .batch(let operations): operations.height
        case .increment, .addRelation, .removeRelation, .delete: 0
        }
    }

    /// The list this operation holds directly, if any.
    var children: TVNChildren? {
        switch self {
        case .add(let values), .addUnique(let values), .remove(let values): .values(values)
        case .batch(let operations): .operations(operations)
        case .increment, .addRelation, .removeRelation, .delete: nil
        }
    }

    /// Same operation with the same spelling throughout (``TVNValue``'s `==`).
    public static func == (lhs: TVNOperation, rhs: TVNOperation) -> Bool {
        TVNValue.operation(lhs) == TVNValue.operation(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        TVNValue.operation(self).hash(into: &hasher)
    }
}

/// A list a TVN value holds, taken out of the value so that it can be moved once the value is gone.
enum TVNChildren {
    case values(TVNList<TVNValue>)
    case members(TVNList<TVNMember>)
    case operations(TVNList<TVNOperation>)

    /// Moves the list's elements (as values) onto `pending` when nothing else holds the list.
    mutating func moveElements(into pending: inout [TVNValue]) {
        switch self {
        case .values(var list):
            self = .values([])
            list.moveElements(into: &pending)
        case .members(var list):
            self = .values([])
            list.moveElements(into: &pending)
        case .operations(var list):
            self = .values([])
            list.moveElements(into: &pending)
        }
    }
}
