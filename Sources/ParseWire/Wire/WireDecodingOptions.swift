/// What a ``WireDecoder`` accepts beyond the canonical form.
///
/// Strict by default: only what parse-server itself emits is accepted. Each leniency is a
/// ``WireLeniency``, named after the corpus flag that describes it (`Vectors/flags.json`), so an
/// implementation's choices and ours can be compared flag by flag: `options.enable(.dateOffset)`,
/// or `options.enable(flag: "DateOffset")` for a name read at run time. A ``ParseWireDecoder``
/// holds these options as `options.wire`.
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
    /// answers 111 there, while it does not check nested values (TYPE-1).
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
