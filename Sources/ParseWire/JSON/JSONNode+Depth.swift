/// Letting go of, comparing, hashing and printing JSON trees at any depth code can build, with a
/// work list instead of one stack frame per level (the algorithm of ``DeepRelease``, as values use).
///
/// The parser never builds a tree deeper than its limit, but code can: a tree built in a loop, or
/// converted from a value built in code.
extension JSONNode {
    /// How many containers deep the node nests: 0 for a scalar, one more than its highest child for
    /// an array or an object; O(1), as every list keeps its height.
    var height: Int {
        switch self {
        case .array(let elements): elements.height
        case .object(let members): members.height
        case .null, .bool, .number, .string: 0
        }
    }

    /// Moves the nodes this node alone holds onto `pending` and leaves `.null` in its place.
    mutating func moveChildren(into pending: inout [JSONNode]) {
        switch self {
        case .array(var elements):
            self = .null
            elements.moveElements(into: &pending)
        case .object(var members):
            self = .null
            members.moveElements(into: &pending)
        case .null, .bool, .number, .string:
            break
        }
    }

    /// Same kind and same content, members in order, compared with a work list of the pairs still
    /// to compare.
    package static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        var pending = [(lhs, rhs)]
        return equal(&pending)
    }

    /// Whether two lists hold equal elements in order, compared with a work list.
    static func equal<Element>(_ x: JSONList<Element>, _ y: JSONList<Element>) -> Bool {
        var pending: [(JSONNode, JSONNode)] = []
        return queue(x, y, &pending) && equal(&pending)
    }

    private static func equal(_ pending: inout [(JSONNode, JSONNode)]) -> Bool {
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null): continue
            case let (.bool(x), .bool(y)): guard x == y else { return false }
            case let (.number(x), .number(y)), let (.string(x), .string(y)): guard x == y else { return false }
            case let (.array(x), .array(y)): guard queue(x, y, &pending) else { return false }
            case let (.object(x), .object(y)): guard queue(x, y, &pending) else { return false }
            default: return false
            }
        }
        return true
    }

    private static func queue<Element>(_ x: JSONList<Element>, _ y: JSONList<Element>, _ pending: inout [(JSONNode, JSONNode)]) -> Bool {
        guard x.count == y.count else { return false }
        if x.storage === y.storage { return true }
        for (a, b) in zip(x, y) where !Element.queue(a, b, into: &pending) { return false }
        return true
    }

    /// Hashes the node and, of a container, the first level of what it holds, so hashing stays
    /// shallow at any depth (equal nodes still hash alike; deep differences only collide).
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .array(let elements): hasher.combine(4); hasher.combine(elements)
        case .object(let members): hasher.combine(5); hasher.combine(members)
        case .null, .bool, .number, .string: hashHead(into: &hasher)
        }
    }

    /// Hashes a scalar whole and a container by its kind and size.
    package func hashHead(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let text): hasher.combine(2); hasher.combine(text)
        case .string(let text): hasher.combine(3); hasher.combine(text)
        case .array(let elements): hasher.combine(4); hasher.combine(elements.count)
        case .object(let members): hasher.combine(5); hasher.combine(members.count)
        }
    }

    /// The node as compact JSON text: no whitespace, members in order, numbers as written.
    package var description: String {
        var text = ""
        writeCompact(to: &text, separator: ",", colon: ":")
        return text
    }

    /// Appends the node as JSON text with the given separators, keeping the containers being
    /// written (and how far each is) on the heap rather than one stack frame per level.
    package func writeCompact(to text: inout String, separator: String, colon: String) {
        var open: [(node: JSONNode, next: Int)] = []
        var current: JSONNode? = self
        while true {
            if let node = current {
                switch node {
                case .null: text += "null"
                case .bool(let value): text += value ? "true" : "false"
                case .number(let number): text += number
                case .string(let string): text += JSONNode.quoted(string)
                case .array: text += "["; open.append((node, 0))
                case .object: text += "{"; open.append((node, 0))
                }
                current = nil
            }
            guard let last = open.indices.last else { return }
            let next = open[last].next
            switch open[last].node {
            case .array(let elements):
                guard next < elements.count else {
                    text += "]"
                    open.removeLast()
                    continue
                }
                if next > 0 { text += separator }
                current = elements[next]
            case .object(let members):
                guard next < members.count else {
                    text += "}"
                    open.removeLast()
                    continue
                }
                if next > 0 { text += separator }
                text += JSONNode.quoted(members[next].key) + colon
                current = members[next].value
            case .null, .bool, .number, .string:
                preconditionFailure("only containers are open")
            }
            open[last].next = next + 1
        }
    }
}
