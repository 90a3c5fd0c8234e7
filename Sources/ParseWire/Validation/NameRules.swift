import Foundation

/// Parse's naming rules for classes, fields, nested keys and objectIds, as Parse Server enforces them.
///
/// The rules are the server's `SchemaController` facts: a field or class name matches
/// `^[A-Za-z][A-Za-z0-9_]*$` (ASCII only) and is not `className` or `length`; a class name may also
/// be a system class or a join class. Each `check` function returns `nil` when the name is fine, or
/// the error the codec raises, so callers on hot paths pay nothing for the success case.
///
/// The byte-level forms (`isValid…`) work on raw UTF-8 key bytes straight from the input, without
/// creating a `String`.
public enum NameRules {
    /// The class names Parse Server reserves for itself and accepts although they start with `_`.
    static let systemClasses: [StaticString] = [
        "_User", "_Installation", "_Role", "_Session", "_Product", "_PushStatus", "_JobStatus",
        "_JobSchedule", "_Audience", "_Idempotency",
    ]

    private static let nameRule =
        "starts with an ASCII letter and continues with ASCII letters, digits or '_'"

    // MARK: - Public checks

    /// Checks a field name against Parse's rule `^[A-Za-z][A-Za-z0-9_]*$` (NAME-1), minus the reserved
    /// `className` and `length` (NAME-4).
    ///
    /// - Parameter name: The field name, such as `servings`.
    /// - Returns: `nil` when the name is valid; otherwise an `invalid-field-name` error (Parse code 105)
    ///   that names the offending character and its 1-based position.
    public static func checkFieldName(_ name: String) -> ParseWireError? {
        if withBytes(of: name, isValidFieldName) { return nil }
        return ParseWireError(.invalidFieldName, message: nameProblem(name, kind: "field name"))
    }

    /// Checks a class name (NAME-2): a name that follows the field-name rule, a Parse system class, or a join class.
    ///
    /// System classes are `_User`, `_Installation`, `_Role`, `_Session`, `_Product`, `_PushStatus`,
    /// `_JobStatus`, `_JobSchedule`, `_Audience` and `_Idempotency`. A join class matches
    /// `^_Join:[A-Za-z0-9_]+:[A-Za-z0-9_]+$`. Parse Server's own join-class pattern has no end anchor
    /// (so it would accept `_Join:a:b:c` or `_Join:a:b$`); ParseWire anchors it, which rejects nothing
    /// the server itself creates, because the server builds join classes as `_Join:<field>:<class>`
    /// from a valid field name and a valid class name.
    /// - Parameter name: The class name, such as `GameScore` or `_User`.
    /// - Returns: `nil` when the name is valid; otherwise an `invalid-class-name` error (Parse code 103).
    public static func checkClassName(_ name: String) -> ParseWireError? {
        if withBytes(of: name, isValidClassName) { return nil }
        let message: String
        if name.utf8.starts(with: "_Join:".utf8) {
            message = "\(quoted(name)) is not a valid class name: a join class is named "
                + "\"_Join:<relation field>:<owning class>\", each part one or more ASCII letters, digits or '_'"
        } else if name.utf8.first == UInt8(ascii: "_") {
            let known = systemClasses.map { $0.description }.joined(separator: ", ")
            message = "\(quoted(name)) is not a valid class name: a name starting with '_' must be one of "
                + "Parse's system classes (\(known)) or a join class \"_Join:<relation field>:<owning class>\""
        } else {
            message = nameProblem(name, kind: "class name")
        }
        return ParseWireError(.invalidClassName, message: message)
    }

    /// Checks a key inside a nested object, which MongoDB storage forbids to contain `$` or `.` (NAME-3).
    ///
    /// Applies below the top level of an object or save body, and anywhere inside a field value.
    /// An empty nested key is allowed, as the server allows it.
    /// - Parameter key: The nested key.
    /// - Returns: `nil` when the key is valid; otherwise an `invalid-nested-key` error (Parse code 121).
    public static func checkNestedKey(_ key: String) -> ParseWireError? {
        if withBytes(of: key, isValidNestedKey) { return nil }
        var position = 0
        var found: Unicode.Scalar = "$"
        for scalar in key.unicodeScalars {
            position += 1
            if scalar == "$" || scalar == "." {
                found = scalar
                break
            }
        }
        return ParseWireError(
            .invalidNestedKey,
            message: "Nested keys should not contain the '$' or '.' characters: the key \(quoted(key)) "
                + "has '\(found)' at position \(position)")
    }

    /// Checks an objectId: it must be non-empty and must not contain `$` (PTR-4).
    ///
    /// Parse Server's storage keeps pointers as `"Class$id"` and splits them at the first `$`, so an id
    /// containing `$` would come back truncated.
    /// - Parameter id: The objectId.
    /// - Returns: `nil` when the id is valid; otherwise an `invalid-object-id` error.
    public static func checkObjectId(_ id: String) -> ParseWireError? {
        if id.isEmpty {
            return ParseWireError(.invalidObjectId, message: "an objectId must not be empty")
        }
        if withBytes(of: id, isValidObjectId) { return nil }
        return ParseWireError(
            .invalidObjectId,
            message: "\(quoted(id)) is not a valid objectId: it contains '$', which Parse Server's storage "
                + "uses to join class and id (\"Class$id\"), so the id would be cut short")
    }

    // MARK: - Byte-level rules

    /// Whether raw UTF-8 bytes form a valid field name (same rule as ``checkFieldName(_:)``).
    static func isValidFieldName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, isASCIILetter(first) else { return false }
        for byte in utf8.dropFirst() where !isNameContinuation(byte) { return false }
        return !isReservedName(utf8)
    }

    /// Whether raw UTF-8 bytes form a valid nested key: no `$` and no `.`.
    static func isValidNestedKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".") { return false }
        return true
    }

    /// Whether raw UTF-8 bytes form a valid class name (same rule as ``checkClassName(_:)``).
    static func isValidClassName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.first == UInt8(ascii: "_") else { return isValidFieldName(utf8) }
        for system in systemClasses where equals(utf8, system) { return true }
        return isJoinClassName(utf8)
    }

    /// Whether the bytes match `^_Join:[A-Za-z0-9_]+:[A-Za-z0-9_]+$`.
    private static func isJoinClassName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix: StaticString = "_Join:"
        guard utf8.count > prefix.utf8CodeUnitCount,
              equals(UnsafeBufferPointer(rebasing: utf8[..<prefix.utf8CodeUnitCount]), prefix)
        else { return false }
        var partLength = 0
        var parts = 1
        for byte in utf8[prefix.utf8CodeUnitCount...] {
            if byte == UInt8(ascii: ":") {
                guard parts == 1, partLength > 0 else { return false }
                parts = 2
                partLength = 0
            } else if isNameContinuation(byte) {
                partLength += 1
            } else {
                return false
            }
        }
        return parts == 2 && partLength > 0
    }

    /// `className` and `length` pass the pattern but the server refuses them (`className` would
    /// clash with the wire's own `className` key, `length` with JavaScript's array length).
    private static func isReservedName(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        equals(utf8, "className") || equals(utf8, "length")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameContinuation(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Byte equality with a literal, without allocating.
    static func equals(_ utf8: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        // A length check, then `memcmp`: a generic `elementsEqual` costs a loop per byte.
        guard utf8.count == literal.utf8CodeUnitCount else { return false }
        guard let start = utf8.baseAddress else { return true }
        return memcmp(start, literal.utf8Start, utf8.count) == 0
    }

    // MARK: - Helpers shared by the validation files

    /// Runs `body` on the UTF-8 bytes of `string`, copying only when the string has no contiguous storage.
    static func withBytes<R>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// The text in double quotes, with quotes, backslashes and control characters escaped, so that
    /// a message shows exactly which bytes were wrong.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(hex(scalar))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A scalar for a message: `"-" (U+002D)` when printable ASCII, else just `U+00EF`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x20, scalar.value < 0x7F {
            return "\(quoted(String(scalar))) (U+\(hex(scalar)))"
        }
        return "U+\(hex(scalar))"
    }

    /// A scalar's code point in hexadecimal, at least four digits (`00E9`), as `U+` is written.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Why a name fails the field-name rule (used for field names and ordinary class names).
    private static func nameProblem(_ name: String, kind: String) -> String {
        let head = "\(quoted(name)) is not a valid \(kind): "
        if name.isEmpty { return head + "it is empty, but a \(kind) \(nameRule)" }
        var position = 0
        for scalar in name.unicodeScalars {
            position += 1
            let fine = scalar.isASCII && (position == 1
                ? isASCIILetter(UInt8(scalar.value)) : isNameContinuation(UInt8(scalar.value)))
            if !fine {
                return head + "a \(kind) \(nameRule), and the character \(describe(scalar)) at position \(position) is not allowed"
            }
        }
        return head + "it is reserved by Parse Server"
    }
}
