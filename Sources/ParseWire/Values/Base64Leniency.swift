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
