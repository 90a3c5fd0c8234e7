/// An insertion-ordered JSON object with unique keys.
///
/// Keys are compared by their exact UTF-8 bytes, as JSON compares them. Equality ignores order
/// (CONT-3): two maps are equal when they hold the same keys with equal values.
public struct ParseMap: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The members in one heap block (``Storage``); a class, so that its `deinit` can let go of
    /// deep values without recursing (``ParseValue/dismantle(_:)``).
    nonisolated(unsafe) private(set) var storage: Storage
    private static let indexThreshold = 24

    /// The keys, in insertion order: a new array each time (the members are stored in pairs), so
    /// read one key by its position instead (`map[position].key`).
    public var keys: [String] {
        let members = storage.members
        return (0..<storage.count).map { members[$0].key }
    }

    /// The values, in the order of ``keys``: a new array each time, as ``keys`` is.
    public var values: [ParseValue] {
        let members = storage.members
        return (0..<storage.count).map { members[$0].value }
    }

    /// An empty map.
    public init() { storage = Storage.empty }

    /// A map from key–value pairs whose keys must be distinct (a repeated key is a programming error).
    public init(_ pairs: some Sequence<(String, ParseValue)>) {
        let expected = pairs.underestimatedCount
        storage = expected > 0 ? Storage.make(capacity: expected) : Storage.empty
        for (key, value) in pairs {
            precondition(position(of: key) == nil, "ParseMap: the key \(key) appears twice")
            appendUnchecked(key, value)
        }
    }

    /// An empty map with room for `capacity` members (the decoder: a JSON object's member count).
    init(capacity: Int) {
        storage = capacity > 0 ? Storage.make(capacity: capacity) : Storage.empty
    }

    /// A map of keys the caller knows are distinct.
    init(uncheckedKeys keys: [String], values: [ParseValue]) {
        self.init(capacity: keys.count)
        for (key, value) in zip(keys, values) { appendWithRoom(key, value) }
        indexIfLarge()
    }

    public init(dictionaryLiteral elements: (String, ParseValue)...) {
        self.init(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.count == 0 }

    public subscript(position: Int) -> (key: String, value: ParseValue) {
        let member = self.member(at: position)
        return (member.key, member.value)
    }

    /// The member at `position`, read in place.
    func member(at position: Int) -> Member {
        precondition(position >= 0 && position < storage.count, "ParseMap: position \(position) is out of range")
        return storage.members[position]
    }

    /// The key at `position`.
    func key(at position: Int) -> String { member(at: position).key }

    /// The value at `position`.
    func value(at position: Int) -> ParseValue { member(at: position).value }

    /// The value for a key, or `nil`. Setting `nil` removes the key; setting a new key appends it.
    public subscript(key: String) -> ParseValue? {
        get { position(of: key).map { storage.members[$0].value } }
        set {
            if let at = position(of: key) {
                makeUnique(capacity: storage.count)
                if let newValue {
                    raiseHeight(above: newValue)
                    storage.members[at].value = newValue
                } else {
                    remove(at: at)
                }
            } else if let newValue {
                appendUnchecked(key, newValue)
            }
        }
    }

    /// The position of a key, compared by exact bytes.
    public func position(of key: String) -> Int? {
        if let index = storage.head.pointee.index { return index[ExactString(value: key)] }
        let members = storage.members
        for position in 0..<storage.count where members[position].key.utf8.elementsEqual(key.utf8) {
            return position
        }
        return nil
    }

    /// Appends a key the caller knows is new (the decoder: the scanner already rejected duplicates).
    mutating func appendUnchecked(_ key: String, _ value: ParseValue) {
        let count = storage.count
        precondition(count < UInt32.max, "ParseMap: more than \(UInt32.max) members")
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: Swift.max(count + 1, 2 * count))
        } else if count == storage.capacity {
            storage = storage.moved(capacity: Swift.max(count + 1, 2 * count))
        }
        raiseHeight(above: value)
        (storage.members + count).initialize(to: Member(key: key, value: value))
        storage.head.pointee.count += 1
        if storage.head.pointee.index != nil {
            storage.head.pointee.index![ExactString(value: key)] = count
        } else if count + 1 > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// Appends a key the caller knows is new to a map it alone holds, made with room for the member
    /// (``init(capacity:)``): the decoders, which know each object's member count and whose scanner
    /// already refused duplicate keys. Call ``indexIfLarge()`` once the map is full.
    mutating func appendWithRoom(_ key: String, _ value: ParseValue) {
        let count = storage.count
        assert(isKnownUniquelyReferenced(&storage) && count < storage.capacity, "ParseMap: no room made for the member")
        raiseHeight(above: value)
        (storage.members + count).initialize(to: Member(key: key, value: value))
        storage.head.pointee.count = UInt32(truncatingIfNeeded: count + 1)
    }

    /// Indexes the keys of a map filled with ``appendWithRoom(_:_:)`` when it is large enough for
    /// an index to pay (an unindexed map is still correct: it searches linearly).
    mutating func indexIfLarge() {
        if storage.count > Self.indexThreshold, storage.head.pointee.index == nil { rebuildIndex() }
    }

    /// Makes room for `capacity` members in all.
    mutating func reserveCapacity(_ capacity: Int) {
        makeUnique(capacity: capacity)
        if storage.capacity < capacity { storage = storage.moved(capacity: capacity) }
    }

    /// Gives the map a block of its own, with room for `capacity` members when it must copy.
    private mutating func makeUnique(capacity: Int) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: capacity) }
    }

    /// Removes the member at `position` (the map is unique), keeping the order of the others.
    private mutating func remove(at position: Int) {
        let count = storage.count
        let members = storage.members
        (members + position).deinitialize(count: 1)
        (members + position).moveInitialize(from: members + position + 1, count: count - position - 1)
        storage.head.pointee.count -= 1
        rebuildIndex()
    }

    private func raiseHeight(above value: ParseValue) {
        let height = UInt32(clamping: value.height + 1)
        if height > storage.head.pointee.height { storage.head.pointee.height = height }
    }

    /// The height of the map as a value (``ParseValue/height``).
    var height: Int { Int(storage.head.pointee.height) }

    /// Moves the values onto `pending` when nothing else holds them, leaving the map empty; shared
    /// values stay where they are (their other owner releases them).
    mutating func moveValues(into pending: inout [ParseValue]) {
        guard isKnownUniquelyReferenced(&storage) else { return }
        let count = storage.count
        let members = storage.members
        pending.reserveCapacity(pending.count + count)
        for position in 0..<count { pending.append((members + position).move().value) }
        storage.head.pointee.count = 0
        storage.head.pointee.index = nil
    }

    private mutating func rebuildIndex() {
        let count = storage.count
        guard count > Self.indexThreshold else {
            storage.head.pointee.index = nil
            return
        }
        var built: [ExactString: Int] = [:]
        built.reserveCapacity(count)
        let members = storage.members
        for position in 0..<count { built[ExactString(value: members[position].key)] = position }
        storage.head.pointee.index = built
    }

    /// Same keys with equal values, in any order; values nested any depth compare without recursion.
    public static func == (lhs: ParseMap, rhs: ParseMap) -> Bool {
        ParseValue.deepEqual(.map(lhs), .map(rhs))
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: a commutative sum of per-entry hashes; each value hashed to its first
        // level (``ParseValue/hashHead(into:)``), so hashing stays shallow at any depth.
        var sum = 0
        let members = storage.members
        for position in 0..<storage.count {
            var entry = Hasher()
            ExactString.hashUTF8(members[position].key, into: &entry)
            members[position].value.hashHead(into: &entry)
            sum &+= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
