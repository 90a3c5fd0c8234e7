/// Reading a document into a tree: scanned once onto a tape, then built from the tape without
/// recursion, so that any depth the options allow is read on any thread.
extension JSONNode {
    /// A document as read by ``read(_:options:keptDepth:)``.
    package struct Reading {
        /// The tree, with every container nested deeper than the kept depth replaced by `null`.
        package var node: JSONNode
        /// How many containers deep the document nests: 0 for a scalar.
        package var depth: Int
    }

    /// Reads a whole document with `options`, keeping the containers at most `keptDepth` deep
    /// (the document itself is at depth 1); deeper ones are scanned as strictly, counted in
    /// ``Reading/depth``, and left out of the tree as `null`.
    /// - Throws: ``ParseWireError`` of kind `json-syntax`, `invalid-utf8`, `duplicate-key`,
    ///   `depth-limit` or `size-limit`, with the byte offset of the failure.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONScanOptions,
                             keptDepth: Int = .max) throws(ParseWireError) -> Reading {
        let tape = try JSONScanner.scan(bytes, options: options)
        return withExtendedLifetime(tape) { tree(tape.entries, input: bytes, keptDepth: keptDepth) }
    }

    /// An open container while the entries of its subtree are read.
    private struct Frame {
        /// The tape index after its subtree.
        let end: Int
        let isObject: Bool
        /// Whether it is in the tree (not deeper than the kept depth).
        let isKept: Bool
        var elements: [JSONNode] = []
        var members: [JSONMember] = []
        /// The name of the member whose value is read next.
        var key = ""
    }

    /// The tree of a scanned document; the tape is in document order, so one pass reads it.
    private static func tree(_ entries: UnsafeBufferPointer<JSONTape.Entry>, input: UnsafeBufferPointer<UInt8>,
                             keptDepth: Int) -> Reading {
        var stack: [Frame] = []
        var deepest = 0
        var index = 0
        while true {
            let entry = entries[index]
            let isKept = stack.last?.isKept ?? true
            index += 1
            var value: JSONNode
            switch entry.kind {
            case .null: value = .null
            case .trueLiteral: value = .bool(true)
            case .falseLiteral: value = .bool(false)
            case .string: value = isKept ? .string(JSONStrings.string(of: entry, in: input)) : .null
            case .number:
                let text = UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
                value = isKept ? .number(String(decoding: text, as: UTF8.self)) : .null
            case .array, .object:
                deepest = Swift.max(deepest, stack.count + 1)
                let isObject = entry.kind == .object
                var frame = Frame(end: Int(entry.next), isObject: isObject, isKept: isKept && stack.count < keptDepth)
                if frame.isKept {
                    // The tape knows the count: no array grows past what it holds.
                    if isObject { frame.members.reserveCapacity(Int(entry.length)) } else { frame.elements.reserveCapacity(Int(entry.length)) }
                }
                if entry.length > 0 {
                    if isObject {
                        if frame.isKept { frame.key = JSONStrings.string(of: entries[index], in: input) }
                        index += 1
                    }
                    stack.append(frame)
                    continue
                }
                value = !frame.isKept ? .null : isObject ? .object([]) : .array([])
            }
            // Attach the value to its container, closing every container that ends here.
            while let top = stack.indices.last {
                if stack[top].isKept {
                    if stack[top].isObject {
                        stack[top].members.append(JSONMember(key: stack[top].key, value: value))
                    } else {
                        stack[top].elements.append(value)
                    }
                }
                guard index == stack[top].end else {
                    if stack[top].isObject {
                        if stack[top].isKept { stack[top].key = JSONStrings.string(of: entries[index], in: input) }
                        index += 1
                    }
                    break
                }
                let frame = stack.removeLast()
                value = !frame.isKept ? .null : frame.isObject ? .object(frame.members) : .array(frame.elements)
            }
            if stack.isEmpty { return Reading(node: value, depth: deepest) }
        }
    }
}
