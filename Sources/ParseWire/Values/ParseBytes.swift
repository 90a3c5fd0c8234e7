/// Binary data: `{"__type":"Bytes","base64":"…"}` (BYTES-1).
///
/// Parse Server stores the decoded bytes and writes them back as padded standard base64
/// (`Vectors/spec/bytes.md`, BYTES-1), so the model keeps bytes, not text: two spellings of the same bytes are
/// one value. Empty data is a value too: the server emits `"base64":""` for it, though it refuses
/// to store one sent in a save body (BYTES-2).
public struct ParseBytes: Sendable, Hashable, CustomStringConvertible {
    /// The data.
    public let bytes: [UInt8]

    /// Creates a value holding `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Creates a value from base64 text.
    /// - Parameters:
    ///   - base64: The text, in the canonical padded standard alphabet unless `leniency` allows more.
    ///   - leniency: Which non-canonical spellings to accept; ``Base64Leniency/strict`` by default.
    /// - Throws: `invalid-base64`, saying which character or length is wrong.
    public init(base64: String, leniency: Base64Leniency = .strict) throws(ParseWireError) {
        bytes = try Array(base64.utf8).withUnsafeBufferPointer { (raw) throws(ParseWireError) -> [UInt8] in
            try Base64.decode(raw, leniency: leniency)
        }
    }

    /// The canonical base64 text: standard alphabet, `=` padding, no line breaks.
    public var base64: String {
        var text: [UInt8] = []
        bytes.withUnsafeBufferPointer { Base64.append($0, to: &text) }
        return String(decoding: text, as: UTF8.self)
    }

    public var description: String { "Bytes(\(bytes.count) bytes)" }
}
