/// `ParsePointer` as a Codable property: its wire form, `{"__type":"Pointer",…}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension ParsePointer: Codable, TypedValueCoding {
    static let wireType = WireTypeName.pointer
    static func extract(_ value: ParseValue) -> Self? { if case .pointer(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writePointer(self) }
}
