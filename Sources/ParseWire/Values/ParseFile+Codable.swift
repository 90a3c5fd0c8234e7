/// `ParseFile` as a Codable property: its wire form, `{"__type":"File",…}`.
extension ParseFile: Codable {
    /// Writes the wire form.
    ///
    /// - Parameter encoder: Any encoder; with another than ``ParseWireEncoder`` (such as
    ///   `JSONEncoder`), the same keys in its keyed form.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { writer in writer.writeFile(self) }
        }
        try state.writeTyped { writer in writer.writeFile(self) }
    }

    /// Reads the wire form, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` whose underlying ParseWireError has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decodeTyped("File", from: decoder) { if case .file(let value) = $0 { value } else { nil } }
            return
        }
        self = try state.decodeTyped("File", as: ParseFile.self) {
            if case .file(let value) = $0 { value } else { nil }
        }
    }
}
