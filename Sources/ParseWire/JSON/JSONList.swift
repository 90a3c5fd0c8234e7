/// What a ``JSONList`` holds: a ``JSONNode`` (an array's elements) or a ``JSONMember`` (an
/// object's members).
package protocol JSONListElement: Hashable, Sendable {
    /// The node this element holds: itself, or a member's value.
    var heldNode: JSONNode { get }
    /// Hashes the element as far as its first level (a member: its key too).
    func hashHead(into hasher: inout Hasher)
    /// Compares what two elements hold themselves (a member's key) and queues their nodes; false
    /// only for a difference found.
    static func queue(_ a: Self, _ b: Self, into pending: inout [(JSONNode, JSONNode)]) -> Bool
}

/// The elements of a ``JSONNode`` array or object: an array that lets go of a deep tree without
/// recursing.
///
/// It behaves as an array (a random-access, mutable, range-replaceable collection with value
/// semantics, written as an array literal). It exists because the runtime releases nested arrays
/// one stack frame per level, so a tree built a few thousand levels deep in code would overflow a
/// secondary thread's stack when released; its storage keeps how deep the elements nest and takes
/// a deep tree apart with a work list (``DeepRelease``) instead. Equality and hashing are those of
/// ``JSONNode``: in order, without recursion at any depth.
package struct JSONList<Element: JSONListElement>: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral {
    /// The elements, mutated only while uniquely referenced (copy on write), which is what makes the
    /// unchecked `Sendable` sound.
    final class Storage: @unchecked Sendable {
        var elements: [Element]
        /// How many containers deep the elements nest, at most (``JSONNode/height``): exact when
        /// built, an upper bound after removals.
        var height: Int

        init(_ elements: [Element], height: Int) {
            self.elements = elements
            self.height = height
        }

        deinit {
            guard height >= DeepRelease.shallow else { return }
            var pending = elements.map(\.heldNode)
            elements = []
            DeepRelease.release(&pending, height: \.height) { $0.moveChildren(into: &$1) }
        }
    }

    private(set) var storage: Storage

    /// An empty list.
    package init() { storage = Storage([], height: 1) }

    /// A list of `elements`, kept as given (no copy).
    package init(_ elements: [Element]) { storage = Storage(elements, height: Self.height(above: elements)) }

    /// A list of the elements of a sequence.
    package init(_ elements: some Sequence<Element>) { self.init(Array(elements)) }

    package init(arrayLiteral elements: Element...) { self.init(elements) }

    /// The elements as a Swift array (no copy until either side is mutated).
    package var elements: [Element] { storage.elements }

    package var startIndex: Int { 0 }
    package var endIndex: Int { storage.elements.count }

    package subscript(position: Int) -> Element {
        get { storage.elements[position] }
        set {
            makeUnique()
            storage.height = Swift.max(storage.height, newValue.heldNode.height + 1)
            storage.elements[position] = newValue
        }
    }

    package mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<Element>) {
        makeUnique()
        for element in newElements { storage.height = Swift.max(storage.height, element.heldNode.height + 1) }
        storage.elements.replaceSubrange(subrange, with: newElements)
    }

    package mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(capacity)
    }

    /// How many containers deep the list nests as a node: one more than its highest element.
    var height: Int { storage.height }

    private static func height(above elements: [Element]) -> Int {
        var highest = 0
        for element in elements { highest = Swift.max(highest, element.heldNode.height) }
        return highest + 1
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements, height: storage.height) }
    }

    /// Moves the elements' nodes onto `pending` when nothing else holds them, leaving the list
    /// empty; shared elements stay where they are (their other owner releases them).
    mutating func moveElements(into pending: inout [JSONNode]) {
        guard isKnownUniquelyReferenced(&storage) else { return }
        for element in storage.elements { pending.append(element.heldNode) }
        storage.elements = []
    }

    /// Element by element, in order, without recursing.
    package static func == (lhs: JSONList, rhs: JSONList) -> Bool {
        lhs.storage === rhs.storage || JSONNode.equal(lhs, rhs)
    }

    /// The count and each element's first level (``JSONNode/hashHead(into:)``): shallow at any depth.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { element.hashHead(into: &hasher) }
    }
}

extension JSONNode: JSONListElement {
    package var heldNode: JSONNode { self }

    package static func queue(_ a: JSONNode, _ b: JSONNode, into pending: inout [(JSONNode, JSONNode)]) -> Bool {
        pending.append((a, b))
        return true
    }
}

extension JSONMember: JSONListElement {
    package var heldNode: JSONNode { value }

    package func hashHead(into hasher: inout Hasher) {
        hasher.combine(key)
        value.hashHead(into: &hasher)
    }

    package static func queue(_ a: JSONMember, _ b: JSONMember, into pending: inout [(JSONNode, JSONNode)]) -> Bool {
        guard a.key == b.key else { return false }
        pending.append((a.value, b.value))
        return true
    }
}
