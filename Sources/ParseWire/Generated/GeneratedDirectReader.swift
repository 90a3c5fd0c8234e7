import Foundation

/// The input of generated decoding's first try: the document's bytes, read once from the start
/// by generated code, with no tape in between.
///
/// It reads only the usual shape of a document, and refuses everything else by throwing
/// ``GeneratedWireFallback``: a key the type does not read, a key written with escapes, a non-null
/// ACL, an operation, a number an `Int` gets from a fraction or an exponent, and every error. ``ParseWireDecoder`` then reads the document from scratch as it would without this
/// reader: scanned, walked by generated code (``GeneratedWireReader``), or read by the Codable bridge,
/// which reports any error with its offset and path. So this reader never explains anything; it only
/// has to accept no more than the scanner does (the grammar is the scanner's own, `JSONGrammar`)
/// and read what it accepts as the bridge would.
///
/// Generated code receives it `inout` and cannot keep it: it is not copyable, and it reads the
/// caller's bytes only during the decode call that made it.
public struct GeneratedDirectReader: ~Copyable {
    @usableFromInline let input: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    @usableFromInline var position = 0
    /// Open arrays and objects, which ``JSONLimits/maximumDepth`` bounds.
    @usableFromInline var depth = 0
    @usableFromInline let maximumDepth: Int
    let dateLeniency: DateLeniency
    @usableFromInline let isBody: Bool

    /// The room a non-empty array or map is given before its count is known: growing from one
    /// element cost a Recipe read in an array 26,558 instructions, from four 23,971 (callgrind).
    @inlinable static var initialCapacity: Int { 4 }

    /// Reads `input` with `body`, which gets the reader `inout` and cannot keep it; refuses a
    /// document larger than the limit, and anything but whitespace after the value.
    static func withReader<R>(input: UnsafeBufferPointer<UInt8>, options: ParseWireDecodingOptions, mode: ParseWireMode,
                              _ body: (inout GeneratedDirectReader) throws(GeneratedWireFallback) -> R) throws(GeneratedWireFallback) -> R {
        let limits = options.wire.limits
        guard input.count <= min(limits.maximumBytes, Int(UInt32.max)), input.baseAddress != nil else { throw GeneratedWireFallback() }
        var reader = GeneratedDirectReader(input: input, maximumDepth: limits.maximumDepth, dateLeniency: options.wire.dateLeniency,
                                           isBody: mode.isBody)
        let value = try body(&reader)
        reader.skipWhitespace()
        guard reader.position == input.count else { throw GeneratedWireFallback() }
        return value
    }

    private init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int, dateLeniency: DateLeniency, isBody: Bool) {
        self.input = input
        self.maximumDepth = maximumDepth
        self.dateLeniency = dateLeniency
        self.isBody = isBody
    }

    // MARK: - Structure

    /// JSON-4: skips space, tab, line feed and carriage return.
    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        // Compact JSON, the common case, has none: one comparison decides.
        if position < input.count, input[position] > UInt8(ascii: " ") { return }
        while position < input.count, JSONGrammar.isWhitespace(input[position]) { position += 1 }
    }

    /// Skips whitespace and reads `byte`.
    @inlinable @inline(__always)
    mutating func expect(_ byte: UInt8) throws(GeneratedWireFallback) {
        skipWhitespace()
        guard position < input.count, input[position] == byte else { throw GeneratedWireFallback() }
        position += 1
    }

    /// Reads the opening of an object or an array, within the depth limit; `false` for an empty one,
    /// which is then read whole.
    @inlinable
    mutating func open(_ opening: UInt8, _ closing: UInt8) throws(GeneratedWireFallback) -> Bool {
        try expect(opening)
        depth += 1
        guard depth <= maximumDepth else { throw GeneratedWireFallback() }
        skipWhitespace()
        guard position < input.count, input[position] == closing else { return true }
        position += 1
        depth -= 1
        return false
    }

    /// After a member or an element: `true` at a comma, `false` at the container's end.
    @inlinable @inline(__always)
    mutating func next(_ closing: UInt8) throws(GeneratedWireFallback) -> Bool {
        skipWhitespace()
        guard position < input.count else { throw GeneratedWireFallback() }
        let byte = input[position]
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == closing else { throw GeneratedWireFallback() }
        depth -= 1
        return false
    }

    /// Starts a nested struct or a map: `false` for `{}`.
    @inlinable
    public mutating func beginObject() throws(GeneratedWireFallback) -> Bool {
        try open(UInt8(ascii: "{"), UInt8(ascii: "}"))
    }

    /// Starts a Parse object: the root of a document (a body in the body modes), or an element of
    /// a fetched array.
    ///
    /// - Parameter className: The type's class, which an object written in the value mode names.
    /// - Returns: The object, whose members generated code then reads while it is not empty.
    @inlinable
    public mutating func beginParseObject(className: String) throws(GeneratedWireFallback) -> GeneratedDirectObject {
        let isBody = depth == 0 && self.isBody
        return GeneratedDirectObject(isBody: isBody, isEmpty: try !beginObject(), className: className)
    }

    /// After a member: `true` when another follows, `false` at the object's end.
    @inlinable @inline(__always)
    public mutating func nextMember() throws(GeneratedWireFallback) -> Bool {
        try next(UInt8(ascii: "}"))
    }

    /// Starts an array: `false` for `[]`.
    @inlinable
    public mutating func beginArray() throws(GeneratedWireFallback) -> Bool {
        try open(UInt8(ascii: "["), UInt8(ascii: "]"))
    }

    /// After an element: `true` when another follows, `false` at the array's end.
    @inlinable
    public mutating func nextElement() throws(GeneratedWireFallback) -> Bool {
        try next(UInt8(ascii: "]"))
    }

    /// Reads a member's key and its colon: which of `keys` it is.
    ///
    /// - Parameters:
    ///   - keys: The keys the type reads (at most 64).
    ///   - seen: One bit per key read so far in this object; a key read twice refuses.
    ///   - expected: The position to try first, where the last key found was followed; updated.
    /// - Returns: The key's position in `keys`.
    /// - Throws: ``GeneratedWireFallback`` for a key the type does not read, one written with
    ///   escapes or bytes outside ASCII, and a repeated key.
    @inlinable @inline(__always)
    public mutating func key(in keys: GeneratedWireKeys, seen: inout UInt64, next expected: inout Int) throws(GeneratedWireFallback) -> Int {
        let text = try plainKey()
        let slot = keys.slot(of: text.start, text.start.distance(to: text.end), expected: expected)
        guard slot >= 0 else { throw GeneratedWireFallback() }
        return try noteKey(slot, seen: &seen, next: &expected)
    }

    /// ``key(in:seen:next:)`` for a member of a Parse object, which may also be the `__type` and
    /// `className` of an object written in the value mode (`"__type":"Object"` and the type's
    /// class): those are read here, and -1 returned.
    @inlinable @inline(__always)
    public mutating func key(in keys: GeneratedWireKeys, seen: inout UInt64, next expected: inout Int,
                             object: inout GeneratedDirectObject) throws(GeneratedWireFallback) -> Int {
        let text = try plainKey()
        let length = text.start.distance(to: text.end)
        let slot = keys.slot(of: text.start, length, expected: expected)
        guard slot >= 0 else {
            try readClassKey(UnsafeBufferPointer(start: text.start, count: length), of: &object)
            return -1
        }
        return try noteKey(slot, seen: &seen, next: &expected)
    }

    /// Notes the key at `slot` as read, refusing a repeat, and reads the colon after it.
    @inlinable @inline(__always)
    mutating func noteKey(_ slot: Int, seen: inout UInt64, next expected: inout Int) throws(GeneratedWireFallback) -> Int {
        // The mask has a bit for each of 64 keys; the generator writes direct readings for no more.
        guard slot < 64 else { throw GeneratedWireFallback() }
        let bit: UInt64 = 1 << UInt64(slot)
        guard seen & bit == 0 else { throw GeneratedWireFallback() }
        seen |= bit
        expected = slot + 1
        try expect(UInt8(ascii: ":"))
        return slot
    }

    /// The bytes of a key written in plain ASCII without escapes, its closing quote read.
    @inlinable @inline(__always)
    mutating func plainKey() throws(GeneratedWireFallback) -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
        try expect(UInt8(ascii: "\""))
        let start = position
        let end = JSONGrammar.plainASCIIEnd(input, from: start)
        guard end < input.count, input[end] == UInt8(ascii: "\"") else { throw GeneratedWireFallback() }
        position = end + 1
        return (input.baseAddress! + start, input.baseAddress! + end)
    }

    // MARK: - Scalars

    /// Reads `null` if it is next.
    @inlinable
    public mutating func isNull() -> Bool {
        skipWhitespace()
        guard position + 4 <= input.count, input[position] == UInt8(ascii: "n"), input[position + 1] == UInt8(ascii: "u"),
              input[position + 2] == UInt8(ascii: "l"), input[position + 3] == UInt8(ascii: "l") else { return false }
        position += 4
        return true
    }

    /// Reads an optional member's value: `nil` for `null`.
    @inlinable
    public mutating func optional<V: GeneratedWireValue>(_ type: V.Type) throws(GeneratedWireFallback) -> V? {
        if isNull() { return nil }
        return try V.readDirect(from: &self)
    }

    /// Reads a string: its bytes in place when they are plain ASCII, as most are.
    @inlinable
    public mutating func string() throws(GeneratedWireFallback) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        let end = JSONGrammar.plainASCIIEnd(input, from: start)
        if end < input.count, input[end] == UInt8(ascii: "\"") {
            position = end + 1
            return JSONStrings.string(validatedUTF8: UnsafeBufferPointer(start: input.baseAddress! + start, count: end - start))
        }
        return try escapedString(from: start, plainEnd: end)
    }

    /// The rest of a string with escapes or bytes outside ASCII, validated by the scanner's rules.
    @usableFromInline
    mutating func escapedString(from start: Int, plainEnd: Int) throws(GeneratedWireFallback) -> String {
        let (end, hasEscapes) = try stringEnd(from: plainEnd)
        position = end + 1
        let entry = JSONTape.Entry(kind: .string, flags: hasEscapes ? JSONTape.stringHasEscapes : 0,
                                   offset: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: end - start), next: 0)
        return JSONStrings.string(of: entry, in: input)
    }

    /// The index of the closing quote of the string whose bytes from `index` on are read, and
    /// whether it holds an escape; refuses what the scanner refuses (STR-1 to STR-3, JSON-2).
    @usableFromInline
    func stringEnd(from index: Int) throws(GeneratedWireFallback) -> (end: Int, hasEscapes: Bool) {
        var index = index
        var hasEscapes = false
        while true {
            index = JSONGrammar.plainASCIIEnd(input, from: index)
            guard index < input.count else { throw GeneratedWireFallback() }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") { return (index, hasEscapes) }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                guard case .valid(let end, _) = JSONGrammar.escape(input, at: index, marksLoneSurrogates: false) else {
                    throw GeneratedWireFallback()
                }
                index = end
            } else if byte < 0x20 {
                throw GeneratedWireFallback()
            } else {
                guard case .valid(let end) = JSONGrammar.utf8Sequence(input, at: index) else { throw GeneratedWireFallback() }
                index = end
            }
        }
    }

    /// The bytes of a string written without escapes (validated UTF-8), its closing quote read.
    @usableFromInline
    mutating func unescapedString() throws(GeneratedWireFallback) -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = position
        let (end, hasEscapes) = try stringEnd(from: start)
        guard !hasEscapes else { throw GeneratedWireFallback() }
        position = end + 1
        return UnsafeBufferPointer(start: input.baseAddress! + start, count: end - start)
    }

    /// The text of the number that is next, and whether it is an integer (no fraction, no exponent).
    @inlinable
    mutating func number() throws(GeneratedWireFallback) -> (text: UnsafeBufferPointer<UInt8>, isInteger: Bool) {
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: "-") || JSONGrammar.isDigit(input[position]) else {
            throw GeneratedWireFallback()
        }
        let (end, isInteger, failure) = JSONGrammar.number(input, from: position)
        guard failure == .none else { throw GeneratedWireFallback() }
        let text = UnsafeBufferPointer(start: input.baseAddress! + position, count: end - position)
        position = end
        return (text, isInteger)
    }

    /// Reads `true` or `false`.
    @inlinable
    public mutating func bool() throws(GeneratedWireFallback) -> Bool {
        skipWhitespace()
        if position + 4 <= input.count, input[position] == UInt8(ascii: "t"), input[position + 1] == UInt8(ascii: "r"),
           input[position + 2] == UInt8(ascii: "u"), input[position + 3] == UInt8(ascii: "e") {
            position += 4
            return true
        }
        guard position + 5 <= input.count, input[position] == UInt8(ascii: "f"), input[position + 1] == UInt8(ascii: "a"),
              input[position + 2] == UInt8(ascii: "l"), input[position + 3] == UInt8(ascii: "s"),
              input[position + 4] == UInt8(ascii: "e") else { throw GeneratedWireFallback() }
        position += 5
        return false
    }
}

/// A Parse object generated code is reading directly: whether it is the body of a save or update
/// (where the server-owned keys are not read), and whether it has no members.
public struct GeneratedDirectObject {
    @usableFromInline let isBody: Bool
    /// Whether the object is `{}`.
    public let isEmpty: Bool
    /// The type's class.
    @usableFromInline let className: String
    /// Whether `"__type":"Object"` was read, and whether `className` was.
    var sawType = false
    var sawClassName = false

    @inlinable init(isBody: Bool, isEmpty: Bool, className: String) {
        self.isBody = isBody
        self.isEmpty = isEmpty
        self.className = className
    }
}
