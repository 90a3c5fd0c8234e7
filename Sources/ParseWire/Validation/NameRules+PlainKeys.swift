import Foundation

extension NameRules {
    /// Why `name` cannot be a key of a plain map or of a nested struct, or `nil`: it holds `$` or
    /// `.` (MongoDB refuses them in nested keys), is `__type` or `__op` (the value would read back
    /// as a typed value or an operation), or holds a keyword parse-server's denylist refuses.
    ///
    /// The rule the encoder, the wire decoder and generated code all apply to a map's keys.
    static func plainKeyProblem(_ name: String) -> ParseWireError? {
        withBytes(of: name) { plainKeyProblem(utf8: $0) }
    }

    /// ``plainKeyProblem(_:)`` on a key's UTF-8 bytes.
    static func plainKeyProblem(utf8: UnsafeBufferPointer<UInt8>) -> ParseWireError? {
        if !isValidNestedKey(utf8) {
            return checkNestedKey(String(decoding: utf8, as: UTF8.self))
        }
        if utf8.count >= 4, utf8[0] == UInt8(ascii: "_"), utf8[1] == UInt8(ascii: "_"),
           equals(utf8, "__type") || equals(utf8, "__op") {
            return ParseWireError(.reservedKey, message: "a plain map cannot have the key \"\(String(decoding: utf8, as: UTF8.self))\"; Parse reserves it for typed values and operations")
        }
        return utf8.count >= 9 ? KeywordDenylist.check(key: utf8) : nil
    }

    /// Whether an objectId's UTF-8 bytes are valid (the rule of ``checkObjectId(_:)``): not empty,
    /// and no `$`, found with `memchr`.
    static func isValidObjectId(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress, !utf8.isEmpty else { return false }
        return memchr(start, Int32(UInt8(ascii: "$")), utf8.count) == nil
    }
}
