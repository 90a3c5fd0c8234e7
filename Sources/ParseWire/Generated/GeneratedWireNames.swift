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

    /// Why `name` cannot be a key of a plain map or of a nested struct, or `nil`.
    ///
    /// - Parameter name: A key.
    /// - Returns: The error the encoder would give for the key.
    public static func plainKeyProblem(_ name: String) -> ParseWireError? {
        var name = name
        return name.withUTF8 { plainKeyProblem(utf8: $0) }
    }

    /// `plainKeyProblem(_:)` on UTF-8 bytes: `$` or `.` (the nested-key rule), `__type` and
    /// `__op` (they would read back as a typed value or an operation), a denylisted word.
    static func plainKeyProblem(utf8: UnsafeBufferPointer<UInt8>) -> ParseWireError? {
        for byte in utf8 where byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".") {
            return NameRules.checkNestedKey(String(decoding: utf8, as: UTF8.self))
        }
        if utf8.count >= 4, utf8[0] == UInt8(ascii: "_"), utf8[1] == UInt8(ascii: "_"),
           NameRules.equals(utf8, "__type") || NameRules.equals(utf8, "__op") {
            return ParseWireError(.reservedKey, message: "a plain map cannot have the key \"\(String(decoding: utf8, as: UTF8.self))\"; Parse reserves it for typed values and operations")
        }
        return utf8.count >= 9 ? KeywordDenylist.check(key: utf8) : nil
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
