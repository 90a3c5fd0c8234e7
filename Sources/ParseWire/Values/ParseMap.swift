/// An insertion-ordered JSON object with unique keys.
///
/// Keys are compared by their exact UTF-8 bytes, as JSON compares them. Equality ignores order
/// (CONT-3): two maps are equal when they hold the same keys with equal values.
public struct ParseMap: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The keys, values and index, mutated only while uniquely referenced (copy on write), which is
    /// what makes the unchecked `Sendable` sound. A class, so that its `deinit` can let go of deep
    /// values without recursing (``ParseValue/dismantle(_:)``).
    /// Its stored properties skip the runtime's exclusivity check, as ``ParseArray``'s do: every
    /// access goes through ``ParseMap``, which never holds one across another.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var keys: [String]
        @exclusivity(unchecked) var values: [ParseValue]
        /// An index from key to position, kept only for maps large enough for linear search to hurt
        /// (CONT-4: maps of thousands of members stay whole and linear in time).
        @exclusivity(unchecked) var index: [ExactString: Int]?
        /// How many containers deep the values nest, at most (as ``ParseArray``'s storage keeps it).
        @exclusivity(unchecked) var height: Int

        init(keys: [String] = [], values: [ParseValue] = [], index: [ExactString: Int]? = nil, height: Int = 1) {
            self.keys = keys
            self.values = values
            self.index = index
            self.height = height
        }

        deinit {
            if height >= ParseValue.shallow { ParseValue.dismantle(&values) }
        }
    }

    private var storage: Storage
    private static let indexThreshold = 24

    /// The keys, in insertion order.
    public var keys: [String] { storage.keys }
    /// The values, in the order of ``keys``.
    public var values: [ParseValue] { storage.values }

    /// An empty map.
    public init() { storage = Storage() }

    /// A map from key–value pairs whose keys must be distinct (a repeated key is a programming error).
    public init(_ pairs: some Sequence<(String, ParseValue)>) {
        storage = Storage()
        for (key, value) in pairs {
            precondition(position(of: key) == nil, "ParseMap: the key \(key) appears twice")
            appendUnchecked(key, value)
        }
    }

    /// A map of keys the caller knows are distinct (the decoder: the scanner refused duplicates),
    /// with its height already known.
    init(uncheckedKeys keys: [String], values: [ParseValue], height: Int) {
        storage = Storage(keys: keys, values: values, height: height)
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    public init(dictionaryLiteral elements: (String, ParseValue)...) {
        self.init(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.keys.count }
    public subscript(position: Int) -> (key: String, value: ParseValue) { (storage.keys[position], storage.values[position]) }

    /// The value for a key, or `nil`. Setting `nil` removes the key; setting a new key appends it.
    public subscript(key: String) -> ParseValue? {
        get { position(of: key).map { storage.values[$0] } }
        set {
            if let at = position(of: key) {
                makeUnique()
                if let newValue {
                    storage.height = Swift.max(storage.height, newValue.height + 1)
                    storage.values[at] = newValue
                } else {
                    storage.keys.remove(at: at)
                    storage.values.remove(at: at)
                    rebuildIndex()
                }
            } else if let newValue {
                appendUnchecked(key, newValue)
            }
        }
    }

    /// The position of a key, compared by exact bytes.
    public func position(of key: String) -> Int? {
        if let index = storage.index { return index[ExactString(value: key)] }
        return storage.keys.firstIndex { $0.utf8.elementsEqual(key.utf8) }
    }

    /// Appends a key the caller knows is new (the decoder: the scanner already rejected duplicates).
    mutating func appendUnchecked(_ key: String, _ value: ParseValue) {
        makeUnique()
        storage.height = Swift.max(storage.height, value.height + 1)
        storage.keys.append(key)
        storage.values.append(value)
        if storage.index != nil {
            storage.index![ExactString(value: key)] = storage.keys.count - 1
        } else if storage.keys.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    mutating func reserveCapacity(_ count: Int) {
        makeUnique()
        storage.keys.reserveCapacity(count)
        storage.values.reserveCapacity(count)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(keys: storage.keys, values: storage.values, index: storage.index, height: storage.height)
        }
    }

    /// The height of the map as a value (``ParseValue/height``).
    var height: Int { storage.height }

    /// Moves the values onto `pending` when nothing else holds them, leaving the map's values
    /// empty; shared values stay where they are (their other owner releases them).
    mutating func moveValues(into pending: inout [ParseValue]) {
        guard isKnownUniquelyReferenced(&storage) else { return }
        pending.append(contentsOf: storage.values)
        storage.values = []
    }

    private mutating func rebuildIndex() {
        guard storage.keys.count > Self.indexThreshold else {
            storage.index = nil
            return
        }
        var built: [ExactString: Int] = [:]
        built.reserveCapacity(storage.keys.count)
        for (position, key) in storage.keys.enumerated() { built[ExactString(value: key)] = position }
        storage.index = built
    }

    /// Same keys with equal values, in any order; values nested any depth compare without recursion.
    public static func == (lhs: ParseMap, rhs: ParseMap) -> Bool {
        ParseValue.deepEqual(.map(lhs), .map(rhs))
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: a commutative sum of per-entry hashes; each value hashed to its first
        // level (``ParseValue/hashHead(into:)``), so hashing stays shallow at any depth.
        var sum = 0
        for (position, key) in storage.keys.enumerated() {
            var entry = Hasher()
            ExactString.hashUTF8(key, into: &entry)
            storage.values[position].hashHead(into: &entry)
            sum &+= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
