/// `FieldOperation` as a Codable property of an update body: `{"__op":"Increment","amount":1}`.
///
/// An operation is legal only as a top-level value of a save or update body
/// (``ParseWireMode/saveBody``, ``ParseWireMode/updateBody``); anywhere else it is an error.
extension FieldOperation: Codable {
    /// Writes the operation.
    ///
    /// - Parameter encoder: Any encoder; another than ``ParseWireEncoder`` (such as `JSONEncoder`)
    ///   gets the same keys in its keyed form, wherever the operation is.
    /// - Throws: `EncodingError` (kind `invalid-operation`) outside the top level of a body, or for
    ///   an operation ``validate()`` refuses.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            // Another encoder writes the operation wherever it is asked to (a cache, a queue of
            // pending saves); ParseWireEncoder checks where operations may go.
            return try ForeignCoding.encode(to: encoder) { (writer) throws(ParseWireError) in try writer.writeOperation(self) }
        }
        let allowsOperation = state.allowsOperation
        try state.writeTyped { writer throws(ParseWireError) in
            guard allowsOperation else {
                throw ParseWireError(.invalidOperation, message: "a field operation may only be a top-level value of a save or update body")
            }
            try writer.writeOperation(self)
        }
    }

    /// Reads an operation, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` (kind `invalid-operation`) outside the top level of a body, or
    ///   for a malformed operation.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decode(from: decoder) { (walker) throws(ParseWireError) in
                guard walker.entries[0].kind == .object, walker.keyEqualsAny(0, "__op") else {
                    throw walker.error(.invalidOperation, at: 0, "expected a field operation ({\"__op\":…}), found \(walker.describe(0))")
                }
                return try walker.decodeOperation(at: 0, opValue: nil)
            }
            return
        }
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
