/// Converting one kind of tree into another with a work list instead of one stack frame per level:
/// the conversions between ``TVNValue`` and `ParseValue`, which code may call on a value built any
/// number of levels deep.
enum TreeConversion {
    /// How one node converts: at once, or from the conversions of the nodes it holds.
    enum Step<Source, Target, Failure: Error> {
        /// A node that holds no further nodes, converted.
        case leaf(Target)
        /// A node built from its children's conversions, in their order.
        case composite([Source], ([Target]) throws(Failure) -> Target)
    }

    /// Converts `root` depth first, children before their parent, keeping the path from the root
    /// to the node being converted on the heap.
    ///
    /// - Parameter step: converts a node or names its children and how to build it from theirs; it
    ///   must not convert the children itself (that would recurse).
    static func convert<Source, Target, Failure: Error>(
        _ root: Source, step: (Source) throws(Failure) -> Step<Source, Target, Failure>
    ) throws(Failure) -> Target {
        // Each open composite: its children, how to build it, and its children converted so far.
        var open: [(children: [Source], build: ([Target]) throws(Failure) -> Target, converted: [Target])] = []
        var next = root
        while true {
            var result: Target
            switch try step(next) {
            case .leaf(let target):
                result = target
            case .composite(let children, let build):
                guard let first = children.first else {
                    result = try build([])
                    break
                }
                open.append((children, build, []))
                next = first
                continue
            }
            // Hand the result to its parent; build every parent whose children are all converted.
            while true {
                guard !open.isEmpty else { return result }
                let last = open.count - 1
                open[last].converted.append(result)
                let position = open[last].converted.count
                if position < open[last].children.count {
                    next = open[last].children[position]
                    break
                }
                let finished = open.removeLast()
                result = try finished.build(finished.converted)
            }
        }
    }
}
