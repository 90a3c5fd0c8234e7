/// The Codable encoder's output, in memory it manages itself: appending a few bytes costs a
/// capacity check and a copy, without an `Array`'s uniqueness check and generic append, which
/// measured a seventh of the instructions of encoding a typical object.
///
/// The owner calls ``deallocate()`` once, when it is done.
struct OutputBuffer: JSONOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        let added = bytes.count
        if capacity - count < added { grow(toAtLeast: count + added) }
        if let source = bytes.baseAddress { (base + count).update(from: source, count: added) }
        count += added
    }

    /// Appends `added` bytes that `body` writes at the pointer it is given.
    @inline(__always) mutating func append(count added: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if capacity - count < added { grow(toAtLeast: count + added) }
        body(base + count)
        count += added
    }

    /// Appends the bytes `body` writes, at most `maximum`, at the pointer it is given; `body`
    /// returns how many it wrote.
    @inline(__always) mutating func append(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - count < maximum { grow(toAtLeast: count + maximum) }
        let written = body(base + count)
        precondition(written <= maximum, "wrote past the room asked for")
        count += written
    }

    /// A string's worst case is reserved here, not copied, so longer strings are written in one
    /// step too; beyond this, reserving six times the string could grow the buffer needlessly.
    static var stringInOneStepLimit: Int { 4096 }

    @inline(never) private mutating func grow(toAtLeast minimum: Int) {
        var larger = capacity * 2
        while larger < minimum { larger *= 2 }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        storage.update(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = larger
    }

    /// The first byte written, if any.
    var first: UInt8? { count > 0 ? base[0] : nil }

    /// Drops the bytes from `position` on.
    mutating func truncate(to position: Int) {
        precondition(position >= 0 && position <= count)
        count = position
    }

    /// Runs `body` on the bytes written from `position` on.
    func withBytes<R>(from position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base + position, count: count - position))
    }

    /// Drops everything written, for the next document; memory beyond
    /// ``WireEncodingState/keptCapacity`` is given back.
    mutating func removeAll() {
        count = 0
        if capacity > WireEncodingState.keptCapacity {
            base.deallocate()
            capacity = 512
            base = .allocate(capacity: capacity)
        }
    }

    /// A copy of everything written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func deallocate() {
        base.deallocate()
    }
}
