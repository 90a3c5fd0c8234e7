/// Checks the generator makes on names, by the codec's own rules.
public enum GeneratedWireNames {
    /// Why `name` cannot be the name of a field of a Parse class, or `nil`.
    ///
    /// - Parameter name: A field name from a schema.
    /// - Returns: The error the encoder would give for the key.
    public static func fieldNameProblem(_ name: String) -> ParseWireError? {
        switch name {
        case "objectId", "createdAt", "updatedAt", "ACL":
            return nil
        default:
            return NameRules.checkFieldName(name) ?? KeywordDenylist.check(key: name)
        }
    }

    /// Why `name` cannot be a key of a plain map or of a nested struct, or `nil`: the rule the
    /// encoder and the wire decoder apply (`$`, `.`, `__type`, `__op`, a denylisted word).
    ///
    /// - Parameter name: A key.
    /// - Returns: The error the encoder would give for the key.
    public static func plainKeyProblem(_ name: String) -> ParseWireError? {
        NameRules.plainKeyProblem(name)
    }

    /// Whether the key needs no escaping and breaks no plain-key rule: `^[A-Za-z][A-Za-z0-9_]*$`
    /// and not denylisted; most keys are, and are checked and written in one pass.
    static func isPlainIdentifier(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
        for byte in utf8 {
            let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
            let isDigit = byte &- UInt8(ascii: "0") < 10
            guard isLetter || isDigit || byte == UInt8(ascii: "_") else { return false }
        }
        return utf8.count < 9 || KeywordDenylist.check(key: utf8) == nil
    }
}
