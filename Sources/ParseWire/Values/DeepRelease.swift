/// Letting go of a tree of values with a work list instead of one stack frame per level: the one
/// algorithm behind ``ParseValue``'s storage and the other recursive value types of the package
/// (the conformance runner's TVN values), so that each need only say how tall a node is and how
/// to take its children out.
package enum DeepRelease {
    /// The height below which a tree is let go of the runtime's way, one stack frame per level:
    /// 64 levels cost a few kilobytes of stack, and nearly every document is shallower.
    package static let shallow = 64

    /// Releases `pending` (nodes that the caller alone holds, such as the elements of a list being
    /// freed) without recursing: a node at least ``shallow`` high first moves the nodes it alone
    /// holds onto the list; a lower one is released at once.
    ///
    /// - Parameters:
    ///   - height: a node's height, read in O(1) (kept in its storage).
    ///   - moveChildren: moves the nodes a node alone holds onto the list and leaves it without them.
    package static func release<Node>(_ pending: inout [Node], height: (Node) -> Int,
                                      moveChildren: (inout Node, inout [Node]) -> Void) {
        while var node = pending.popLast() {
            if height(node) < shallow { continue }
            moveChildren(&node, &pending)
        }
    }
}
