/// `GeoPoint` as a Codable property: its wire form, `{"__type":"GeoPoint",…}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension GeoPoint: Codable, TypedValueCoding {
    static let wireType = WireTypeName.geoPoint
    static func extract(_ value: ParseValue) -> Self? { if case .geoPoint(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writeGeoPoint(self) }
    /// A save body holds one GeoPoint field at most.
    var bodyField: ParseValue? { .geoPoint(self) }
}
