/// What a ``ParseWireDecoder`` accepts; strict by default, like ``ParseValueDecodingOptions``.
public struct ParseWireDecodingOptions: Sendable {
    /// Scanner limits and the named date and base64 leniencies, shared with ``ParseValueDecoder``.
    /// Default ``ParseValueDecodingOptions/strict``.
    public var wire = ParseValueDecodingOptions.strict
    /// How a Foundation `Data` property is read: from a Bytes object, or from a plain base64 string
    /// (what Parse-Swift sends). Default ``ParseWireEncodingOptions/DataEncoding/bytes``.
    public var dataEncoding = ParseWireEncodingOptions.DataEncoding.bytes
    /// Values handed to every `Decodable` implementation as `decoder.userInfo`. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Strict decoding.
    public init() {}
}
