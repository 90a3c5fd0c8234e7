/// The class instances being encoded, outermost first, to turn a reference cycle into an error.
///
/// A short stack is scanned. Past ``scanLimit`` instances, a table of counts by hash is kept as
/// well, so that an instance that is not on the stack, which is every instance of a document
/// without a cycle, is almost always known absent without a scan: deep documents of objects
/// then cost the same per level at any depth.
///
/// The owner calls ``deallocate()`` once, when it is done.
struct ActiveObjects {
    private var stack: [ObjectIdentifier] = []
    /// Counts of the instances on the stack by ``slot(of:)``, once the stack has grown past ``scanLimit``.
    private var counts: UnsafeMutablePointer<UInt32>?

    static let scanLimit = 32
    private static let slotBits = 12

    private static func slot(of identity: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: identity) &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - slotBits))
    }

    func contains(_ identity: ObjectIdentifier) -> Bool {
        if let counts, counts[Self.slot(of: identity)] == 0 { return false }
        return stack.contains(identity)
    }

    mutating func push(_ identity: ObjectIdentifier) {
        stack.append(identity)
        if let counts {
            counts[Self.slot(of: identity)] += 1
        } else if stack.count > Self.scanLimit {
            let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << Self.slotBits)
            table.initialize(repeating: 0, count: 1 << Self.slotBits)
            for active in stack { table[Self.slot(of: active)] += 1 }
            counts = table
        }
    }

    mutating func pop() {
        let identity = stack.removeLast()
        if let counts { counts[Self.slot(of: identity)] -= 1 }
    }

    /// Forgets every instance (a document that failed leaves some), keeping the stack's memory.
    mutating func removeAll() {
        stack.removeAll(keepingCapacity: true)
        counts?.deallocate()
        counts = nil
    }

    func deallocate() {
        counts?.deallocate()
    }
}
