/// `ParseACL` as a Codable property: `{"*":{"read":true},"u1":{"read":true,"write":true}}`.
extension ParseACL: Codable {
    /// Writes the ACL: granted permissions only, `read` before `write`, as parse-server emits them.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` for any other encoder, for a principal on the keyword denylist,
    ///   or, as the `ACL` of a save or update body, for a principal holding `$` or `.` (Parse code 121).
    public func encode(to encoder: any Encoder) throws {
        let state = try WireEncodingState.required(encoder, for: Self.self)
        if state.memberRole == .body, let failure = entries.lazy.compactMap({ Self.checkSaveBodyPrincipal($0.principal) }).first {
            throw state.failure(failure, value: self, key: nil)
        }
        try state.writeTyped { (writer) throws(ParseWireError) in try writer.writeACL(self).get() }
    }

    /// Reads an ACL, checked as strictly as ``WireDecoder`` checks it.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` (kind `invalid-acl`) has the path and offset.
    public init(from decoder: any Decoder) throws {
        let state = try WireDecodingState.required(decoder, for: Self.self)
        let inSaveBody = state.memberRole == .body
        self = try state.read(ParseACL.self) { walker, index throws(ParseWireError) in
            try walker.decodeACL(at: index, inSaveBody: inSaveBody)
        }
    }
}
