/// `ParseBytes` as a Codable property: its wire form, `{"__type":"Bytes",…}`.
extension ParseBytes: Codable {
    /// Writes the wire form.
    ///
    /// - Parameter encoder: Any encoder; with another than ``ParseWireEncoder`` (such as
    ///   `JSONEncoder`), the same keys in its keyed form.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { (writer) throws(ParseWireError) in writer.writeBytes(self) }
        }
        if bytes.isEmpty, state.memberRole == .body { try state.checkBodyField(.bytes(self)) }
        try state.writeTyped { (writer) throws(ParseWireError) in writer.writeBytes(self) }
    }

    /// Reads the wire form, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` whose underlying ParseWireError has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decodeTyped("Bytes", from: decoder) { if case .bytes(let value) = $0 { value } else { nil } }
            return
        }
        self = try state.decodeTyped("Bytes", as: ParseBytes.self) {
            if case .bytes(let value) = $0 { value } else { nil }
        }
    }
}
