/// The coding that `parse-wire generate swift` writes out for a model type, as direct code: it
/// appends wire JSON to one buffer and reads a document in one pass over the scanner's tape.
///
/// Generated code conforms its types to these protocols; an app does not. Generated coding covers
/// the common case only: whenever it meets something it does not handle itself (an error, a
/// leniency, an included object, an operation), it throws ``GeneratedWireFallback`` and
/// ``ParseWireEncoder``/``ParseWireDecoder`` code the same document through the Codable bridge,
/// which gives the result or the error, with its kind, Parse code, byte offset and path, exactly
/// as it would without generated code.

/// A value that generated code writes and reads directly: the scalars, `Date`, the wire types,
/// arrays and string-keyed maps of such values, and the generated structs and enums.
public protocol GeneratedWireValue {
    /// Appends the value's wire JSON.
    ///
    /// - Parameter writer: The document being written.
    /// - Throws: ``GeneratedWireFallback`` when the bridge must write the document instead.
    func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback)

    /// Reads a value from the tape entry `index`.
    ///
    /// - Parameters:
    ///   - reader: The document being read.
    ///   - index: The value's tape entry.
    /// - Throws: ``GeneratedWireFallback`` when the bridge must read the document instead.
    static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Self
}

/// A generated Parse object type: the documents ``ParseWireEncoder`` and ``ParseWireDecoder``
/// code through generated code when a type conforms.
public protocol ParseWireGeneratedObject: ParseObject, GeneratedWireValue {}

/// Thrown by generated coding when the document must be coded by the Codable bridge instead,
/// which then reports any error exactly as it does for any `Codable` type.
public struct GeneratedWireFallback: Error, Sendable {
    /// Creates the signal.
    public init() {}
}

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
