/// Letting go of, comparing and hashing values at any depth an app can build, with a work list
/// instead of one stack frame per level.
///
/// The decoder never builds a value deeper than its limit (512), but code can: a value built in a
/// loop, or read by a bridge with its own limits. The runtime would release such a value, and a
/// synthesized `==` would compare it, one frame per level, overflowing a 512 KB thread near a
/// depth of 3,000.
extension ParseValue {
    /// The height below which a value is released, compared and hashed the runtime's way, one stack
    /// frame per level (``DeepRelease/shallow``).
    static let shallow = DeepRelease.shallow

    /// How many containers deep the value nests: 0 for a plain or typed value, 1 for a container of
    /// those, and so on; kept in each container's storage, so reading it is O(1).
    var height: Int {
        switch self {
        case .array(let elements): elements.height
        case .map(let map), .unknownType(let map): map.height
        case .object(let object): object.fields.height + 1
        case .operation(let operation):
            switch operation {
            case .add(let values), .addUnique(let values), .remove(let values): values.height + 1
            case .batch(let operations): operations.height + 1
            case .increment, .addRelation, .removeRelation, .delete: 0
            }
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .acl: 0
        }
    }

    /// The height of a container of `values`: one more than the highest of them.
    static func height(above values: [ParseValue]) -> Int {
        var highest = 0
        for value in values { highest = max(highest, value.height) }
        return highest + 1
    }

    /// Whether the value holds further values whose release could recurse.
    var ownsValues: Bool {
        switch self {
        case .array(let elements): !elements.isEmpty
        case .map(let map), .unknownType(let map): !map.isEmpty
        case .object(let object): !object.fields.isEmpty
        case .operation(let operation):
            switch operation {
            case .add(let values), .addUnique(let values), .remove(let values): !values.isEmpty
            case .batch(let operations): !operations.isEmpty
            case .increment, .addRelation, .removeRelation, .delete: false
            }
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .acl: false
        }
    }

    /// Releases `values` (the storage of an array or a map being freed) without recursing: every
    /// value that alone holds further values gives them up to a work list before it goes.
    static func dismantle(_ values: inout [ParseValue]) {
        guard values.contains(where: \.ownsValues) else { return }
        var pending = values
        values = []
        DeepRelease.release(&pending, height: \.height) { $0.moveChildren(into: &$1) }
    }

    /// Moves the values this value alone holds onto `pending` and leaves `.null` in its place.
    ///
    /// The storage is read out by a call of its own before the value is overwritten: a `switch` on
    /// the boxed `object` case keeps the box alive to the end of the case, so fields read inside it
    /// would still be shared when moved.
    private mutating func moveChildren(into pending: inout [ParseValue]) {
        guard var storage = heldStorage else { return }
        self = .null
        storage.moveValues(into: &pending)
    }

    /// The storage of the values this value holds directly, if any.
    private var heldStorage: HeldStorage? {
        switch self {
        case .array(let elements): .elements(elements)
        case .map(let map), .unknownType(let map): .members(map)
        case .object(let object): .members(object.fields)
        case .operation(let operation):
            switch operation {
            case .add(let values), .addUnique(let values), .remove(let values): .elements(values)
            case .batch(let operations): .elements(operations.values)
            case .increment, .addRelation, .removeRelation, .delete: nil
            }
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .acl: nil
        }
    }

    /// The storage a container value holds its values in.
    private enum HeldStorage {
        case elements(ParseArray)
        case members(ParseMap)
        /// What is left once the values are moved out.
        case emptied

        /// Moves the values onto `pending` when nothing else holds the storage. The case is
        /// overwritten before the move, so that the storage bound below is the only reference.
        mutating func moveValues(into pending: inout [ParseValue]) {
            switch self {
            case .elements(var elements):
                self = .emptied
                elements.moveElements(into: &pending)
            case .members(var map):
                self = .emptied
                map.moveValues(into: &pending)
            case .emptied:
                break
            }
        }
    }

    /// Whether two values are equal, comparing containers with a work list of the pairs still to
    /// compare; plain values compare at once.
    static func deepEqual(_ lhs: ParseValue, _ rhs: ParseValue) -> Bool {
        var pending: [(ParseValue, ParseValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case let (.array(x), .array(y)):
                guard compareElements(x, y, &pending) else { return false }
            case let (.map(x), .map(y)), let (.unknownType(x), .unknownType(y)):
                guard compareMembers(x, y, &pending) else { return false }
            case let (.object(x), .object(y)):
                guard x.className == y.className, x.objectId == y.objectId, x.createdAt == y.createdAt,
                      x.updatedAt == y.updatedAt, x.acl == y.acl, compareMembers(x.fields, y.fields, &pending) else { return false }
            case let (.operation(x), .operation(y)):
                switch (x, y) {
                case let (.add(p), .add(q)), let (.addUnique(p), .addUnique(q)), let (.remove(p), .remove(q)):
                    guard compareElements(p, q, &pending) else { return false }
                case let (.batch(p), .batch(q)):
                    guard compareElements(p.values, q.values, &pending) else { return false }
                default:
                    guard x == y else { return false }
                }
            default:
                guard a == b else { return false }
            }
        }
        return true
    }

    /// Compares two plain values now, or queues two containers; false only for a difference found.
    private static func compare(_ a: ParseValue, _ b: ParseValue, _ pending: inout [(ParseValue, ParseValue)]) -> Bool {
        if a.ownsValues || b.ownsValues {
            pending.append((a, b))
            return true
        }
        return a == b
    }

    /// Compares two arrays' plain elements now and queues their containers; false only for a
    /// difference found.
    private static func compareElements(_ x: ParseArray, _ y: ParseArray, _ pending: inout [(ParseValue, ParseValue)]) -> Bool {
        guard x.count == y.count else { return false }
        if x.storage === y.storage { return true }
        for position in x.indices where !compare(x[position], y[position], &pending) { return false }
        return true
    }

    private static func compareMembers(_ x: ParseMap, _ y: ParseMap, _ pending: inout [(ParseValue, ParseValue)]) -> Bool {
        guard x.count == y.count else { return false }
        for position in x.indices {
            let member = x.member(at: position)
            guard let other = y.position(of: member.key), compare(member.value, y.value(at: other), &pending) else { return false }
        }
        return true
    }

    /// Hashes the value as far as two levels down: a container beyond that contributes its kind and
    /// size. Equal values still hash alike (equality looks at everything hashed); deep values that
    /// differ only far down collide, which hashing allows.
    func hashHead(into hasher: inout Hasher) {
        switch self {
        case .array(let elements): hasher.combine(4); hasher.combine(elements.count)
        case .map(let map): hasher.combine(5); hasher.combine(map.count)
        case .object(let object): hasher.combine(13); hasher.combine(object.className); hasher.combine(object.fields.count)
        case .operation(let operation): hasher.combine(15); hasher.combine(operation.name)
        case .unknownType(let map): hasher.combine(16); hasher.combine(map.count)
        case .null, .bool, .number, .string, .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .acl:
            hash(into: &hasher)
        }
    }
}
