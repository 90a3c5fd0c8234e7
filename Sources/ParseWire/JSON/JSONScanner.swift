/// Limits the scanner enforces so that hostile input cannot exhaust the stack or memory.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted. Default 512.
    ///
    /// The scanner itself never recurses, but every consumer of the tape (the wire decoder, the
    /// Codable bridge) walks it recursively; a document of 100,000 `[` would otherwise overflow the
    /// stack of whatever thread decodes it.
    public var maximumDepth: Int = 512
    /// The largest document accepted, in bytes. Default 2^32 − 1, the most the tape can address.
    ///
    /// Parse Server's own body limit is 20 MB (`maxUploadSize`); set this to match it when
    /// decoding untrusted input.
    public var maximumBytes: Int = Int(UInt32.max)

    /// The default limits.
    public init() {}
}

/// A one-pass, non-recursive, strict RFC 8259 scanner from UTF-8 bytes to a ``JSONTape``.
///
/// Strict means: UTF-8 is validated, `\u` escapes naming lone surrogates are rejected, object
/// keys must be unique (compared by their unescaped bytes), `NaN`, `Infinity`, leading zeros,
/// a byte-order mark and trailing garbage are rejected, control characters inside strings must
/// be escaped, and nesting is bounded by ``JSONLimits/maximumDepth``.
struct JSONScanner: ~Copyable {
    private let input: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var position = 0
    private var entries: [JSONTape.Entry] = []
    /// Open containers: the tape index of each, and of the last key read in it (for error paths).
    private var open: [(entry: Int, lastKey: Int)] = []

    private init(input: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.input = input
        self.limits = limits
    }

    /// Scans a whole document.
    /// - Throws: `ParseWireError` of kind `json-syntax`, `invalid-utf8`, `duplicate-key`,
    ///   `depth-limit` or `size-limit`, with the byte offset and the path of the failure.
    static func scan(_ input: UnsafeBufferPointer<UInt8>, limits: JSONLimits = JSONLimits()) throws(ParseWireError) -> JSONTape {
        var scanner = JSONScanner(input: input, limits: limits)
        try scanner.scanDocument()
        return JSONTape(entries: scanner.entries)
    }

    // MARK: - Document structure

    private mutating func scanDocument() throws(ParseWireError) {
        let maximumBytes = min(limits.maximumBytes, Int(UInt32.max))
        guard input.count <= maximumBytes else {
            throw ParseWireError(.sizeLimit, offset: 0, message: "the document is \(input.count) bytes; the limit is \(maximumBytes) bytes")
        }
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            throw syntaxError("the document starts with a UTF-8 byte-order mark; JSON text must not")
        }
        entries.reserveCapacity(input.count / 6 + 4)
        skipWhitespace()
        guard position < input.count else {
            throw syntaxError(input.isEmpty ? "the document is empty" : "the document holds only whitespace")
        }
        while true {
            // Expecting a value at `position`.
            try scanValueStart()
            // After a value: close containers, or move to the next member or element.
            while true {
                skipWhitespace()
                guard let top = open.last else {
                    guard position == input.count else {
                        throw syntaxError("unexpected \(describeByte(at: position)) after the end of the document")
                    }
                    return
                }
                entries[top.entry].length += 1
                guard position < input.count else {
                    throw syntaxError(entries[top.entry].kind == .object
                        ? "the document ends inside an object; expected ',' or '}'"
                        : "the document ends inside an array; expected ',' or ']'")
                }
                let byte = input[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if entries[top.entry].kind == .object { try scanKeyAndColon() }
                    break
                }
                if entries[top.entry].kind == .object {
                    guard byte == UInt8(ascii: "}") else {
                        throw syntaxError("expected ',' or '}' after an object member, found \(describeByte(at: position))")
                    }
                    try closeObject()
                } else {
                    guard byte == UInt8(ascii: "]") else {
                        throw syntaxError("expected ',' or ']' after an array element, found \(describeByte(at: position))")
                    }
                    closeArray()
                }
            }
        }
    }

    /// Scans the value starting at `position`: a scalar completely; for a container, its opening
    /// and then, in the same loop, its first child, so that nesting never recurses.
    /// Empty containers are closed at once and count as a completed value.
    private mutating func scanValueStart() throws(ParseWireError) {
        while true {
            guard position < input.count else { throw syntaxError("the document ends where a value was expected") }
            switch input[position] {
            case UInt8(ascii: "{"):
                try openContainer(.object)
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "}") {
                    closeEmpty()
                    return
                }
                try scanKeyAndColon()
            case UInt8(ascii: "["):
                try openContainer(.array)
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "]") {
                    closeEmpty()
                    return
                }
            case UInt8(ascii: "\""):
                return try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try scanNumber()
            case UInt8(ascii: "t"):
                return try scanLiteral("true", .trueLiteral)
            case UInt8(ascii: "f"):
                return try scanLiteral("false", .falseLiteral)
            case UInt8(ascii: "n"):
                return try scanLiteral("null", .null)
            case UInt8(ascii: "N"):
                throw syntaxError("NaN is not a JSON value")
            case UInt8(ascii: "I"):
                throw syntaxError("Infinity is not a JSON value")
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                throw syntaxError(open.isEmpty
                    ? "unexpected \(describeByte(at: position)) where a value was expected"
                    : "a value is missing before \(describeByte(at: position)) (trailing commas are not JSON)")
            default:
                throw syntaxError("expected a value, found \(describeByte(at: position))")
            }
        }
    }

    private mutating func openContainer(_ kind: JSONTape.Kind) throws(ParseWireError) {
        if open.count >= limits.maximumDepth {
            throw ParseWireError(.depthLimit, offset: position, path: currentPath(),
                                 message: "arrays and objects nest deeper than the limit of \(limits.maximumDepth)")
        }
        open.append((entries.count, -1))
        entries.append(JSONTape.Entry(kind: kind, flags: 0, offset: UInt32(position), length: 0, next: 0))
        position += 1
    }

    /// Closes a container that turned out empty; the caller then treats it as a finished value.
    private mutating func closeEmpty() {
        position += 1
        let top = open.removeLast()
        entries[top.entry].next = UInt32(entries.count)
    }

    private mutating func closeArray() {
        position += 1
        let top = open.removeLast()
        entries[top.entry].next = UInt32(entries.count)
    }

    private mutating func closeObject() throws(ParseWireError) {
        let top = open.last!
        entries[top.entry].next = UInt32(entries.count)
        try checkDuplicateKeys(objectIndex: top.entry)
        open.removeLast()
        position += 1
    }

    private mutating func scanKeyAndColon() throws(ParseWireError) {
        guard position < input.count else { throw syntaxError("the document ends where an object key was expected") }
        guard input[position] == UInt8(ascii: "\"") else {
            if input[position] == UInt8(ascii: "}") {
                throw syntaxError("a member is missing before '}' (trailing commas are not JSON)")
            }
            throw syntaxError("expected a string key in double quotes, found \(describeByte(at: position))")
        }
        open[open.count - 1].lastKey = entries.count
        try scanString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw syntaxError(position < input.count
                ? "expected ':' after an object key, found \(describeByte(at: position))"
                : "the document ends where ':' was expected")
        }
        position += 1
        skipWhitespace()
    }

    // MARK: - Scalars

    private mutating func scanLiteral(_ word: StaticString, _ kind: JSONTape.Kind) throws(ParseWireError) {
        let count = word.utf8CodeUnitCount
        let start = position
        var matches = start + count <= input.count
        if matches {
            let bytes = word.utf8Start
            for index in 0..<count where input[start + index] != bytes[index] {
                matches = false
                break
            }
        }
        guard matches else { throw syntaxError("expected the literal '\(word)'") }
        entries.append(JSONTape.Entry(kind: kind, flags: 0, offset: UInt32(start), length: UInt32(count), next: UInt32(entries.count + 1)))
        position += count
    }

    private mutating func scanNumber() throws(ParseWireError) {
        let start = position
        var index = position
        if input[index] == UInt8(ascii: "-") {
            index += 1
            guard index < input.count, isDigit(input[index]) else {
                if index < input.count, input[index] == UInt8(ascii: "I") {
                    throw syntaxError("-Infinity is not a JSON value")
                }
                throw syntaxError("a '-' must be followed by a digit")
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
                throw syntaxError("a decimal point must be followed by a digit")
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
            guard index < input.count, isDigit(input[index]) else {
                position = index
                throw syntaxError("an exponent must have at least one digit")
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        entries.append(JSONTape.Entry(kind: .number, flags: isInteger ? JSONTape.numberIsInteger : 0,
                                      offset: UInt32(start), length: UInt32(index - start), next: UInt32(entries.count + 1)))
        position = index
    }

    /// Scans a string starting at its opening quote, validating escapes and UTF-8.
    private mutating func scanString() throws(ParseWireError) {
        let start = position + 1
        var index = start
        var flags: UInt8 = 0
        let end = input.count
        while true {
            // Fast path: plain printable ASCII.
            while index < end {
                let byte = input[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 { break }
                index += 1
            }
            guard index < end else {
                position = start - 1
                throw syntaxError("the string starting here is never closed")
            }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags = JSONTape.stringHasEscapes
                index = try scanEscape(at: index)
            } else if byte < 0x20 {
                position = index
                throw syntaxError("control character U+\(hex4(UInt16(byte))) must be escaped inside a string")
            } else {
                index = try scanUTF8Sequence(at: index)
            }
        }
        entries.append(JSONTape.Entry(kind: .string, flags: flags, offset: UInt32(start),
                                      length: UInt32(index - start), next: UInt32(entries.count + 1)))
        position = index + 1
    }

    /// Validates the escape at `index` (a backslash) and returns the index after it.
    private mutating func scanEscape(at index: Int) throws(ParseWireError) -> Int {
        guard index + 1 < input.count else {
            position = index
            throw syntaxError("the document ends inside an escape sequence")
        }
        switch input[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try readHex4(at: index + 2, escapeStart: index)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                position = index
                throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                     message: "\\u\(hex4(unit)) is a lone low surrogate; it must follow a high surrogate")
            }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return index + 6 }
            let low = index + 6
            guard low + 1 < input.count, input[low] == UInt8(ascii: "\\"), input[low + 1] == UInt8(ascii: "u") else {
                throw ParseWireError(.invalidUTF8, offset: index, path: currentPath(),
                                     message: "\\u\(hex4(unit)) is a lone high surrogate; it must be followed by a \\u escape of a low surrogate")
            }
            let second = try readHex4(at: low + 2, escapeStart: low)
            guard second >= 0xDC00 && second <= 0xDFFF else {
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
                throw syntaxError("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629) at `index`; returns the index after it.
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
            throw invalidUTF8(at: index, "the document ends inside a \(length)-byte UTF-8 sequence")
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

    // MARK: - Duplicate keys

    /// Rejects an object whose keys repeat, comparing unescaped bytes (so `"a"` and `"\u0061"` clash).
    private mutating func checkDuplicateKeys(objectIndex: Int) throws(ParseWireError) {
        let count = Int(entries[objectIndex].length)
        guard count > 1 else { return }
        var keyIndices: [Int] = []
        keyIndices.reserveCapacity(count)
        var child = objectIndex + 1
        for _ in 0..<count {
            keyIndices.append(child)
            child = Int(entries[child + 1].next)
        }
        var anyEscaped = false
        for key in keyIndices where entries[key].flags & JSONTape.stringHasEscapes != 0 { anyEscaped = true }
        if count <= 16 && !anyEscaped {
            for i in 1..<count {
                for j in 0..<i where rawBytesEqual(keyIndices[i], keyIndices[j]) {
                    throw duplicateKey(keyIndices[i])
                }
            }
            return
        }
        var seen: Set<[UInt8]> = []
        seen.reserveCapacity(count)
        for key in keyIndices where !seen.insert(JSONStrings.unescapedBytes(of: entries[key], in: input)).inserted {
            throw duplicateKey(key)
        }
    }

    private func rawBytesEqual(_ a: Int, _ b: Int) -> Bool {
        let left = entries[a], right = entries[b]
        guard left.length == right.length else { return false }
        let leftStart = Int(left.offset), rightStart = Int(right.offset)
        for index in 0..<Int(left.length) where input[leftStart + index] != input[rightStart + index] {
            return false
        }
        return true
    }

    /// The error for the second occurrence of a key, placed at that key: its offset, and a path
    /// that ends in the key rather than in the object's last key.
    private mutating func duplicateKey(_ keyIndex: Int) -> ParseWireError {
        let key = JSONStrings.string(of: entries[keyIndex], in: input)
        open[open.count - 1].lastKey = keyIndex
        return ParseWireError(.duplicateKey, offset: Int(entries[keyIndex].offset) - 1, path: currentPath(),
                              message: "the key \(JSONStrings.quoted(key)) appears more than once in this object; Parse Server would silently keep only the last")
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func syntaxError(_ message: String) -> ParseWireError {
        ParseWireError(.jsonSyntax, offset: position, path: currentPath(), message: message)
    }

    private func invalidUTF8(at index: Int, _ message: String) -> ParseWireError {
        ParseWireError(.invalidUTF8, offset: index, path: currentPath(), message: "invalid UTF-8: \(message)")
    }

    /// The path of the value being scanned, from the open containers (only built for errors).
    private func currentPath() -> String {
        var path = WirePath()
        for frame in open {
            let container = entries[frame.entry]
            if container.kind == .array {
                path.append(index: Int(container.length))
            } else if frame.lastKey >= 0, frame.lastKey < entries.count {
                // A key still being scanned has no entry yet: the error is in that key, so the
                // path ends at its object.
                path.append(key: JSONStrings.string(of: entries[frame.lastKey], in: input))
            }
        }
        return path.description
    }

    private func describeByte(at index: Int, quoted: Bool = true) -> String {
        guard index < input.count else { return "the end of the document" }
        let byte = input[index]
        if byte >= 0x20 && byte < 0x7F {
            let character = String(UnicodeScalar(byte))
            return quoted ? "'\(character)'" : character
        }
        return "byte 0x\(hex2(byte))"
    }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

@inline(__always) func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

func hex4(_ unit: UInt16) -> String { hex2(UInt8(unit >> 8)) + hex2(UInt8(unit & 0xFF)) }
