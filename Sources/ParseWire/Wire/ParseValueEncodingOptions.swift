/// How a ``ParseValueEncoder`` writes.
public struct ParseValueEncodingOptions: Sendable, Hashable {
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
    /// the decoder's ``ParseValueDecodingOptions/queryLeniency``. Default: nothing, so the encoder never
    /// writes what the strict decoder rejects.
    public var queryLeniency = QueryLeniency.strict

    /// Canonical encoding.
    public init() {}
}
