/// Converting between a ``ParseValue`` and a Codable type, through the Codable bridge and the
/// wire codec: what a value encodes to is what it would be on the wire.
extension ParseValue {
    /// The wire value of a Codable value, as ``ParseWireEncoder`` writes it in the value mode:
    /// a ``ParseObject`` becomes an ``object(_:)``, a `Date` a ``date(_:)``, a struct a ``map(_:)``.
    ///
    /// - Parameters:
    ///   - value: Any encodable value.
    ///   - options: How the bridge writes it (the nil policy, how `Data` is written…).
    /// - Throws: `EncodingError` from the bridge, or ``ParseWireError`` when the wire decoder
    ///   reads the result back differently (it never should).
    public init<T: Encodable>(encoding value: T, options: ParseWireEncodingOptions = ParseWireEncodingOptions()) throws {
        let bytes = try ParseWireEncoder(options: options).encodeBytes(value, as: .value)
        self = try ParseValueDecoder().decode(bytes, context: .value)
    }

    /// The value read as a Codable type, as ``ParseWireDecoder`` reads its wire JSON in the
    /// value mode.
    ///
    /// - Parameters:
    ///   - type: The type to read, such as a ``ParseObject`` for an ``object(_:)``.
    ///   - options: How the bridge reads it.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path of what does
    ///   not fit; ``ParseWireError`` when the value itself cannot be written as a value (an
    ///   operation, an ACL).
    public func decode<T: Decodable>(_ type: T.Type, options: ParseWireDecodingOptions = ParseWireDecodingOptions()) throws -> T {
        let bytes = try ParseValueEncoder().encode(self, context: .value)
        return try ParseWireDecoder(options: options).decode(T.self, from: bytes, as: .value)
    }
}
