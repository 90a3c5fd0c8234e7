/// `ParseRelation` as a Codable property: its wire form, `{"__type":"Relation",…}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension ParseRelation: Codable, TypedValueCoding {
    static let wireType = WireTypeName.relation
    static func extract(_ value: ParseValue) -> Self? { if case .relation(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writeRelation(self) }
}
