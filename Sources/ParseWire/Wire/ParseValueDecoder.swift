import Foundation

/// Decodes Parse wire JSON into a ``ParseValue``, strictly.
///
/// Decoding is two passes: the scanner validates the JSON text into a tape, then the tape is
/// walked once to build the value and check every Parse rule — typed value shapes, names, nested
/// keys, the keyword denylist, where operations may appear. Any failure is a ``ParseWireError``
/// with the byte offset and path of the offending value.
public struct ParseValueDecoder: Sendable {
    /// What the decoder accepts beyond the canonical form.
    public var options: ParseValueDecodingOptions

    /// Creates a decoder.
    public init(options: ParseValueDecodingOptions = .strict) {
        self.options = options
    }

    /// Decodes a document.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - context: Where the document sits: a field value, a fetched object, or a save body.
    /// - Returns: The value; in the object context always ``ParseValue/object(_:)``, in the update
    ///   and query contexts always ``ParseValue/map(_:)``.
    /// - Throws: ``ParseWireError``.
    public func decode(_ bytes: some Collection<UInt8>, context: WireContext = .value) throws(ParseWireError) -> ParseValue {
        let result: Result<ParseValue, ParseWireError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ParseWireError) in try decode(buffer: buffer, context: context) }
        }
        if let result { return try result.get() }
        return try decode(Array(bytes), context: context)
    }

    /// Decodes a document from a string.
    public func decode(_ text: String, context: WireContext = .value) throws(ParseWireError) -> ParseValue {
        try decode(Array(text.utf8), context: context)
    }

    /// Decodes a document from `Data`.
    public func decode(_ data: Data, context: WireContext = .value) throws(ParseWireError) -> ParseValue {
        try decode(Array(data), context: context)
    }

    private func decode(buffer: UnsafeBufferPointer<UInt8>, context: WireContext) throws(ParseWireError) -> ParseValue {
        let tape = try JSONScanner.scan(buffer, limits: options.limits)
        let walker = TapeWalker(input: buffer, tape: tape, options: options, context: context)
        return try walker.decodeRoot()
    }
}

/// One walk over a scanned document, building the value and checking the Parse rules.
///
/// Errors are thrown with the offset of the offending entry and a path of `$`; each container
/// level prefixes its key or index as the error unwinds, so the success path builds no paths.
struct TapeWalker {
    let input: UnsafeBufferPointer<UInt8>
    /// Kept so that ``entries`` stays valid while the walker lives.
    let tape: JSONTape
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    let options: ParseValueDecodingOptions
    let context: WireContext

    init(input: UnsafeBufferPointer<UInt8>, tape: JSONTape, options: ParseValueDecodingOptions, context: WireContext) {
        self.input = input
        self.tape = tape
        self.entries = tape.entries
        self.options = options
        self.context = context
    }

    var isUpdateBody: Bool { context == .update }

    func decodeRoot() throws(ParseWireError) -> ParseValue {
        switch context {
        case .value:
            return try decodeValue(at: 0, placement: .field)
        case .object(let className):
            if let error = NameRules.checkClassName(className) { throw error }
            guard entries[0].kind == .object else {
                throw error(.wrongFieldType, at: 0, "a fetched object must be a JSON object, not \(describe(0))")
            }
            return .object(try decodeObjectBody(at: 0, className: className, skippingTypeKeys: false))
        case .update:
            guard entries[0].kind == .object else {
                throw error(.wrongFieldType, at: 0, "a save body must be a JSON object, not \(describe(0))")
            }
            return .map(try decodeUpdateBody(at: 0))
        case .query:
            return .map(try decodeQueryBody(at: 0))
        case .message(let kind, let className):
            return try decodeMessageRoot(kind, className: className)
        case .liveQuery(let side):
            return try decodeLiveQueryRoot(side)
        }
    }

    // MARK: - Keys

    /// Rejects keys on parse-server's keyword denylist, and `"_bsontype":"Code"`.
    func checkKeyword(key: String, keyIndex: Int, valueIndex: Int) throws(ParseWireError) {
        if let failure = KeywordDenylist.check(key: key) { throw failure.located(offset: keyOffset(keyIndex), path: "$") }
        if entries[valueIndex].kind == .string, KeywordDenylist.isBSONTypeCode(key: key, value: string(at: valueIndex)) {
            throw KeywordDenylist.bsonTypeCodeError().located(offset: keyOffset(keyIndex), path: "$")
        }
    }

    /// Whether the unescaped key at `index` certainly passes the nested-key checks (see
    /// ``KeywordDenylist/isPlainNestedKey(_:)``), so that they can be skipped.
    func isPlainNestedKey(_ index: Int) -> Bool {
        let entry = entries[index]
        guard entry.flags & JSONTape.stringHasEscapes == 0 else { return false }
        return KeywordDenylist.isPlainNestedKey(UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]))
    }

    /// Whether the key at `index` is exactly `name` after unescaping.
    func keyEquals(_ index: Int, _ name: StaticString) -> Bool {
        let entry = entries[index]
        if entry.flags & JSONTape.stringHasEscapes != 0 {
            return JSONStrings.unescapedBytes(of: entry, in: input).elementsEqual(
                UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        guard Int(entry.length) == name.utf8CodeUnitCount else { return false }
        let start = Int(entry.offset)
        for offset in 0..<name.utf8CodeUnitCount where input[start + offset] != name.utf8Start[offset] {
            return false
        }
        return true
    }

    // MARK: - Scalars

    func string(at index: Int) -> String {
        JSONStrings.string(of: entries[index], in: input)
    }

    func number(at index: Int) throws(ParseWireError) -> ParseNumber {
        let entry = entries[index]
        let bytes = UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
        do throws(ParseWireError) {
            return try ParseNumber(validatedJSONNumber: bytes, isInteger: entry.flags & JSONTape.numberIsInteger != 0)
        } catch {
            throw error.located(offset: Int(entry.offset), path: "$")
        }
    }

    /// The byte offset to report for an entry: a string's opening quote, any other value's first byte.
    func offset(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .string ? Int(entry.offset) - 1 : Int(entry.offset)
    }

    func keyOffset(_ index: Int) -> Int { offset(index) }

    func error(_ kind: ParseWireError.Kind, parseCode: Int? = nil, at index: Int, _ message: String) -> ParseWireError {
        ParseWireError(kind, parseCode: parseCode, offset: offset(index), message: message)
    }

    /// A short description of the JSON value at `index`, for messages: `a number`, `the string "x"`.
    func describe(_ index: Int) -> String {
        switch entries[index].kind {
        case .null: return "null"
        case .trueLiteral: return "true"
        case .falseLiteral: return "false"
        case .number: return "the number \(String(decoding: UnsafeBufferPointer(rebasing: input[Int(entries[index].offset)..<Int(entries[index].offset) + Int(entries[index].length)]), as: UTF8.self))"
        case .string: return "the string \(JSONStrings.quoted(string(at: index)))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
