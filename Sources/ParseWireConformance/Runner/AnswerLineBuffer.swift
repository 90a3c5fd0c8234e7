/// The bytes an adapter has written to standard output and the runner has not yet consumed, cut
/// into lines.
///
/// Reading is linear in the bytes read: each byte is searched for the newline once, however many
/// reads a long line takes (searching the whole buffer after every 64 KB read made a 50 MB
/// answer take 5 s). Consumed lines are dropped from the front only once they are most of the
/// buffer, so a run of short lines does not shift the buffer each time.
package struct AnswerLineBuffer {
    /// A line longer than this, in bytes, is not waited for to its end.
    package let limit: Int
    private var storage: [UInt8] = []
    /// Where the unconsumed bytes start.
    private var start = 0
    /// Where the next newline search starts: every byte before it (from `start`) is not a newline.
    private var searched = 0
    /// Every byte the newline search has looked at; lets a test prove the search is linear.
    package private(set) var bytesSearched = 0

    /// Creates an empty buffer for lines of at most `limit` bytes.
    package init(limit: Int) {
        self.limit = limit
    }

    /// The unconsumed bytes.
    package var unconsumedCount: Int { storage.count - start }

    /// Whether the unconsumed bytes, with no newline among them, are already longer than ``limit``.
    package var isOverlong: Bool { unconsumedCount > limit }

    /// Appends what was read.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start >= storage.count / 2 {
            storage.removeSubrange(..<start)
            searched -= start
            start = 0
        }
        storage.append(contentsOf: bytes)
    }

    /// The next complete line, without its newline, passed to `body`; `nil` when no line is complete.
    package mutating func nextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        let newline: Int? = storage.withUnsafeBufferPointer { buffer in
            var index = searched
            while index < buffer.count, buffer[index] != 0x0A { index += 1 }
            bytesSearched += index - searched
            searched = index
            return index < buffer.count ? index : nil
        }
        guard let newline else { return nil }
        let lineStart = start
        start = newline + 1
        searched = start
        return try storage.withUnsafeBufferPointer { buffer in try body(UnsafeBufferPointer(rebasing: buffer[lineStart..<newline])) }
    }

    /// An answer line as text, or a protocol violation when its bytes are not UTF-8
    /// (`Vectors/INTERPRETING.md` §9). The bytes are never repaired: replacing a bad byte with U+FFFD
    /// would let an adapter that writes a raw 0xFF where U+FFFD belongs pass a case whose value holds it.
    package static func text(of line: UnsafeBufferPointer<UInt8>) -> ExchangeResult {
        if let text = String(validating: line, as: UTF8.self) { return .line(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = line.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &bytes) { offset += scalar.count }
        let byte = offset < line.count ? String(line[offset], radix: 16, uppercase: true) : "?"
        return .violation("the answer line is not valid UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset))")
    }
}
