/// The elements of an array value: a `[ParseValue]` that lets go of a deep value without recursing.
///
/// It behaves as an array (a random-access, mutable, range-replaceable collection with value
/// semantics, written as an array literal). It exists because the runtime releases a nested
/// `[ParseValue]` one frame per level: a value an app builds a few thousand levels deep would
/// overflow a secondary thread's stack when released. The storage's `deinit` takes the elements
/// apart with a work list instead (``ParseValue/dismantle(_:)``).
public struct ParseArray: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The elements, mutated only while uniquely referenced (copy on write), which is what makes
    /// the unchecked `Sendable` sound: no instance is ever mutated while another owner sees it.
    final class Storage: @unchecked Sendable {
        var elements: [ParseValue]

        init(_ elements: [ParseValue]) { self.elements = elements }

        deinit { ParseValue.dismantle(&elements) }
    }

    private(set) var storage: Storage

    /// An empty array.
    public init() { storage = Storage([]) }

    /// An array of `elements`, kept as given (no copy).
    public init(_ elements: [ParseValue]) { storage = Storage(elements) }

    /// An array of the elements of a sequence.
    public init(_ elements: some Sequence<ParseValue>) { storage = Storage(Array(elements)) }

    public init(arrayLiteral elements: ParseValue...) { storage = Storage(elements) }

    /// The elements as a Swift array (no copy until either side is mutated).
    public var elements: [ParseValue] {
        get { storage.elements }
        set {
            makeUnique()
            storage.elements = newValue
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.elements.count }
    public var count: Int { storage.elements.count }
    public var isEmpty: Bool { storage.elements.isEmpty }

    public subscript(position: Int) -> ParseValue {
        get { storage.elements[position] }
        set {
            makeUnique()
            storage.elements[position] = newValue
        }
    }

    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<ParseValue>) {
        makeUnique()
        storage.elements.replaceSubrange(subrange, with: newElements)
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(capacity)
    }

    public mutating func append(_ element: ParseValue) {
        makeUnique()
        storage.elements.append(element)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements) }
    }

    /// Moves the elements onto `pending` when nothing else holds them, leaving this array empty;
    /// shared elements stay where they are (their other owner releases them).
    mutating func moveElements(into pending: inout [ParseValue]) {
        guard isKnownUniquelyReferenced(&storage) else { return }
        pending.append(contentsOf: storage.elements)
        storage.elements = []
    }

    /// Element by element, without recursing however deep the elements are.
    public static func == (lhs: ParseArray, rhs: ParseArray) -> Bool {
        ParseValue.deepEqual(.array(lhs), .array(rhs))
    }

    public func hash(into hasher: inout Hasher) {
        ParseValue.array(self).hash(into: &hasher)
    }

    /// The canonical JSON of the array, as ``ParseValue/description`` writes it.
    public var description: String { ParseValue.array(self).description }
}

extension ParseValue {
    /// An array value of `elements`: the same as `.array(ParseArray(elements))`.
    public static func array(_ elements: [ParseValue]) -> ParseValue { .array(ParseArray(elements)) }
}
