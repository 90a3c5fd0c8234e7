/// The encoder's stack of open containers, in memory it manages itself: a frame is a few plain
/// integers, and an `Array` would check uniqueness and bounds on every member written.
///
/// The owner calls ``deallocate()`` once, when it is done.
struct FrameStack {
    private var base: UnsafeMutablePointer<WireEncodingState.Frame>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// The frame at `level`, which must be open.
    subscript(level: Int) -> WireEncodingState.Frame {
        unsafeAddress {
            precondition(level >= 0 && level < count, "a container was used after it was closed")
            return UnsafePointer(base + level)
        }
        unsafeMutableAddress {
            precondition(level >= 0 && level < count, "a container was used after it was closed")
            return base + level
        }
    }

    mutating func append(_ frame: WireEncodingState.Frame) {
        if count == capacity {
            let larger = UnsafeMutablePointer<WireEncodingState.Frame>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: frame)
        count += 1
    }

    mutating func removeLast() -> WireEncodingState.Frame {
        precondition(count > 0)
        count -= 1
        return (base + count).move()
    }

    /// Drops every frame, keeping the memory.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
