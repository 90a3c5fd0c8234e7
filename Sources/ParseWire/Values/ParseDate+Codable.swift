/// `ParseDate` as a Codable property: `{"__type":"Date","iso":"…"}`.
extension ParseDate: Codable {
    /// Writes `{"__type":"Date","iso":"…"}`.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` for any other encoder.
    public func encode(to encoder: any Encoder) throws {
        try WireEncodingState.required(encoder, for: Self.self).writeTyped { writer in writer.writeDate(self) }
    }

    /// Reads a Date value.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        self = try WireDecodingState.required(decoder, for: Self.self).decodeTyped("Date", as: ParseDate.self) {
            if case .date(let date) = $0 { date } else { nil }
        }
    }
}
