/// Something bytes are appended to: a `[UInt8]`, a ``JSONWriter``, or the Codable encoder's
/// output buffer. The writers of numbers and JSON text are generic over it, so that each output
/// gets them specialised.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
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
}

/// The JSON text writers, for any byte sink.
protocol JSONOutput: ByteSink {}

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
        append(UInt8(ascii: "\""))
        append(bytes: utf8)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
    }

    /// Writes a string literal with minimal escaping.
    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
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
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x08: append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "f"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            let digits: StaticString = "0123456789abcdef"
            append(UInt8(ascii: "u"))
            append(UInt8(ascii: "0"))
            append(UInt8(ascii: "0"))
            append(digits.utf8Start[Int(byte >> 4)])
            append(digits.utf8Start[Int(byte & 0xF)])
        }
    }
}
