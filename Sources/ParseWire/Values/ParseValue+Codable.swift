/// `ParseValue` as a Codable property: any wire value, for fields whose shape varies.
extension ParseValue: Codable {
    /// Writes the value as ``ParseValueEncoder`` does; a field operation only as a top-level value of a
    /// save or update body.
    ///
    /// - Parameter encoder: Any encoder; another than ``ParseWireEncoder`` (such as `JSONEncoder`)
    ///   gets the wire JSON through its containers (an operation or ACL anywhere).
    /// - Throws: `EncodingError` for a value ``ParseValueEncoder`` refuses here, or what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(to: encoder) { (writer) throws(ParseWireError) in
                switch self {
                case .acl(let acl): try writer.writeACL(acl).get()
                case .operation(let operation): try writer.writeOperation(operation)
                default: try writer.writeValue(self, placement: .nested)
                }
            }
        }
        let placement: ValuePlacement = state.allowsOperation ? .saveBodyField : state.memberRole == .object ? .field : .nested
        if placement == .saveBodyField { try state.checkBodyField(self) }
        try state.writeTyped { (writer) throws(ParseWireError) in try writer.writeValue(self, placement: placement) }
    }

    /// Reads any value, checked as strictly as ``ParseValueDecoder`` checks it.
    ///
    /// - Parameter decoder: Any decoder; what another decoder reads is checked by the same rules
    ///   (an ACL read through another decoder is a map: nothing on the wire tells them apart).
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            // An ACL cannot be told from a map outside an object's "ACL" key: it reads back as a map.
            self = try ForeignCoding.decode(from: decoder) { (walker) throws(ParseWireError) in
                if walker.entries[0].kind == .object, walker.keyEqualsAny(0, "__op") {
                    return .operation(try walker.decodeOperation(at: 0, opValue: nil))
                }
                return try walker.decodeValue(at: 0, placement: .nested)
            }
            return
        }
        let placement: ValuePlacement = switch state.memberRole {
        case .body: .saveBodyField
        case .object: .field
        case .plain: .nested
        }
        self = try state.read(ParseValue.self) { walker, index throws(ParseWireError) in
            try walker.decodeValue(at: index, placement: placement)
        }
        if placement == .saveBodyField { try state.checkBodyField(self, at: state.index, key: NoKey(), type: ParseValue.self) }
    }
}
