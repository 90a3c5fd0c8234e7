/// A typed value whose `Codable` form is its wire form (`{"__type":…,…}`): Date, Bytes, Pointer,
/// Relation, GeoPoint, File and Polygon. Their `encode(to:)` and `init(from:)` are the two below,
/// so that each type states only its facts: its name, how it is written, how it is found in a
/// ``ParseValue``, and what a save body checks of it.
///
/// The two are the types' `Codable` witnesses: a conformance's own members come before a
/// synthesised `Codable`, so the stored properties are never encoded one by one
/// (`TypedValueWriterTests` checks the text, also through `JSONEncoder`).
protocol TypedValueCoding {
    /// The `__type` name.
    static var wireType: WireTypeName { get }

    /// The value held by `value` if it is of this type.
    static func extract(_ value: ParseValue) -> Self?

    /// Writes the wire form.
    func writeWire(to output: inout some TypedValueOutput)

    /// The value as the top-level field of a save or update body checks it (``SaveBodyRules``),
    /// or `nil` when no rule can refuse it.
    var bodyField: ParseValue? { get }
}

extension TypedValueCoding {
    var bodyField: ParseValue? { nil }

    /// Writes the wire form: with ``ParseWireEncoder`` straight into the document, after the save
    /// body's checks where it is a body field; with another encoder (such as `JSONEncoder`), the
    /// same keys in its keyed form.
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: What the encoder throws, or an `EncodingError` for a value a save body refuses.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { writer in writeWire(to: &writer.json) }
        }
        if state.memberRole == .body, let field = bodyField { try state.checkBodyField(field) }
        writeWire(to: &state.json)
    }

    /// Reads the wire form, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decodeTyped(Self.wireType, from: decoder, Self.extract)
            return
        }
        self = try state.decodeTyped(Self.wireType, as: Self.self, Self.extract)
    }
}
