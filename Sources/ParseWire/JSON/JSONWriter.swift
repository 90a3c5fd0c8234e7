/// Writes JSON text into a byte buffer, with the escaping parse-server's `JSON.stringify` uses.
///
/// Only `"`, `\` and control characters are escaped (`\b \f \n \r \t`, others as lowercase
/// `\u00XX`); `/` and non-ASCII characters are written as they are. The writer does no
/// structural bookkeeping: its callers write commas and brackets themselves, which keeps the hot
/// path free of state checks.
struct JSONWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) mutating func write(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always) mutating func write(ascii text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes `"key":`.
    mutating func writeKey(_ key: String) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `"key":` for a key known to need no escaping.
    mutating func writeKey(unescaped utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes a string literal with minimal escaping.
    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            writeEscape(byte)
            runStart = index + 1
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count])) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let digits: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      digits.utf8Start[Int(byte >> 4)], digits.utf8Start[Int(byte & 0xF)]])
        }
    }
}
