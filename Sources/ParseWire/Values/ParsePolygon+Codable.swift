/// `ParsePolygon` as a Codable property: its wire form, `{"__type":"Polygon",…}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension ParsePolygon: Codable, TypedValueCoding {
    static let wireType = WireTypeName.polygon
    static func extract(_ value: ParseValue) -> Self? { if case .polygon(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writePolygon(self) }
}
