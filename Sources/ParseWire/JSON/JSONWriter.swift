/// Something bytes are appended to: a `[UInt8]`, a ``JSONWriter``, or the Codable encoder's
/// output buffer. The writers of numbers and JSON text are generic over it, so that each output
/// gets them specialised.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// Appends the bytes `body` writes at the pointer it is given, which has room for `maximum`
    /// bytes; `body` returns how many it wrote (at most `maximum`).
    mutating func append(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
}

extension ByteSink {
    /// Through a temporary buffer (on the stack up to 1 KiB), copied in once: for sinks that
    /// cannot hand out their own uninitialised memory.
    @inline(__always) mutating func appendThroughTemporary(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { temporary in
            let written = body(temporary.baseAddress!)
            append(bytes: UnsafeBufferPointer(rebasing: temporary[..<written]))
        }
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }

    mutating func append(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        appendThroughTemporary(atMost: maximum, body)
    }
}

/// Writes JSON text into a byte buffer, with the escaping parse-server's `JSON.stringify` uses (STR-1).
///
/// Only `"`, `\` and control characters are escaped (`\b \f \n \r \t`, others as lowercase
/// `\u00XX`); `/` and non-ASCII characters are written as they are. The writer does no
/// structural bookkeeping: its callers write commas and brackets themselves, which keeps the hot
/// path free of state checks.
struct JSONWriter: JSONOutput {
    var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always) mutating func append(bytes text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    @inline(__always) mutating func append(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        appendThroughTemporary(atMost: maximum, body)
    }
}

/// The JSON text writers, for any byte sink.
protocol JSONOutput: ByteSink {
    /// The longest string (in UTF-8 bytes) written in one step into room for its worst case,
    /// every byte escaped as `\u00XX`; a longer one is written run by run.
    static var stringInOneStepLimit: Int { get }
}

extension JSONOutput {
    @inline(__always) mutating func write(_ byte: UInt8) {
        append(byte)
    }

    @inline(__always) mutating func write(ascii text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    /// Writes `"key":`.
    mutating func writeKey(_ key: String) {
        writeString(key)
        append(UInt8(ascii: ":"))
    }

    /// Writes `"key":` for a key known to need no escaping.
    mutating func writeKey(unescaped utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        append(atMost: count + 3) { out in
            out[0] = UInt8(ascii: "\"")
            if let source = utf8.baseAddress { (out + 1).update(from: source, count: count) }
            out[count + 1] = UInt8(ascii: "\"")
            out[count + 2] = UInt8(ascii: ":")
            return count + 3
        }
    }

    /// 170 bytes: their worst case, 1,022, fits the stack buffer of ``ByteSink/appendThroughTemporary(atMost:_:)``.
    static var stringInOneStepLimit: Int { 170 }

    /// Writes a string literal with minimal escaping.
    mutating func writeString(_ string: String) {
        // A native string lends its bytes without the copy (and its reference counting) of `withUTF8`.
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeString(utf8: $0) }
        if written == nil {
            var string = string
            string.withUTF8 { writeString(utf8: $0) }
        }
    }

    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.count <= Self.stringInOneStepLimit {
            append(atMost: utf8.count * 6 + 2) { JSONEscaping.writeQuoted(utf8, to: $0) }
            return
        }
        append(UInt8(ascii: "\""))
        guard let base = utf8.baseAddress else {
            append(UInt8(ascii: "\""))
            return
        }
        let count = utf8.count
        var runStart = 0
        var index = 0
        while index < count {
            // Eight bytes at a time while none of them needs an escape.
            if index + 8 <= count, !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if runStart < index { append(bytes: UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
                writeEscape(byte)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { append(bytes: UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
        append(UInt8(ascii: "\""))
    }

    /// Whether any of eight bytes is a control character, `"` or `\`: the classic test for a
    /// byte below a bound, `(x - n·ones) & ~x & highs`, on the word and on its XOR with each
    /// character (a byte equal to the character becomes zero). Exact as a yes/no answer.
    @inline(__always) static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highs != 0
    }

    private mutating func writeEscape(_ byte: UInt8) {
        append(atMost: 6) { JSONEscaping.writeByte(byte, to: $0) }
    }
}

/// Writes a string literal straight into memory with room for its worst case: eight bytes at a
/// time while none needs an escape, so that a clean string costs one check and one copy per word.
enum JSONEscaping {
    /// Writes `utf8` quoted and escaped at `out`, which has room for `utf8.count * 6 + 2` bytes;
    /// returns how many bytes it wrote.
    @inline(__always)
    static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        let count = utf8.count
        guard let base = utf8.baseAddress, count > 0 else {
            out[1] = UInt8(ascii: "\"")
            return 2
        }
        let source = UnsafeRawPointer(base)
        var written = 1
        var index = 0
        if count < 8 {
            if copyShortIfClean(source, count, to: out + 1) {
                written += count
                index = count
            }
        } else {
            while index + 8 <= count {
                let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if JSONWriter.mayNeedEscape(word) {
                    for offset in index..<(index + 8) { written += writeByte(base[offset], to: out + written) }
                } else {
                    UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
                    written += 8
                }
                index += 8
            }
            let rest = count - index
            if rest > 0 {
                // The last eight bytes, overlapping some already written: when none of them needs an
                // escape, the overlapped ones were copied as they are, so the word goes just before
                // where the rest would.
                let word = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                if !JSONWriter.mayNeedEscape(word) {
                    UnsafeMutableRawPointer(out + written - (8 - rest)).storeBytes(of: word, as: UInt64.self)
                    written += rest
                    index = count
                }
            }
        }
        while index < count {
            written += writeByte(base[index], to: out + written)
            index += 1
        }
        out[written] = UInt8(ascii: "\"")
        return written + 1
    }

    /// Copies fewer than eight bytes (one or more) when none needs an escape, and says whether it
    /// did: two overlapping loads cover them, and padding of spaces fills the word checked.
    @inline(__always)
    private static func copyShortIfClean(_ source: UnsafeRawPointer, _ count: Int, to out: UnsafeMutablePointer<UInt8>) -> Bool {
        let target = UnsafeMutableRawPointer(out)
        if count >= 4 {
            let low = source.loadUnaligned(as: UInt32.self)
            let high = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            guard !JSONWriter.mayNeedEscape(UInt64(low) | UInt64(high) << 32) else { return false }
            target.storeBytes(of: low, as: UInt32.self)
            target.storeBytes(of: high, toByteOffset: count - 4, as: UInt32.self)
        } else if count >= 2 {
            let low = source.loadUnaligned(as: UInt16.self)
            let high = source.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
            guard !JSONWriter.mayNeedEscape(UInt64(low) | UInt64(high) << 16 | 0x2020_2020_0000_0000) else { return false }
            target.storeBytes(of: low, as: UInt16.self)
            target.storeBytes(of: high, toByteOffset: count - 2, as: UInt16.self)
        } else {
            let byte = source.load(as: UInt8.self)
            guard !JSONWriter.mayNeedEscape(UInt64(byte) | 0x2020_2020_2020_2000) else { return false }
            out[0] = byte
        }
        return true
    }

    /// Writes one byte, escaped if it must be; returns how many bytes that took (1, 2 or 6).
    @inline(__always)
    static func writeByte(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            out[0] = byte
            return 1
        }
        out[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
        case 0x08: out[1] = UInt8(ascii: "b")
        case 0x0C: out[1] = UInt8(ascii: "f")
        case 0x0A: out[1] = UInt8(ascii: "n")
        case 0x0D: out[1] = UInt8(ascii: "r")
        case 0x09: out[1] = UInt8(ascii: "t")
        default:
            let digits: StaticString = "0123456789abcdef"
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = digits.utf8Start[Int(byte >> 4)]
            out[5] = digits.utf8Start[Int(byte & 0xF)]
            return 6
        }
        return 2
    }
}
