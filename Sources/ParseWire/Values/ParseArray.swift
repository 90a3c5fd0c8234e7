/// The elements of an array value: a `[ParseValue]` that lets go of a deep value without recursing.
///
/// It behaves as an array (a random-access, mutable, range-replaceable collection with value
/// semantics, written as an array literal). It exists because the runtime releases a nested
/// `[ParseValue]` one frame per level: a value an app builds a few thousand levels deep would
/// overflow a secondary thread's stack when released. The storage's `deinit` takes the elements
/// apart with a work list instead, for a value deep enough to need it.
public struct ParseArray: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The elements, mutated only while uniquely referenced (copy on write), which is what makes
    /// the unchecked `Sendable` sound: no instance is ever mutated while another owner sees it.
    ///
    /// Its stored properties skip the runtime's exclusivity check, a measurable part of reading an
    /// element: every access goes through ``ParseArray``, which never holds one across another.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var elements: [ParseValue]
        /// How many containers deep the elements nest, at most (``ParseValue/height``): exact when
        /// built, an upper bound after removals. Below ``ParseValue/shallow`` the runtime's own
        /// release, which recurses once per level, is safe and faster than the work list.
        @exclusivity(unchecked) var height: Int

        init(_ elements: [ParseValue]) {
            self.elements = elements
            height = ParseValue.height(above: elements)
        }

        init(_ elements: [ParseValue], height: Int) {
            self.elements = elements
            self.height = height
        }

        deinit {
            if height >= ParseValue.shallow { ParseValue.dismantle(&elements) }
        }
    }

    private(set) var storage: Storage

    /// An empty array.
    public init() { storage = Storage([]) }

    /// An array of `elements`, kept as given (no copy).
    public init(_ elements: [ParseValue]) { storage = Storage(elements) }

    /// An array of `elements` whose height the caller has kept (the decoder), so they are not scanned.
    init(_ elements: [ParseValue], height: Int) { storage = Storage(elements, height: height) }

    /// An array of the elements of a sequence.
    public init(_ elements: some Sequence<ParseValue>) { storage = Storage(Array(elements)) }

    public init(arrayLiteral elements: ParseValue...) { storage = Storage(elements) }

    /// The elements as a Swift array (no copy until either side is mutated).
    public var elements: [ParseValue] {
        get { storage.elements }
        set {
            makeUnique()
            storage.elements = newValue
            storage.height = ParseValue.height(above: newValue)
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
            storage.height = Swift.max(storage.height, newValue.height + 1)
            storage.elements[position] = newValue
        }
    }

    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<ParseValue>) {
        makeUnique()
        for element in newElements { storage.height = Swift.max(storage.height, element.height + 1) }
        storage.elements.replaceSubrange(subrange, with: newElements)
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(capacity)
    }

    public mutating func append(_ element: ParseValue) {
        makeUnique()
        storage.height = Swift.max(storage.height, element.height + 1)
        storage.elements.append(element)
    }

    /// The height of the array as a value (``ParseValue/height``).
    var height: Int { storage.height }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements, height: storage.height) }
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
