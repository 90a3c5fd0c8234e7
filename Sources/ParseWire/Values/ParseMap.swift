/// An insertion-ordered JSON object with unique keys.
///
/// Keys are compared by their exact UTF-8 bytes, as JSON compares them. Equality ignores order:
/// two maps are equal when they hold the same keys with equal values.
public struct ParseMap: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The keys, in insertion order.
    public private(set) var keys: [String] = []
    /// The values, in the order of ``keys``.
    public private(set) var values: [ParseValue] = []
    /// An index from key to position, kept only for maps large enough for linear search to hurt.
    private var index: [ExactString: Int]?
    private static let indexThreshold = 24

    /// An empty map.
    public init() {}

    /// A map from key–value pairs whose keys must be distinct (a repeated key is a programming error).
    public init(_ pairs: some Sequence<(String, ParseValue)>) {
        for (key, value) in pairs {
            precondition(position(of: key) == nil, "ParseMap: the key \(key) appears twice")
            appendUnchecked(key, value)
        }
    }

    public init(dictionaryLiteral elements: (String, ParseValue)...) {
        self.init(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    public subscript(position: Int) -> (key: String, value: ParseValue) { (keys[position], values[position]) }

    /// The value for a key, or `nil`. Setting `nil` removes the key; setting a new key appends it.
    public subscript(key: String) -> ParseValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let at = position(of: key) {
                if let newValue {
                    values[at] = newValue
                } else {
                    keys.remove(at: at)
                    values.remove(at: at)
                    rebuildIndex()
                }
            } else if let newValue {
                appendUnchecked(key, newValue)
            }
        }
    }

    /// The position of a key, compared by exact bytes.
    public func position(of key: String) -> Int? {
        if let index { return index[ExactString(value: key)] }
        return keys.firstIndex { $0.utf8.elementsEqual(key.utf8) }
    }

    /// Appends a key the caller knows is new (the decoder: the scanner already rejected duplicates).
    mutating func appendUnchecked(_ key: String, _ value: ParseValue) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index![ExactString(value: key)] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else {
            index = nil
            return
        }
        var built: [ExactString: Int] = [:]
        built.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { built[ExactString(value: key)] = position }
        index = built
    }

    public static func == (lhs: ParseMap, rhs: ParseMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (position, key) in lhs.keys.enumerated() {
            guard let other = rhs.position(of: key), rhs.values[other] == lhs.values[position] else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: a commutative sum of per-entry hashes.
        var sum = 0
        for (position, key) in keys.enumerated() {
            var entry = Hasher()
            ExactString.hashUTF8(key, into: &entry)
            entry.combine(values[position])
            sum &+= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
