/// `ParseValue` as a Codable property: any wire value, for fields whose shape varies.
extension ParseValue: Codable {
    /// Writes the value as ``WireEncoder`` does; a field operation only as a top-level value of a
    /// save or update body.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` for any other encoder, or for a value ``WireEncoder`` refuses here.
    public func encode(to encoder: any Encoder) throws {
        let state = try WireEncodingState.required(encoder, for: Self.self)
        let placement: ValuePlacement = state.allowsOperation ? .saveBodyField : state.memberRole == .object ? .field : .nested
        try state.writeTyped { (writer) throws(ParseWireError) in try writer.writeValue(self, placement: placement) }
    }

    /// Reads any value, checked as strictly as ``WireDecoder`` checks it.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        let state = try WireDecodingState.required(decoder, for: Self.self)
        let placement: ValuePlacement = switch state.memberRole {
        case .body: .saveBodyField
        case .object: .field
        case .plain: .nested
        }
        self = try state.read(ParseValue.self) { walker, index throws(ParseWireError) in
            try walker.decodeValue(at: index, placement: placement)
        }
    }
}
