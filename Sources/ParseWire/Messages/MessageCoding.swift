/// The plumbing the REST message types share: one scan of a response or request body, and one
/// writer, with the object and value rules of the wire codec.
extension ParseValueDecoder {
    /// Scans `bytes` once and hands the walk to `read`, which reads the message from the tape.
    /// - Parameter context: The context of the walk, which decides where field operations may
    ///   appear (``WireContext/update`` for a message holding save bodies).
    func decodeMessage<T>(_ bytes: some Collection<UInt8>, context: WireContext = .value,
                          _ read: (TapeWalker) throws(ParseWireError) -> T) throws(ParseWireError) -> T {
        let array = Array(bytes)
        let result: Result<T, ParseWireError> = array.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseWireError) -> T in
                let tape = try JSONScanner.scan(buffer, limits: options.limits)
                return try read(TapeWalker(input: buffer, tape: tape, options: options, context: context))
            }
        }
        return try result.get()
    }
}

extension TapeWalker {
    /// The members of the root object of a message, or a `wrong-field-type` error naming the message.
    func messageMembers(_ what: String) throws(ParseWireError) -> [(key: String, keyIndex: Int, valueIndex: Int)] {
        guard entries[0].kind == .object else {
            throw error(.wrongFieldType, at: 0, "\(what) must be a JSON object, not \(describe(0))")
        }
        return members(of: 0)
    }

    /// An integer member of a message.
    func messageInteger(at index: Int, key: String) throws(ParseWireError) -> Int {
        guard entries[index].kind == .number, let value = try number(at: index).int64Value, let integer = Int(exactly: value) else {
            throw error(.wrongFieldType, at: index, "\"\(key)\" must be an integer, not \(describe(index))").prefixed(key: key)
        }
        return integer
    }

    /// A string member of a message.
    func messageString(at index: Int, key: String) throws(ParseWireError) -> String {
        guard entries[index].kind == .string else {
            throw error(.wrongFieldType, at: index, "\"\(key)\" must be a string, not \(describe(index))").prefixed(key: key)
        }
        return string(at: index)
    }
}

/// Writes a message: punctuation and keys directly, values and objects through the value writer.
struct MessageWriter {
    var writer: ValueWriter

    init(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) {
        writer = ValueWriter(options: options, isUpdateBody: false)
    }

    mutating func raw(_ text: StaticString) { writer.json.write(ascii: text) }
    mutating func key(_ key: String) { writer.json.writeKey(key) }
    mutating func string(_ text: String) { writer.json.writeString(text) }
    mutating func integer(_ value: Int) { ParseNumber(value).append(to: &writer.json.bytes) }

    /// A field value (a typed value, an embedded Object, plain JSON).
    mutating func value(_ value: ParseValue) throws(ParseWireError) { try writer.writeValue(value, placement: .field) }

    /// An object in the fetched REST form.
    mutating func object(_ object: ParseObjectValue) throws(ParseWireError) { try writer.writeObject(object, embedded: false) }

    /// An object's members without its braces: for a response that is an object's keys plus its own.
    mutating func objectMembers(_ object: ParseObjectValue) throws(ParseWireError) -> Bool {
        var inner = ValueWriter(options: writer.options, isUpdateBody: false)
        try inner.writeObject(object, embedded: false)
        let body = inner.json.bytes.dropFirst().dropLast()
        writer.json.bytes.append(contentsOf: body)
        return !body.isEmpty
    }

    /// Bytes written by another encoder (a save body, a find request).
    mutating func append(_ bytes: [UInt8]) { writer.json.bytes.append(contentsOf: bytes) }

    var bytes: [UInt8] { writer.json.bytes }
}
