/// `ParseDate` as a Codable property: `{"__type":"Date","iso":"…"}`.
extension ParseDate: Codable {
    /// Writes `{"__type":"Date","iso":"…"}`.
    ///
    /// - Parameter encoder: Any encoder; with another than ``ParseWireEncoder`` (such as
    ///   `JSONEncoder`), the same keys in its keyed form.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { writer in writer.writeDate(self) }
        }
        try state.writeTyped { writer in writer.writeDate(self) }
    }

    /// Reads a Date value.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decodeTyped("Date", from: decoder) { if case .date(let value) = $0 { value } else { nil } }
            return
        }
        self = try state.decodeTyped("Date", as: ParseDate.self) {
            if case .date(let date) = $0 { date } else { nil }
        }
    }
}
