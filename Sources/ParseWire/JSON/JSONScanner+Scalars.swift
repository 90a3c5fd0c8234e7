/// The scanner's scalars: literals, numbers and strings (with their escapes and UTF-8).
extension JSONScanner {
    mutating func scanLiteral(_ word: StaticString, _ kind: JSONTape.Kind) throws(ParseWireError) {
        let length = word.utf8CodeUnitCount
        let start = position
        var matches = start + length <= input.count
        if matches {
            let bytes = word.utf8Start
            for index in 0..<length where input[start + index] != bytes[index] {
                matches = false
                break
            }
        }
        guard matches else {
            // A literal cut short by the end of the input is a truncated document, not a typo.
            let available = input.count - start
            if available < length, (0..<available).allSatisfy({ input[start + $0] == word.utf8Start[$0] }) {
                throw syntaxError("unexpected end of input inside the literal '\(word)'")
            }
            // A near miss, whose second byte is the literal's (`trux`, `nulL`), names the literal;
            // any other word (`not json`, `nil`) is named as found.
            var end = start
            while end < input.count, end - start < 16, isWordByte(input[end]) { end += 1 }
            if end - start >= 2, input[start + 1] == word.utf8Start[1] {
                throw syntaxError("expected the literal '\(word)'")
            }
            let found = String(decoding: input[start..<max(end, start + 1)], as: UTF8.self)
            throw syntaxError("expected a JSON value, found '\(found)' (JSON's only bare words are null, true and false)")
        }
        appendScalar(kind, flags: 0, offset: start, length: length)
        position += length
    }

    /// An ASCII letter, digit or `_`: the bytes of a bare word an error names.
    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    mutating func scanNumber() throws(ParseWireError) {
        let start = position
        var index = position
        if input[index] == UInt8(ascii: "-") {
            index += 1
            guard index < input.count, isDigit(input[index]) else {
                if index < input.count, input[index] == UInt8(ascii: "I") {
                    throw syntaxError("-Infinity is not a JSON value")
                }
                throw syntaxError(index < input.count ? "a '-' must be followed by a digit" : "unexpected end of input after '-'; expected a digit")
            }
        }
        if input[index] == UInt8(ascii: "0") {
            index += 1
            if index < input.count, isDigit(input[index]) {
                throw syntaxError("numbers must not have leading zeros")
            }
        } else {
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        var isInteger = true
        if index < input.count, input[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < input.count, isDigit(input[index]) else {
                position = index
                throw syntaxError(index < input.count ? "a decimal point must be followed by a digit" : "unexpected end of input after a decimal point; expected a digit")
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
            guard index < input.count, isDigit(input[index]) else {
                position = index
                throw syntaxError(index < input.count ? "an exponent must have at least one digit" : "unexpected end of input in an exponent; expected a digit")
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        appendScalar(.number, flags: isInteger ? JSONTape.numberIsInteger : 0, offset: start, length: index - start)
        position = index
    }

    /// Scans a string starting at its opening quote, validating escapes and UTF-8.
    /// STR-2: a raw control character is refused.
    @inline(__always)
    mutating func scanString() throws(ParseWireError) {
        let start = position + 1
        var index = start
        var flags: UInt8 = 0
        let end = input.count
        while true {
            index = Self.skipPlainASCII(input, from: index)
            guard index < end else {
                position = start - 1
                throw syntaxError("unexpected end of input: the string starting here is never closed")
            }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONTape.stringHasEscapes
                index = try scanEscape(at: index, flags: &flags)
            } else if byte < 0x20 {
                position = index
                throw syntaxError("control character U+\(hex4(UInt16(byte))) must be escaped inside a string")
            } else {
                index = try scanUTF8Sequence(at: index)
            }
        }
        appendScalar(.string, flags: flags, offset: start, length: index - start)
        position = index + 1
    }

    /// Validates the escape at `index` (a backslash) and returns the index after it (STR-1; STR-3:
    /// a lone or reversed surrogate escape is refused, or read and flagged in `flags` when the
    /// options mark lone surrogates).
    private mutating func scanEscape(at index: Int, flags: inout UInt8) throws(ParseWireError) -> Int {
        guard index + 1 < input.count else {
            position = index
            throw syntaxError("unexpected end of input inside an escape sequence")
        }
        switch input[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try readHex4(at: index + 2, escapeStart: index)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                if loneSurrogates == .marked {
                    flags |= JSONTape.stringHasLoneSurrogates
                    return index + 6
                }
                position = index
                throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                     message: "\\u\(hex4(unit)) is a lone low surrogate; it must follow a high surrogate")
            }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return index + 6 }
            let low = index + 6
            guard low + 1 < input.count, input[low] == UInt8(ascii: "\\"), input[low + 1] == UInt8(ascii: "u") else {
                if low == input.count || (low + 1 == input.count && input[low] == UInt8(ascii: "\\")) {
                    position = index
                    throw syntaxError("unexpected end of input after \\u\(hex4(unit)), a high surrogate; expected the \\u escape of a low surrogate")
                }
                if loneSurrogates == .marked {
                    flags |= JSONTape.stringHasLoneSurrogates
                    return low
                }
                throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                     message: "\\u\(hex4(unit)) is a lone high surrogate; it must be followed by a \\u escape of a low surrogate")
            }
            let second = try readHex4(at: low + 2, escapeStart: low)
            guard second >= 0xDC00 && second <= 0xDFFF else {
                if loneSurrogates == .marked {
                    // The next escape is read on its own.
                    flags |= JSONTape.stringHasLoneSurrogates
                    return low
                }
                throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                     message: "\\u\(hex4(unit)) is a high surrogate followed by \\u\(hex4(second)), which is not a low surrogate")
            }
            return low + 6
        default:
            position = index
            throw syntaxError("\\\(describeByte(at: index + 1, quoted: false)) is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func readHex4(at index: Int, escapeStart: Int) throws(ParseWireError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < input.count, let digit = hexValue(input[index + offset]) else {
                position = escapeStart
                throw syntaxError(index + offset < input.count ? "\\u must be followed by four hexadecimal digits"
                    : "unexpected end of input inside a \\u escape; expected four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629, JSON-2) at `index`; returns the index after it.
    private mutating func scanUTF8Sequence(at index: Int) throws(ParseWireError) -> Int {
        let lead = input[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default:
            throw invalidUTF8(at: index, "byte 0x\(hex2(lead)) cannot start a UTF-8 sequence")
        }
        guard index + length <= input.count else {
            throw invalidUTF8(at: index, "unexpected end of input inside a \(length)-byte UTF-8 sequence")
        }
        let second = input[index + 1]
        guard second >= low && second <= high else {
            throw invalidUTF8(at: index, "byte 0x\(hex2(second)) cannot follow 0x\(hex2(lead)) in UTF-8 (overlong, surrogate, or truncated sequence)")
        }
        for offset in 2..<length where input[index + offset] & 0xC0 != 0x80 {
            throw invalidUTF8(at: index, "byte 0x\(hex2(input[index + offset])) is not a UTF-8 continuation byte")
        }
        return index + length
    }

    /// The index of the first byte at or after `index` that ends a run of plain string bytes:
    /// a control character, `"`, `\\` or a byte of a multi-byte UTF-8 sequence; `input.count`
    /// if there is none.
    ///
    /// Eight bytes at a time: in a word of eight bytes, the high bit of each byte of `special`
    /// is set when that byte is less than 0x20, a quote, a backslash, or 0x80 and above. Borrows
    /// in the subtractions run only upwards from a byte that is itself special, so the lowest
    /// flagged byte is exactly the first special byte, which is all this needs.
    @inline(__always)
    static func skipPlainASCII(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let end = input.count
        if let base = input.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let special = (word &- ones &* 0x20) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | word
                let flagged = special & highs
                if flagged != 0 { return index + flagged.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end {
            let byte = input[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 { break }
            index += 1
        }
        return index
    }
}
