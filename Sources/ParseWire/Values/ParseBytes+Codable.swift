/// `ParseBytes` as a Codable property: its wire form, `{"__type":"Bytes","base64":…}`.
///
/// `encode(to:)` and `init(from:)` are ``TypedValueCoding``'s, from these facts.
extension ParseBytes: Codable, TypedValueCoding {
    static let wireType = WireTypeName.bytes
    static func extract(_ value: ParseValue) -> Self? { if case .bytes(let value) = value { value } else { nil } }
    func writeWire(to output: inout some TypedValueOutput) { output.writeBytes(self) }
    /// An empty Bytes value cannot be saved as a field.
    var bodyField: ParseValue? { bytes.isEmpty ? .bytes(self) : nil }
}
