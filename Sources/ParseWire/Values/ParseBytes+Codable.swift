/// `ParseBytes` as a Codable property: its wire form, `{"__type":"Bytes",…}`.
extension ParseBytes: Codable {
    /// Writes the wire form.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` for any other encoder.
    public func encode(to encoder: any Encoder) throws {
        try WireEncodingState.required(encoder, for: Self.self).writeTyped { (writer) throws(ParseWireError) in writer.writeBytes(self) }
    }

    /// Reads the wire form, checked as strictly as ``WireDecoder`` checks it.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` whose underlying ParseWireError has the path and offset.
    public init(from decoder: any Decoder) throws {
        self = try WireDecodingState.required(decoder, for: Self.self).decodeTyped("Bytes", as: ParseBytes.self) {
            if case .bytes(let value) = $0 { value } else { nil }
        }
    }
}
