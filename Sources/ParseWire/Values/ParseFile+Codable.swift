/// `ParseFile` as a Codable property: its wire form, `{"__type":"File",…}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension ParseFile: Codable, TypedValueCoding {
    static let wireType = WireTypeName.file
    static func extract(_ value: ParseValue) -> Self? { if case .file(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writeFile(self) }
}
