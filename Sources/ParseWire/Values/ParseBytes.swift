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

/// The non-canonical base64 spellings a decoder may accept in Bytes.
///
/// Node's `Buffer.from(s, 'base64')`, which parse-server uses, accepts all of them and more (it
/// skips any character outside the alphabet), then writes canonical base64 back; the SDKs differ
/// (.NET's `Convert.FromBase64String` is strict). Each leniency is one named spelling, off by default (BYTES-5).
public struct Base64Leniency: Sendable, Hashable {
    /// Accept text whose `=` padding is missing (corpus flag `Base64Unpadded`). Default `false`.
    public var allowsMissingPadding: Bool
    /// Accept the URL-safe alphabet, `-` for `+` and `_` for `/` (corpus flag `Base64URLSafe`). Default `false`.
    public var allowsURLSafeAlphabet: Bool
    /// Accept spaces, tabs, carriage returns and line feeds anywhere (corpus flag `Base64Whitespace`);
    /// MIME-style line-wrapped base64 has them. Default `false`.
    public var allowsWhitespace: Bool
    /// Accept a last character whose unused low bits are not zero, such as `aGl=` for `aGk=`
    /// (corpus flag `Base64NonZeroPadBits`). Default `false`: such text names the same bytes as
    /// the canonical spelling, so accepting it means the text does not survive a round trip
    /// (RFC 4648 §3.5 lets decoders reject it).
    public var allowsNonZeroPadBits: Bool

    /// Creates a leniency; every spelling is off unless turned on.
    public init(allowsMissingPadding: Bool = false, allowsURLSafeAlphabet: Bool = false,
                allowsWhitespace: Bool = false, allowsNonZeroPadBits: Bool = false) {
        self.allowsMissingPadding = allowsMissingPadding
        self.allowsURLSafeAlphabet = allowsURLSafeAlphabet
        self.allowsWhitespace = allowsWhitespace
        self.allowsNonZeroPadBits = allowsNonZeroPadBits
    }

    /// Only canonical base64.
    public static let strict = Base64Leniency()
}
