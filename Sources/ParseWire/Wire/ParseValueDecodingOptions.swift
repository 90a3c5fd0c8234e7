/// What a ``ParseValueDecoder`` accepts beyond the canonical form.
///
/// Strict by default: only what parse-server itself emits is accepted. Each leniency is a
/// ``WireLeniency``, named after the corpus flag that describes it (`Vectors/flags.json`), so an
/// implementation's choices and ours can be compared flag by flag: `options.enable(.dateOffset)`,
/// or `options.enable(flag: "DateOffset")` for a name read at run time. A ``ParseWireDecoder``
/// holds these options as `options.wire`.
public struct ParseValueDecodingOptions: Sendable, Hashable {
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
    public static let strict = ParseValueDecodingOptions()
}
