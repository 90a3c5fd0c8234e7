/// Parse Server's default request keyword denylist, as per-key predicates (NAME-5).
///
/// The server's default `requestKeywordDenylist` (server `src/Options/Definitions.js`) holds three
/// entries: the key `constructor`, the key `__proto__`, and the key `_bsontype` with the value `Code`.
/// `Utils.objectContainsKeyValue` (server `src/Utils.js`) matches keys *and* string values as
/// regular expressions, so a key is refused when it merely contains `constructor` or `__proto__`
/// (`myconstructorField`), and `{"_bsontype": …}` when the key contains `_bsontype` and the value is a
/// string containing `Code`. The match is case-sensitive: `Constructor` is allowed. The server answers
/// 105 `Prohibited keyword in request data: {…}.`.
///
/// The server's scan stops after descending into the first nested object or array of an object (a
/// quirk of its recursion), so later siblings go unchecked. ParseWire checks every key at every
/// depth; the caller walks the document and asks these predicates about each key.
enum KeywordDenylist {
    private static let constructorKeyword: StaticString = "constructor"
    private static let protoKeyword: StaticString = "__proto__"
    private static let bsonTypeKeyword: StaticString = "_bsontype"
    private static let codeKeyword: StaticString = "Code"

    /// Checks a key against the denylist.
    /// - Returns: `nil` when the key is allowed; otherwise a `prohibited-keyword` error (Parse code 105).
    static func check(key: String) -> ParseWireError? {
        NameRules.withBytes(of: key) { check(key: $0) }
    }

    /// Checks raw UTF-8 key bytes against the denylist; allocates nothing when the key is allowed.
    /// - Returns: `nil` when the key is allowed; otherwise a `prohibited-keyword` error (Parse code 105).
    static func check(key utf8: UnsafeBufferPointer<UInt8>) -> ParseWireError? {
        let keyword: StaticString
        if contains(utf8, constructorKeyword) {
            keyword = constructorKeyword
        } else if contains(utf8, protoKeyword) {
            keyword = protoKeyword
        } else {
            return nil
        }
        let key = String(decoding: utf8, as: UTF8.self)
        return ParseWireError(
            .prohibitedKeyword,
            message: "Prohibited keyword in request data: the key \(NameRules.quoted(key)) contains "
                + "\"\(keyword)\"; Parse Server refuses any key containing it (prototype-pollution guard)")
    }

    /// Whether a key falls under the `_bsontype` entry, which also needs its value checked.
    ///
    /// True when the key contains `_bsontype` (the server's regular-expression match), which includes
    /// the key `_bsontype` itself; the caller then asks ``isBSONTypeCodeValue(_:)`` about the value.
    static func isBSONTypeKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(utf8, bsonTypeKeyword)
    }

    /// Whether the raw UTF-8 bytes of a *string* value complete the `_bsontype` entry: the server
    /// matches the value `Code` as a regular expression, so any string containing `Code`.
    ///
    /// Only string values can match; the caller never asks about numbers, objects or other types.
    static func isBSONTypeCodeValue(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(utf8, codeKeyword)
    }

    /// Whether a key and its string value together match the `_bsontype`/`Code` entry.
    static func isBSONTypeCode(key: String, value: String) -> Bool {
        NameRules.withBytes(of: key, isBSONTypeKey) && NameRules.withBytes(of: value, isBSONTypeCodeValue)
    }

    /// The error for a `_bsontype` key whose value matches `Code`.
    static func bsonTypeCodeError() -> ParseWireError {
        ParseWireError(
            .prohibitedKeyword,
            message: "Prohibited keyword in request data: {\"_bsontype\":\"Code\"}; Parse Server refuses a key "
                + "containing \"_bsontype\" whose string value contains \"Code\" (BSON code-injection guard)")
    }

    /// Whether raw key bytes certainly pass both the denylist and the nested-key rule: one pass
    /// finds no `$`, `.` or `_` (which every other entry needs) and no `constructor`. A key that
    /// fails this screen is not necessarily wrong; the full checks then decide.
    static func isPlainNestedKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            switch utf8[index] {
            case UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "_"): return false
            case UInt8(ascii: "c") where utf8.count - index >= constructorKeyword.utf8CodeUnitCount: return false
            default: index += 1
            }
        }
        return true
    }

    /// Substring search for a short literal; keys are short, so a first-byte scan beats anything cleverer.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { needle in
            guard let first = needle.first, haystack.count >= needle.count else { return false }
            let lastStart = haystack.count - needle.count
            var start = 0
            while start <= lastStart {
                if haystack[start] == first {
                    var offset = 1
                    while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }
}
