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
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || JSONGrammar.isDigit(byte) || byte == UInt8(ascii: "_")
    }

    mutating func scanNumber() throws(ParseWireError) {
        let start = position
        switch JSONGrammar.number(input, from: start) {
        case .valid(let end, let isInteger):
            appendScalar(.number, flags: isInteger ? JSONTape.numberIsInteger : 0, offset: start, length: end - start)
            position = end
        case .minusWithoutDigit(let infinity):
            if infinity { throw syntaxError("-Infinity is not a JSON value") }
            throw syntaxError(start + 1 < input.count ? "a '-' must be followed by a digit" : "unexpected end of input after '-'; expected a digit")
        case .leadingZero:
            throw syntaxError("numbers must not have leading zeros")
        case .pointWithoutDigit(let index):
            position = index
            throw syntaxError(index < input.count ? "a decimal point must be followed by a digit" : "unexpected end of input after a decimal point; expected a digit")
        case .exponentWithoutDigit(let index):
            position = index
            throw syntaxError(index < input.count ? "an exponent must have at least one digit" : "unexpected end of input in an exponent; expected a digit")
        }
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
            index = JSONGrammar.plainASCIIEnd(input, from: index)
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
        switch JSONGrammar.escape(input, at: index, marksLoneSurrogates: loneSurrogates == .marked) {
        case .valid(let end, let loneSurrogate):
            if loneSurrogate { flags |= JSONTape.stringHasLoneSurrogates }
            return end
        case .truncated:
            position = index
            throw syntaxError("unexpected end of input inside an escape sequence")
        case .notEscape:
            position = index
            throw syntaxError("\\\(describeByte(at: index + 1, quoted: false)) is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        case .badHex(let escapeStart, let atEnd):
            position = escapeStart
            throw syntaxError(atEnd ? "unexpected end of input inside a \\u escape; expected four hexadecimal digits"
                : "\\u must be followed by four hexadecimal digits")
        case .loneLow(let unit):
            position = index
            throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                 message: "\\u\(hex4(unit)) is a lone low surrogate; it must follow a high surrogate")
        case .highAtEnd(let unit):
            position = index
            throw syntaxError("unexpected end of input after \\u\(hex4(unit)), a high surrogate; expected the \\u escape of a low surrogate")
        case .loneHigh(let unit):
            throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                 message: "\\u\(hex4(unit)) is a lone high surrogate; it must be followed by a \\u escape of a low surrogate")
        case .highThenNotLow(let unit, let second):
            throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                 message: "\\u\(hex4(unit)) is a high surrogate followed by \\u\(hex4(second)), which is not a low surrogate")
        }
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629, JSON-2) at `index`; returns the index after it.
    private mutating func scanUTF8Sequence(at index: Int) throws(ParseWireError) -> Int {
        switch JSONGrammar.utf8Sequence(input, at: index) {
        case .valid(let end):
            return end
        case .badLead:
            throw invalidUTF8(at: index, "byte 0x\(hex2(input[index])) cannot start a UTF-8 sequence")
        case .truncated(let length):
            throw invalidUTF8(at: index, "unexpected end of input inside a \(length)-byte UTF-8 sequence")
        case .badSecond:
            throw invalidUTF8(at: index, "byte 0x\(hex2(input[index + 1])) cannot follow 0x\(hex2(input[index])) in UTF-8 (overlong, surrogate, or truncated sequence)")
        case .badContinuation(let byteIndex):
            throw invalidUTF8(at: index, "byte 0x\(hex2(input[byteIndex])) is not a UTF-8 continuation byte")
        }
    }
}
