/// The JSON grammar's rules for the bytes of a token (RFC 8259, JSON-1 to JSON-4), in one home for
/// the two readers that apply them: ``JSONScanner``, which turns a failure into an error with its
/// message, offset and path, and ``GeneratedDirectReader``, which refuses on any failure and hands the
/// document to the scanner. Each rule returns where the token ends, or what is wrong with it.
///
/// The rules are inlinable so that generated code reading a document directly gets them in its own
/// loops; they read `input` only inside its bounds.
@usableFromInline
enum JSONGrammar {
    /// JSON-4: space, tab, line feed and carriage return only.
    @inlinable @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// Whether `byte` is an ASCII digit.
    @inlinable @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    // MARK: - Strings

    /// The index of the first byte at or after `start` that ends a run of plain string bytes:
    /// a control character, `"`, `\\` or a byte of a multi-byte UTF-8 sequence; `input.count`
    /// if there is none.
    ///
    /// Eight bytes at a time: in a word of eight bytes, the high bit of each byte of `special`
    /// is set when that byte is less than 0x20, a quote, a backslash, or 0x80 and above. Borrows
    /// in the subtractions run only upwards from a byte that is itself special, so the lowest
    /// flagged byte is exactly the first special byte, which is all this needs.
    @inlinable @inline(__always)
    static func plainASCIIEnd(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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

    /// What ``utf8Sequence(_:at:)`` found.
    @usableFromInline
    enum UTF8Sequence {
        /// A valid sequence, and the index after it.
        case valid(end: Int)
        /// The first byte cannot start a sequence.
        case badLead
        /// The input ends inside a sequence of `length` bytes.
        case truncated(length: Int)
        /// The second byte cannot follow the first (overlong, surrogate, or truncated sequence).
        case badSecond
        /// The byte at `index` is not a continuation byte.
        case badContinuation(index: Int)
    }

    /// Validates the multi-byte UTF-8 sequence at `index`, whose first byte is 0x80 or above
    /// (RFC 3629, JSON-2).
    @inlinable
    static func utf8Sequence(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> UTF8Sequence {
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
        default: return .badLead
        }
        guard index + length <= input.count else { return .truncated(length: length) }
        let second = input[index + 1]
        guard second >= low && second <= high else { return .badSecond }
        for offset in 2..<length where input[index + offset] & 0xC0 != 0x80 { return .badContinuation(index: index + offset) }
        return .valid(end: index + length)
    }

    /// What ``escape(_:at:marksLoneSurrogates:)`` found.
    @usableFromInline
    enum Escape {
        /// A valid escape, the index after it, and whether it is a lone surrogate kept as marked.
        case valid(end: Int, loneSurrogate: Bool)
        /// The input ends right after the backslash.
        case truncated
        /// The byte after the backslash starts no escape.
        case notEscape
        /// The `\u` escape starting at `escapeStart` lacks its four hexadecimal digits; `atEnd`
        /// when the input ends first.
        case badHex(escapeStart: Int, atEnd: Bool)
        /// A low surrogate with no high surrogate before it.
        case loneLow(UInt16)
        /// A high surrogate at the end of the input, or before a lone backslash there.
        case highAtEnd(UInt16)
        /// A high surrogate not followed by a `\u` escape.
        case loneHigh(UInt16)
        /// A high surrogate followed by a `\u` escape that is not a low surrogate.
        case highThenNotLow(UInt16, UInt16)
    }

    /// Validates the escape at `index`, a backslash (STR-1). STR-3: a lone or reversed surrogate
    /// escape is a failure, unless `marksLoneSurrogates`, when it is valid and flagged.
    @inlinable
    static func escape(_ input: UnsafeBufferPointer<UInt8>, at index: Int, marksLoneSurrogates: Bool) -> Escape {
        guard index + 1 < input.count else { return .truncated }
        switch input[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return .valid(end: index + 2, loneSurrogate: false)
        case UInt8(ascii: "u"):
            guard let unit = hex4(input, at: index + 2) else { return .badHex(escapeStart: index, atEnd: hexEndsEarly(input, at: index + 2)) }
            if unit >= 0xDC00 && unit <= 0xDFFF {
                return marksLoneSurrogates ? .valid(end: index + 6, loneSurrogate: true) : .loneLow(unit)
            }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return .valid(end: index + 6, loneSurrogate: false) }
            let low = index + 6
            guard low + 1 < input.count, input[low] == UInt8(ascii: "\\"), input[low + 1] == UInt8(ascii: "u") else {
                if low == input.count || (low + 1 == input.count && input[low] == UInt8(ascii: "\\")) { return .highAtEnd(unit) }
                return marksLoneSurrogates ? .valid(end: low, loneSurrogate: true) : .loneHigh(unit)
            }
            guard let second = hex4(input, at: low + 2) else { return .badHex(escapeStart: low, atEnd: hexEndsEarly(input, at: low + 2)) }
            guard second >= 0xDC00 && second <= 0xDFFF else {
                // Marked, the next escape is read on its own.
                return marksLoneSurrogates ? .valid(end: low, loneSurrogate: true) : .highThenNotLow(unit, second)
            }
            return .valid(end: low + 6, loneSurrogate: false)
        default:
            return .notEscape
        }
    }

    /// The four hexadecimal digits at `index` as a code unit, or `nil` when there are not four.
    @inlinable
    static func hex4(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < input.count, let digit = hexDigit(input[index + offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Whether the input ends before four hexadecimal digits at `index` were found, rather than
    /// at a byte that is not one: the two messages of a bad `\u` escape.
    @usableFromInline
    static func hexEndsEarly(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var offset = 0
        while offset < 4, index + offset < input.count, hexDigit(input[index + offset]) != nil { offset += 1 }
        return index + offset == input.count
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inlinable @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    // MARK: - Numbers

    /// What ``number(_:from:)`` found.
    @usableFromInline
    enum Number {
        /// A valid number, the index after it, and whether it has neither fraction nor exponent.
        case valid(end: Int, isInteger: Bool)
        /// A `-` not followed by a digit (`infinity` when an `I` follows it).
        case minusWithoutDigit(infinity: Bool)
        /// A `0` followed by a digit.
        case leadingZero
        /// A `.` not followed by a digit: where a digit was expected.
        case pointWithoutDigit(at: Int)
        /// An `e` (and its sign) not followed by a digit: where a digit was expected.
        case exponentWithoutDigit(at: Int)
    }

    /// Reads the number starting at `start`, whose byte is `-` or a digit.
    @inlinable
    static func number(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Number {
        var index = start
        if input[index] == UInt8(ascii: "-") {
            index += 1
            guard index < input.count, isDigit(input[index]) else {
                return .minusWithoutDigit(infinity: index < input.count && input[index] == UInt8(ascii: "I"))
            }
        }
        if input[index] == UInt8(ascii: "0") {
            index += 1
            if index < input.count, isDigit(input[index]) { return .leadingZero }
        } else {
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        var isInteger = true
        if index < input.count, input[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < input.count, isDigit(input[index]) else { return .pointWithoutDigit(at: index) }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
            guard index < input.count, isDigit(input[index]) else { return .exponentWithoutDigit(at: index) }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        return .valid(end: index, isInteger: isInteger)
    }
}
