/// What a ``WireDecoder`` accepts beyond the canonical form.
///
/// Strict by default: only what parse-server itself emits is accepted. Each leniency is named
/// after the corpus flag that describes it (`Vectors/flags.json`), so an implementation's choices
/// and ours can be compared flag by flag.
public struct WireDecodingOptions: Sendable, Hashable {
    /// Depth and size limits of the JSON scanner.
    public var limits = JSONLimits()
    /// Non-canonical ISO date spellings to accept (flags `DateWithoutMillis`,
    /// `DateFractionDigits`, `DateOffset`). Default: none.
    public var dateLeniency = DateLeniency.strict
    /// Non-canonical base64 spellings to accept in Bytes (flags `Base64Unpadded`,
    /// `Base64URLSafe`, `Base64Whitespace`, `Base64NonZeroPadBits`). Default: none.
    public var base64Leniency = Base64Leniency.strict
    /// Keep a typed value whose `__type` is unknown, nested inside a value (an array element or a
    /// map member), as ``ParseValue/unknownType(_:)`` instead of rejecting it (flag `UnknownType`).
    /// Default `false`: a value we cannot interpret must not pass for a plain map. As a field value
    /// (or a whole value document) an unknown `__type` is rejected even with this on: parse-server
    /// answers 111 there, while it does not check nested values (WIRE-FORMAT §1.1).
    public var preservesUnknownTypes = false
    /// Accept and drop keys a typed value does not define, such as `"x"` on a Pointer or Android's
    /// `"objects"` on a Relation (flag `TypedValueExtraKeys`). Default `false`: parse-server drops
    /// them silently, and silent loss is what a strict decoder exists to prevent.
    public var ignoresExtraKeysOnTypedValues = false
    /// What a find request (context ``WireContext/query``) may hold beyond the canonical form
    /// (flag `SubqueryExtraKeys`). Default: nothing.
    public var queryLeniency = QueryLeniency.strict

    /// Strict decoding.
    public init() {}

    /// Strict decoding: only what parse-server emits.
    public static let strict = WireDecodingOptions()

    /// The leniency flags ``enable(flag:)`` knows, with what each accepts.
    public static let leniencyFlags: [(flag: String, accepts: String)] = [
        ("DateWithoutMillis", "dates without a fraction of a second: 2020-01-02T03:04:05Z"),
        ("DateFractionDigits", "dates with 1, 2 or 4 to 9 fraction digits (truncated to milliseconds)"),
        ("DateOffset", "dates with a +hh:mm or -hh:mm offset instead of Z"),
        ("Base64Unpadded", "base64 without '=' padding"),
        ("Base64URLSafe", "base64 with the URL-safe alphabet ('-' and '_')"),
        ("Base64Whitespace", "base64 with spaces, tabs and line breaks"),
        ("Base64NonZeroPadBits", "base64 whose last character has non-zero unused bits"),
        ("UnknownType", "typed values with an unknown __type nested in a value, kept whole"),
        ("TypedValueExtraKeys", "extra keys on typed values, dropped"),
        ("SubqueryExtraKeys", "find parameters (limit, order, …) inside $inQuery, $notInQuery, $select, kept"),
    ]

    /// Turns on the leniency a corpus flag names.
    /// - Returns: `false` when the flag names no leniency.
    public mutating func enable(flag: String) -> Bool {
        switch flag {
        case "DateWithoutMillis": dateLeniency.allowsMissingFraction = true
        case "DateFractionDigits": dateLeniency.allowsOtherFractionDigits = true
        case "DateOffset": dateLeniency.allowsOffsets = true
        case "Base64Unpadded": base64Leniency.allowsMissingPadding = true
        case "Base64URLSafe": base64Leniency.allowsURLSafeAlphabet = true
        case "Base64Whitespace": base64Leniency.allowsWhitespace = true
        case "Base64NonZeroPadBits": base64Leniency.allowsNonZeroPadBits = true
        case "UnknownType": preservesUnknownTypes = true
        case "TypedValueExtraKeys": ignoresExtraKeysOnTypedValues = true
        case "SubqueryExtraKeys": queryLeniency.allowsSubqueryParameters = true
        default: return false
        }
        return true
    }
}

/// How a ``WireEncoder`` writes.
public struct WireEncodingOptions: Sendable, Hashable {
    /// Write map keys sorted by their UTF-8 bytes instead of in insertion order, for byte-stable
    /// output. Default `false`: parse-server keeps insertion order. Typed values keep their fixed
    /// key order either way.
    public var sortsKeys = false
    /// Write ``ParseValue/unknownType(_:)`` values as they were read. Default `false`: the strict
    /// decoder would reject them, and the encoder never writes what the strict decoder rejects.
    public var writesUnknownTypes = false
    /// The deepest nesting of arrays and objects written, counting the objects of typed values
    /// (`{"__type":"Date",…}` is one level, a Polygon three). Default 512, the decoder's default
    /// (``JSONLimits/maximumDepth``): a deeper value is refused with a `depth-limit` error instead
    /// of being written as text the decoder would reject, and the encoder's stack stays bounded.
    public var maximumDepth = 512
    /// What a find request (context ``WireContext/query``) may hold beyond the canonical form, as
    /// the decoder's ``WireDecodingOptions/queryLeniency``. Default: nothing, so the encoder never
    /// writes what the strict decoder rejects.
    public var queryLeniency = QueryLeniency.strict

    /// Canonical encoding.
    public init() {}
}
