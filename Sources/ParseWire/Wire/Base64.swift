/// Base64 (RFC 4648 §4) for Bytes values: canonical writing, strict reading with named leniencies.
///
/// Canonical is what parse-server writes (Node's `buffer.toString('base64')`): the standard
/// alphabet, `=` padding to a multiple of 4, no whitespace, zero bits after the last byte.
enum Base64 {
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// The 6-bit value of each byte: 0–63, or one of the markers below.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, byte) in UnsafeBufferPointer(start: alphabet.utf8Start, count: 64).enumerated() {
            table[Int(byte)] = UInt8(value)
        }
        table[Int(UInt8(ascii: "-"))] = urlSafe62
        table[Int(UInt8(ascii: "_"))] = urlSafe63
        table[Int(UInt8(ascii: "="))] = padding
        for byte in [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")] {
            table[Int(byte)] = whitespace
        }
        return table
    }()
    private static let urlSafe62: UInt8 = 0x40
    private static let urlSafe63: UInt8 = 0x41
    private static let padding: UInt8 = 0x42
    private static let whitespace: UInt8 = 0x43
    private static let invalid: UInt8 = 0xFF

    // MARK: - Writing

    /// How many bytes of text the canonical base64 of `count` bytes takes.
    static func encodedCount(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }

    /// Appends the canonical base64 of `data`.
    ///
    /// Room is made geometrically: `reserveCapacity` alone grows to the exact size asked, so a
    /// document of many small Bytes values would be copied once per value.
    static func append(_ data: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        let start = text.count
        let added = encodedCount(data.count)
        guard added > 0 else { return }
        if start + added > text.capacity { text.reserveCapacity(max(start + added, 2 * text.capacity)) }
        text.append(contentsOf: repeatElement(0, count: added))
        text.withUnsafeMutableBufferPointer { write(data, to: $0.baseAddress! + start) }
    }

    /// Writes the canonical base64 of `data` at `text`, which has room for
    /// ``encodedCount(_:)`` bytes: the one encoding loop, for every output.
    static func write(_ data: UnsafeBufferPointer<UInt8>, to text: UnsafeMutablePointer<UInt8>) {
        let table = alphabet.utf8Start
        var index = 0
        var out = text
        while index + 3 <= data.count {
            let group = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2])
            out[0] = table[Int(group >> 18)]
            out[1] = table[Int(group >> 12 & 0x3F)]
            out[2] = table[Int(group >> 6 & 0x3F)]
            out[3] = table[Int(group & 0x3F)]
            out += 4
            index += 3
        }
        switch data.count - index {
        case 1:
            let group = UInt32(data[index]) << 16
            out[0] = table[Int(group >> 18)]
            out[1] = table[Int(group >> 12 & 0x3F)]
            out[2] = UInt8(ascii: "=")
            out[3] = UInt8(ascii: "=")
        case 2:
            let group = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8
            out[0] = table[Int(group >> 18)]
            out[1] = table[Int(group >> 12 & 0x3F)]
            out[2] = table[Int(group >> 6 & 0x3F)]
            out[3] = UInt8(ascii: "=")
        default:
            break
        }
    }

    // MARK: - Reading

    /// Decodes base64 text.
    /// - Parameters:
    ///   - text: The text, already unescaped from JSON.
    ///   - leniency: Which non-canonical spellings to accept.
    /// - Returns: The bytes.
    /// - Throws: `invalid-base64`, naming the first offending character and its position in the text.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, leniency: Base64Leniency) throws(ParseWireError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 + 2)
        var group: UInt32 = 0
        var symbols = 0
        var paddingCount = 0
        var lastSymbolPosition = 0
        for position in 0..<text.count {
            let byte = text[position]
            var value = values[Int(byte)]
            switch value {
            case whitespace:
                guard leniency.allowsWhitespace else {
                    throw failure(text, "it has whitespace at character \(position) (enable Base64Whitespace to accept it)")
                }
                continue
            case padding:
                paddingCount += 1
                continue
            case urlSafe62, urlSafe63:
                guard leniency.allowsURLSafeAlphabet else {
                    throw failure(text, "'\(Character(UnicodeScalar(byte)))' at character \(position) is URL-safe base64; "
                        + "Parse writes '+' and '/' (enable Base64URLSafe to accept it)")
                }
                value = value == urlSafe62 ? 62 : 63
            case invalid:
                throw failure(text, "\(describe(byte)) at character \(position) is not a base64 character")
            default:
                break
            }
            guard paddingCount == 0 else {
                throw failure(text, "'=' padding may only end the text, but character \(position) follows it")
            }
            group = group << 6 | UInt32(value)
            symbols += 1
            lastSymbolPosition = position
            if symbols == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                symbols = 0
            }
        }
        let expectedPadding = symbols == 0 ? 0 : 4 - symbols
        if symbols == 1 {
            throw failure(text, "it has \(output.count / 3 * 4 + 1) base64 characters; a final group of one character holds no whole byte")
        }
        if paddingCount != expectedPadding {
            guard leniency.allowsMissingPadding, paddingCount < expectedPadding else {
                throw failure(text, expectedPadding == 0
                    ? "it ends with \(paddingCount) '=' where no padding belongs"
                    : "it ends with \(paddingCount) '=' where \(expectedPadding) belong\(expectedPadding == 1 ? "s" : "") (enable Base64Unpadded to accept missing padding)")
            }
        }
        switch symbols {
        case 2:
            if group & 0xF != 0 && !leniency.allowsNonZeroPadBits {
                throw nonZeroBits(text, at: lastSymbolPosition)
            }
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            if group & 0x3 != 0 && !leniency.allowsNonZeroPadBits {
                throw nonZeroBits(text, at: lastSymbolPosition)
            }
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            break
        }
        return output
    }

    private static func nonZeroBits(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> ParseWireError {
        failure(text, "character \(position) has unused low bits that are not zero, so the text is not the canonical spelling "
            + "of its bytes (enable Base64NonZeroPadBits to accept it)")
    }

    private static func failure(_ text: UnsafeBufferPointer<UInt8>, _ reason: String) -> ParseWireError {
        ParseWireError(.invalidBase64, message: "\(JSONStrings.quoted(String(decoding: text, as: UTF8.self))) is not canonical base64: \(reason)")
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(hex2(byte))"
    }
}
