/// `FieldOperation` as a Codable property of an update body: `{"__op":"Increment","amount":1}`.
///
/// An operation is legal only as a top-level value of a save or update body
/// (``ParseWireMode/saveBody``, ``ParseWireMode/updateBody``); anywhere else it is an error.
extension FieldOperation: Codable {
    /// Writes the operation.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` (kind `invalid-operation`) outside the top level of a body, or for
    ///   an operation ``validate()`` refuses.
    public func encode(to encoder: any Encoder) throws {
        let state = try WireEncodingState.required(encoder, for: Self.self)
        let allowsOperation = state.allowsOperation
        try state.writeTyped { writer throws(ParseWireError) in
            guard allowsOperation else {
                throw ParseWireError(.invalidOperation, message: "a field operation may only be a top-level value of a save or update body")
            }
            try writer.writeOperation(self)
        }
    }

    /// Reads an operation, checked as strictly as ``WireDecoder`` checks it.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` (kind `invalid-operation`) outside the top level of a body, or
    ///   for a malformed operation.
    public init(from decoder: any Decoder) throws {
        let state = try WireDecodingState.required(decoder, for: Self.self)
        let allowsOperation = state.memberRole == .body
        self = try state.read(FieldOperation.self) { walker, index throws(ParseWireError) in
            guard allowsOperation else {
                throw walker.error(.invalidOperation, at: index, "a field operation may only be a top-level value of a save or update body")
            }
            guard walker.entries[index].kind == .object, walker.keyEqualsAny(index, "__op") else {
                throw walker.error(.invalidOperation, at: index, "expected a field operation ({\"__op\":…}), found \(walker.describe(index))")
            }
            return try walker.decodeOperation(at: index, opValue: nil)
        }
    }
}
