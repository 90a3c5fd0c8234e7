/// `GeoPoint` as a Codable property: its wire form, `{"__type":"GeoPoint",…}`.
extension GeoPoint: Codable {
    /// Writes the wire form.
    ///
    /// - Parameter encoder: Any encoder; with another than ``ParseWireEncoder`` (such as
    ///   `JSONEncoder`), the same keys in its keyed form.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { writer in writer.writeGeoPoint(self) }
        }
        if state.memberRole == .body { try state.checkBodyField(.geoPoint(self)) }
        try state.writeTyped { writer in writer.writeGeoPoint(self) }
    }

    /// Reads the wire form, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` whose underlying ParseWireError has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decodeTyped("GeoPoint", from: decoder) { if case .geoPoint(let value) = $0 { value } else { nil } }
            return
        }
        self = try state.decodeTyped("GeoPoint", as: GeoPoint.self) {
            if case .geoPoint(let value) = $0 { value } else { nil }
        }
    }
}
