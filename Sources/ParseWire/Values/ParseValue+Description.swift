/// A ``ParseValue`` prints as its canonical wire JSON.
extension ParseValue: CustomStringConvertible {
    /// The canonical JSON of the value, as ``ParseValueEncoder`` writes it (members in insertion
    /// order); an ACL and a field operation as the JSON they have under their key.
    ///
    /// A value the encoder refuses to write (a map key with `$` inside a field, nesting past the
    /// depth limit) is described by the error instead, in angle brackets.
    public var description: String {
        var writer = ValueWriter(options: ParseValueEncodingOptions(), isUpdateBody: false)
        do throws(ParseWireError) {
            switch self {
            case .acl(let acl): try writer.writeACL(acl).get()
            case .operation(let operation): try writer.writeOperation(operation)
            default: try writer.writeValue(self, placement: .field)
            }
        } catch {
            return "<\(kindDescription) that cannot be written: \(error.message)>"
        }
        return String(decoding: writer.json.bytes, as: UTF8.self)
    }
}
