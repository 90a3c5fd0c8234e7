import ParseWire

/// The elements of a TVN array, map or Batch: an array that lets go of a deep value without
/// recursing.
///
/// It behaves as an array (a random-access, mutable, range-replaceable collection with value
/// semantics, written as an array literal). It exists because the runtime releases nested arrays
/// one stack frame per level, so a TVN value built a few thousand levels deep in code would
/// overflow a secondary thread's stack when released; its storage keeps how deep the elements
/// nest and takes a deep tree apart with a work list instead. Equality and hashing are those of
/// ``TVNValue`` (spelling, in order), without recursion at any depth.
public struct TVNList<Element: TVNListElement>: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral {
    /// The elements, mutated only while uniquely referenced (copy on write), which is what makes the
    /// unchecked `Sendable` sound.
    final class Storage: @unchecked Sendable {
        var elements: [Element]
        /// How many containers deep the elements nest, at most (``TVNValue/height``): exact when
        /// built, an upper bound after removals.
        var height: Int

        init(_ elements: [Element], height: Int) {
            self.elements = elements
            self.height = height
        }

        deinit {
            guard height >= DeepRelease.shallow else { return }
            var pending = elements.map(\.tvnValue)
            elements = []
            DeepRelease.release(&pending, height: \.height) { $0.moveChildren(into: &$1) }
        }
    }

    private(set) var storage: Storage

    /// An empty list.
    public init() { storage = Storage([], height: 1) }

    /// A list of `elements`, kept as given (no copy).
    public init(_ elements: [Element]) { storage = Storage(elements, height: Self.height(above: elements)) }

    /// A list of the elements of a sequence.
    public init(_ elements: some Sequence<Element>) { self.init(Array(elements)) }

    public init(arrayLiteral elements: Element...) { self.init(elements) }

    /// The elements as a Swift array (no copy until either side is mutated).
    public var elements: [Element] { storage.elements }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.elements.count }

    public subscript(position: Int) -> Element {
        get { storage.elements[position] }
        set {
            makeUnique()
            storage.height = Swift.max(storage.height, newValue.tvnValue.height + 1)
            storage.elements[position] = newValue
        }
    }

    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
        makeUnique()
        for element in newElements { storage.height = Swift.max(storage.height, element.tvnValue.height + 1) }
        storage.elements.replaceSubrange(subrange, with: newElements)
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(capacity)
    }

    /// How many containers deep the list nests as a value: one more than its highest element.
    var height: Int { storage.height }

    private static func height(above elements: [Element]) -> Int {
        var highest = 0
        for element in elements { highest = Swift.max(highest, element.tvnValue.height) }
        return highest + 1
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements, height: storage.height) }
    }

    /// Moves the elements (as values) onto `pending` when nothing else holds them, leaving the list
    /// empty; shared elements stay where they are (their other owner releases them).
    mutating func moveElements(into pending: inout [TVNValue]) {
        guard isKnownUniquelyReferenced(&storage) else { return }
        for element in storage.elements { pending.append(element.tvnValue) }
        storage.elements = []
    }

    /// Element by element, in order, by spelling (``TVNValue``'s `==`), without recursing.
    public static func == (lhs: TVNList, rhs: TVNList) -> Bool {
        lhs.storage === rhs.storage || Element.value(holding: lhs) == Element.value(holding: rhs)
    }

    public func hash(into hasher: inout Hasher) {
        Element.value(holding: self).hash(into: &hasher)
    }
}

extension TVNValue: TVNListElement {
    public var tvnValue: TVNValue { self }
    public static func value(holding list: TVNList<TVNValue>) -> TVNValue { .array(list) }
}

extension TVNMember: TVNListElement {
    public var tvnValue: TVNValue { value }
    public static func value(holding list: TVNList<TVNMember>) -> TVNValue { .map(list) }
}

extension TVNOperation: TVNListElement {
    public var tvnValue: TVNValue { .operation(self) }
    public static func value(holding list: TVNList<TVNOperation>) -> TVNValue { .operation(.batch(list)) }
}
