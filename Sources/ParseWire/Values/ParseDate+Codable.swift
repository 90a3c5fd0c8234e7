/// `ParseDate` as a Codable property: `{"__type":"Date","iso":"…"}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension ParseDate: Codable, TypedValueCoding {
    static let wireType = WireTypeName.date
    static func extract(_ value: ParseValue) -> Self? { if case .date(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writeDate(self) }
}
