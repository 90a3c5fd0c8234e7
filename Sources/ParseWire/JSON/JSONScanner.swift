/// Limits the scanner enforces so that hostile input cannot exhaust the stack or memory.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted. Default 512 (JSON-5).
    ///
    /// The scanner itself never recurses, but every consumer of the tape (the wire decoder, the
    /// Codable bridge) walks it recursively; a document of 100,000 `[` would otherwise overflow the
    /// stack of whatever thread decodes it.
    public var maximumDepth: Int = 512
    /// The largest document accepted, in bytes (STR-5: no smaller limit on a string). Default 64 MiB (``defaultMaximumBytes``); the most
    /// the tape can address is 2^32 − 1, so a larger setting acts as that.
    ///
    /// A decode holds a multiple of its input in memory (9–15 by context, measured in the catalog's
    /// "Numbers, depth and errors"), so the default keeps a hostile document's cost near 1 GB at
    /// worst. It is three times Parse
    /// Server's own default body limit (`maxUploadSize`, 20 MB), so every body the server accepts
    /// by default decodes. Raise it for larger trusted input; lower it to match a server's limit.
    public var maximumBytes: Int = JSONLimits.defaultMaximumBytes

    /// The default of ``maximumBytes``: 64 MiB.
    public static let defaultMaximumBytes = 64 << 20

    /// The default limits.
    public init() {}
}

/// A one-pass, non-recursive, strict RFC 8259 scanner from UTF-8 bytes to a ``JSONTape`` (JSON-1).
///
/// Strict means: UTF-8 is validated, `\u` escapes naming lone surrogates are rejected (unless
/// ``JSONScanOptions/loneSurrogates`` says otherwise), object
/// keys must be unique (compared by their unescaped bytes), `NaN`, `Infinity`, leading zeros,
/// a byte-order mark and trailing garbage are rejected, control characters inside strings must
/// be escaped, and nesting is bounded by ``JSONLimits/maximumDepth``.
///
/// The tape and the stack of open containers live in memory the scanner allocates and writes
/// with plain stores: an `Array` would check uniqueness and capacity on every value, which
/// measured a fifth of the scan. The tape and the stack grow by doubling; the stack starts small
/// (most documents nest a few levels) and the depth limit bounds it.
struct JSONScanner: ~Copyable {
    /// An open container: its tape index; for an object, what its keys so far tell the
    /// duplicate-key check (see ``noteKey(_:)``). The key an error path names is not kept here
    /// but found on the tape when an error is built (``currentPath(innermostKey:)``): remembering
    /// it cost a store per key of every document.
    struct OpenContainer {
        var entry: Int
        /// One bit per key read, chosen by the key's fingerprint: a key whose bit is clear
        /// repeats no earlier key.
        var keyBits: UInt64 = 0
        /// ``OpenContainer/noRepeat``, ``OpenContainer/checkAtClose``, or the tape index of the
        /// first key that repeats an earlier one (reported when the object closes, so that an
        /// error earlier in the document still comes first).
        var repeatedKey = OpenContainer.noRepeat

        static let noRepeat = -1
        static let checkAtClose = -2
    }

    let input: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    let loneSurrogates: JSONScanOptions.LoneSurrogates
    var position = 0
    /// The tape being written: `count` entries initialised of `capacity`.
    var tape: UnsafeMutablePointer<JSONTape.Entry>
    var count = 0
    var capacity: Int
    /// Whether the tape memory is still the scanner's to free (it is handed over on success).
    var ownsTape = true
    /// Open containers, innermost last: `depth` of them, in room for `openCapacity`.
    var open: UnsafeMutablePointer<OpenContainer>
    var openCapacity: Int
    var depth = 0

    private init(input: UnsafeBufferPointer<UInt8>, options: JSONScanOptions) {
        self.input = input
        self.limits = options.limits
        self.loneSurrogates = options.loneSurrogates
        // Typical Parse documents hold one value per 6 to 10 bytes; growing is a rare copy.
        capacity = input.count / 6 + 16
        tape = .allocate(capacity: capacity)
        // Room for the usual few levels; deeper documents grow it (the depth limit bounds it).
        openCapacity = 16
        open = .allocate(capacity: openCapacity)
    }

    deinit {
        if ownsTape { tape.deallocate() }
        open.deallocate()
    }

    /// Scans a whole document.
    /// - Throws: `ParseWireError` of kind `json-syntax`, `invalid-utf8`, `duplicate-key`,
    ///   `depth-limit` or `size-limit`, with the byte offset and the path of the failure.
    static func scan(_ input: UnsafeBufferPointer<UInt8>, limits: JSONLimits = JSONLimits()) throws(ParseWireError) -> JSONTape {
        try scan(input, options: JSONScanOptions(limits: limits))
    }

    /// Scans a whole document with `options` (see ``scan(_:limits:)``).
    static func scan(_ input: UnsafeBufferPointer<UInt8>, options: JSONScanOptions) throws(ParseWireError) -> JSONTape {
        var scanner = JSONScanner(input: input, options: options)
        try scanner.scanDocument()
        scanner.ownsTape = false
        return JSONTape(adopting: scanner.tape, count: scanner.count)
    }

    // MARK: - The tape

    /// Appends an entry whose `next` is the entry after it (a scalar).
    @inline(__always)
    mutating func appendScalar(_ kind: JSONTape.Kind, flags: UInt8, offset: Int, length: Int) {
        append(JSONTape.Entry(kind: kind, flags: flags, offset: UInt32(truncatingIfNeeded: offset),
                              length: UInt32(truncatingIfNeeded: length), next: UInt32(truncatingIfNeeded: count + 1)))
    }

    @inline(__always)
    mutating func append(_ entry: JSONTape.Entry) {
        if count == capacity { grow() }
        (tape + count).initialize(to: entry)
        count += 1
    }

    private mutating func growOpen() {
        let larger = UnsafeMutablePointer<OpenContainer>.allocate(capacity: openCapacity * 2)
        larger.moveInitialize(from: open, count: depth)
        open.deallocate()
        open = larger
        openCapacity *= 2
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONTape.Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: tape, count: count)
        tape.deallocate()
        tape = larger
        capacity *= 2
    }

    // MARK: - Document structure

    private mutating func scanDocument() throws(ParseWireError) {
        let maximumBytes = min(limits.maximumBytes, Int(UInt32.max))
        guard input.count <= maximumBytes else {
            throw ParseWireError(.sizeLimit, offset: 0, message: "the document is \(input.count) bytes; the limit is \(maximumBytes) bytes (JSONLimits.maximumBytes; raise it to read larger trusted input)")
        }
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            throw syntaxError("the document starts with a UTF-8 byte-order mark; JSON text must not")
        }
        skipWhitespace()
        guard position < input.count else {
            throw syntaxError(input.isEmpty ? "unexpected end of input: the document is empty" : "unexpected end of input: the document holds only whitespace")
        }
        while true {
            // Expecting a value at `position`.
            try scanValueStart()
            // After a value: close containers, or move to the next member or element.
            while true {
                skipWhitespace()
                guard depth > 0 else {
                    guard position == input.count else {
                        throw syntaxError("unexpected \(describeByte(at: position)) after the end of the document")
                    }
                    return
                }
                let container = tape + open[depth - 1].entry
                container.pointee.length += 1
                let isObject = container.pointee.kind == .object
                guard position < input.count else {
                    throw syntaxError(isObject
                        ? "unexpected end of input inside an object; expected ',' or '}'"
                        : "unexpected end of input inside an array; expected ',' or ']'")
                }
                let byte = input[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject { try scanKeyAndColon() }
                    break
                }
                if isObject {
                    guard byte == UInt8(ascii: "}") else {
                        throw syntaxError("expected ',' or '}' after an object member, found \(describeByte(at: position))")
                    }
                    try closeObject()
                } else {
                    guard byte == UInt8(ascii: "]") else {
                        throw syntaxError("expected ',' or ']' after an array element, found \(describeByte(at: position))")
                    }
                    close()
                }
            }
        }
    }

    /// Scans the value starting at `position`: a scalar completely; for a container, its opening
    /// and then, in the same loop, its first child, so that nesting never recurses.
    /// Empty containers are closed at once and count as a completed value (CONT-2).
    private mutating func scanValueStart() throws(ParseWireError) {
        while true {
            guard position < input.count else { throw syntaxError("unexpected end of input where a value was expected") }
            switch input[position] {
            case UInt8(ascii: "\""):
                return try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try scanNumber()
            case UInt8(ascii: "{"):
                try openContainer(.object)
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "}") {
                    close()
                    return
                }
                try scanKeyAndColon()
            case UInt8(ascii: "["):
                try openContainer(.array)
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "]") {
                    close()
                    return
                }
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
                throw syntaxError(depth == 0
                    ? "unexpected \(describeByte(at: position)) where a value was expected"
                    : "a value is missing before \(describeByte(at: position)) (trailing commas are not JSON)")
            default:
                throw syntaxError("expected a value, found \(describeByte(at: position))")
            }
        }
    }

    private mutating func openContainer(_ kind: JSONTape.Kind) throws(ParseWireError) {
        if depth >= limits.maximumDepth {
            throw ParseWireError(.depthLimit, offset: position, path: currentPath(),
                                 message: "arrays and objects nest deeper than the limit of \(limits.maximumDepth)")
        }
        if depth == openCapacity { growOpen() }
        (open + depth).initialize(to: OpenContainer(entry: count))
        depth += 1
        append(JSONTape.Entry(kind: kind, flags: 0, offset: UInt32(truncatingIfNeeded: position), length: 0, next: 0))
        position += 1
    }

    /// Closes the innermost container at its closing bracket (an array, or an empty object).
    private mutating func close() {
        position += 1
        depth -= 1
        tape[open[depth].entry].next = UInt32(truncatingIfNeeded: count)
    }

    private mutating func closeObject() throws(ParseWireError) {
        let frame = open[depth - 1]
        tape[frame.entry].next = UInt32(truncatingIfNeeded: count)
        if frame.repeatedKey >= 0 { throw duplicateKey(frame.repeatedKey) }
        if frame.repeatedKey == OpenContainer.checkAtClose { try checkDuplicateKeys(objectIndex: frame.entry) }
        depth -= 1
        position += 1
    }

    private mutating func scanKeyAndColon() throws(ParseWireError) {
        guard position < input.count else { throw syntaxError("unexpected end of input where an object key was expected") }
        guard input[position] == UInt8(ascii: "\"") else {
            if input[position] == UInt8(ascii: "}") {
                throw syntaxError("a member is missing before '}' (trailing commas are not JSON)")
            }
            throw syntaxError("expected a string key in double quotes, found \(describeByte(at: position))")
        }
        do {
            try scanString()
        } catch {
            // An error inside a key: the path ends at the key's object, not at the key before.
            var inKey = error
            inKey.path = currentPath(innermostKey: .none)
            throw inKey
        }
        noteKey(count - 1)
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw syntaxError(position < input.count
                ? "expected ':' after an object key, found \(describeByte(at: position))"
                : "unexpected end of input where ':' was expected")
        }
        position += 1
        skipWhitespace()
    }

    // MARK: - Helpers

    /// JSON-4: space, tab, line feed and carriage return only.
    @inline(__always)
    mutating func skipWhitespace() {
        // Compact JSON, the common case, has none: one comparison decides.
        if position < input.count, input[position] > UInt8(ascii: " ") { return }
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    func syntaxError(_ message: String) -> ParseWireError {
        ParseWireError(.jsonSyntax, offset: position, path: currentPath(), message: message)
    }

    func invalidUTF8(at index: Int, _ message: String) -> ParseWireError {
        ParseWireError(.invalidUTF8, offset: index, path: currentPath(), message: "invalid UTF-8: \(message)")
    }

    /// Which key of the innermost open object an error path ends in.
    enum InnermostKey {
        /// The last key on the tape: the one whose value, or whose ':', is being read or was
        /// just read.
        case lastRead
        /// None: the error is inside a key still being read, so the path ends at its object.
        case none
        /// The key at this tape index (a repeated key).
        case at(Int)
    }

    /// The path of the value being scanned, from the open containers (only built for errors).
    /// An outer object's key is the entry before its open child; the innermost object's is found
    /// by walking its members on the tape, as `innermostKey` says.
    func currentPath(innermostKey: InnermostKey = .lastRead) -> String {
        var path = WirePath()
        for level in 0..<depth {
            let container = tape[open[level].entry]
            if container.kind == .array {
                path.append(index: Int(container.length))
                continue
            }
            let key: Int
            if level + 1 < depth {
                key = open[level + 1].entry - 1
            } else {
                switch innermostKey {
                case .none: continue
                case .at(let index): key = index
                case .lastRead:
                    guard let last = lastKeyOnTape(objectIndex: open[level].entry) else { continue }
                    key = last
                }
            }
            path.append(key: JSONStrings.string(of: tape[key], in: input))
        }
        return path.description
    }

    /// The tape index of the last key of the innermost open object, or nil before its first:
    /// every member before the last is complete, so each value's `next` leads to the next key.
    private func lastKeyOnTape(objectIndex: Int) -> Int? {
        var last: Int?
        var key = objectIndex + 1
        while key < count {
            last = key
            guard key + 1 < count else { break }
            key = Int(tape[key + 1].next)
        }
        return last
    }

    func describeByte(at index: Int, quoted: Bool = true) -> String {
        guard index < input.count else { return "the end of the document" }
        let byte = input[index]
        if byte >= 0x20 && byte < 0x7F {
            let character = String(UnicodeScalar(byte))
            return quoted ? "'\(character)'" : character
        }
        return "byte 0x\(hex2(byte))"
    }
}

func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

func hex4(_ unit: UInt16) -> String { hex2(UInt8(unit >> 8)) + hex2(UInt8(unit & 0xFF)) }
