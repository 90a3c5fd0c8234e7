/// `ParseACL` as a Codable property: `{"*":{"read":true},"u1":{"read":true,"write":true}}`.
extension ParseACL: Codable {
    /// Writes the ACL: granted permissions only, `read` before `write`, as parse-server emits them.
    ///
    /// - Parameter encoder: Any encoder; with another than ``ParseWireEncoder`` (such as
    ///   `JSONEncoder`), the same keys in its keyed form.
    /// - Throws: `EncodingError` for a principal on the keyword denylist, as the `ACL` of a save or
    ///   update body for a principal holding `$` or `.` (Parse code 121), or what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { (writer) throws(ParseWireError) in try writer.writeACL(self).get() }
        }
        if state.memberRole == .body, let failure = entries.lazy.compactMap({ Self.checkSaveBodyPrincipal($0.principal) }).first {
            throw state.failure(failure, value: self, key: nil)
        }
        try state.writeTyped { (writer) throws(ParseWireError) in try writer.writeACL(self).get() }
    }

    /// Reads an ACL, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` (kind `invalid-acl`) has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try ForeignCoding.decode(from: decoder) { (walker) throws(ParseWireError) in try walker.decodeACL(at: 0) }
            return
        }
        let inSaveBody = state.memberRole == .body
        self = try state.read(ParseACL.self) { walker, index throws(ParseWireError) in
            try walker.decodeACL(at: index, inSaveBody: inSaveBody)
        }
    }
}
