import Testing
@testable import ParseWire

/// Errors at the spots where the scanner steps over whitespace and remembers keys: between a key
/// and its ':', after ':' and ',', after a value, inside a key, and nested, with every JSON
/// whitespace byte. Each document's error (kind, offset, path and message) is pinned, so that a
/// faster way through these spots cannot move or reword one.
@Suite("JSON scanner error pins")
struct JSONScannerErrorPinTests {
    /// A document and its limits' depth (0 for the default); `~` stands for the byte 0xFF and `^`
    /// for 0x80, which no `String` holds.
    static let documents: [(text: String, depth: Int)] = [
        // Between a key and its ':'.
        (#"{"a"x:1}"#, 0), (#"{"a""#, 0), (#"{"a" "#, 0), ("{\"a\" \tx:1}", 0), (#"{"a"}"#, 0), (#"{"a" }"#, 0),
        (#"{"a"::1}"#, 0), (#"{"a":1,"b"  ,2}"#, 0),
        // After ':'.
        (#"{"a":}"#, 0), (#"{"a": }"#, 0), (#"{"a":"#, 0), (#"{"a": "#, 0), ("{\"a\":\t\r\n]}", 0), (#"{"a": x}"#, 0),
        (#"{"a": ,"b":1}"#, 0), (#"{"a": tru}"#, 0), ("{\"a\":\tNaN}", 0), (#"{"a": -}"#, 0),
        // After a value.
        (#"{"a":1 x}"#, 0), (#"{"a":1 "b":2}"#, 0), (#"{"a":1"#, 0), (#"{"a":1 "#, 0), (#"[1 2]"#, 0), (#"[1 "#, 0),
        (#"1 x"#, 0), ("1 \n\t\r", -1), (#"[true ]x"#, 0), (#"{"a":"s" "#, 0), (#"{"a":[1,2 }"#, 0),
        (#"{"a":{"b":1]}"#, 0), (#"[{"a":1} }"#, 0), (#"[[] ]]"#, 0), (#"{"a":{} "b"}"#, 0), ("[1\u{0B}]", 0),
        // After ','.
        (#"{"a":1, }"#, 0), (#"{"a":1,"#, 0), (#"{"a":1, "#, 0), (#"[1, ]"#, 0), (#"[1,"#, 0), (#"[1, "#, 0),
        (#"[1,,2]"#, 0), (#"{"a":1,,}"#, 0), (#"{"a":1, x}"#, 0), (#"[1, x]"#, 0), (#"{"a":1, 2}"#, 0),
        ("[1,\u{A0}2]", 0),
        // After '{' and '['.
        (#"{ "#, 0), (#"[ "#, 0), (#"[ ,]"#, 0), (#"{ ,}"#, 0), (#"{ x}"#, 0), (#"{ ]"#, 0), (#"[ }"#, 0),
        // Inside a key: the path ends at the key's object.
        (#"{"a":1,"b\u00zz":2}"#, 0), (#"{"a":1,"b"#, 0), ("{\"a\":{\"b\":1,\"c\u{01}\":2}}", 0),
        (#"{"a":1,"~":2}"#, 0), (#"{"a":1,"\ud800":1}"#, 0), (#"{"a":[{"b":1,"\q":2}]}"#, 0),
        (#"{"a":{"b":1, "c"#, 0), (#"{"a":[1,{"b":1, "é^":1}]}"#, 0),
        // Nested values.
        (#"{"a":{"b":[1,{"c":tru}]}}"#, 0), (#"{"a":1,"b":"~"}"#, 0), (#"{"a":[{"b":1}, {"c": nul}]}"#, 0),
        (#"{"a" : { "b" : [ 1 , 2 , x ] } }"#, 0), (#"{"a":[1,[2,[3]]], "b": {"c": 1 "d"}}"#, 0),
        (#"{"a":{"b":{"c":1}}}"#, 2), (#"{"a": [ [ [] ] ]}"#, 3), (#"[{"a":1}, {"b": {"c": []}}]"#, 3),
        // Duplicate keys: at the repeated key, or an earlier syntax error first.
        (#"{"a":1,"b":{"x":1,"x":2}}"#, 0), (#"{"a":1,"a":2, "b" x}"#, 0), (#"{"a":1, "b":{"c":2, "c" : 3 }}"#, 0),
        (#"{"a":1,"\u0061":2}"#, 0), (#"[{"k":1},{"k":1,"k":2}]"#, 0),
    ]

    static func pin(_ error: ParseWireError?) -> String {
        guard let error else { return "accepted" }
        return "\(error.kind.name) \(error.offset.map(String.init) ?? "-") \(error.path) \(error.message)"
    }

    static func rejection(_ text: String, depth: Int) -> ParseWireError? {
        var limits = JSONLimits()
        if depth > 0 { limits.maximumDepth = depth }
        let bytes = text.utf8.map { $0 == UInt8(ascii: "~") ? 0xFF : $0 == UInt8(ascii: "^") ? 0x80 : $0 }
        return scanRejection(bytes, limits: limits)
    }

    /// What each document of ``documents`` is rejected with, in order.
    static let expected: [String] = [
        "json-syntax 4 $.a expected \':\' after an object key, found \'x\'",
        "json-syntax 4 $.a unexpected end of input where \':\' was expected",
        "json-syntax 5 $.a unexpected end of input where \':\' was expected",
        "json-syntax 6 $.a expected \':\' after an object key, found \'x\'",
        "json-syntax 4 $.a expected \':\' after an object key, found \'}\'",
        "json-syntax 5 $.a expected \':\' after an object key, found \'}\'",
        "json-syntax 5 $.a expected a value, found \':\'",
        "json-syntax 12 $.b expected \':\' after an object key, found \',\'",
        "json-syntax 5 $.a a value is missing before \'}\' (trailing commas are not JSON)",
        "json-syntax 6 $.a a value is missing before \'}\' (trailing commas are not JSON)",
        "json-syntax 5 $.a unexpected end of input where a value was expected",
        "json-syntax 6 $.a unexpected end of input where a value was expected",
        "json-syntax 8 $.a a value is missing before \']\' (trailing commas are not JSON)",
        "json-syntax 6 $.a expected a value, found \'x\'",
        "json-syntax 6 $.a expected a value, found \',\'",
        "json-syntax 6 $.a expected the literal \'true\'",
        "json-syntax 6 $.a NaN is not a JSON value",
        "json-syntax 6 $.a a \'-\' must be followed by a digit",
        "json-syntax 7 $.a expected \',\' or \'}\' after an object member, found \'x\'",
        "json-syntax 7 $.a expected \',\' or \'}\' after an object member, found \'\"\'",
        "json-syntax 6 $.a unexpected end of input inside an object; expected \',\' or \'}\'",
        "json-syntax 7 $.a unexpected end of input inside an object; expected \',\' or \'}\'",
        "json-syntax 3 $[1] expected \',\' or \']\' after an array element, found \'2\'",
        "json-syntax 3 $[1] unexpected end of input inside an array; expected \',\' or \']\'",
        "json-syntax 2 $ unexpected \'x\' after the end of the document",
        "accepted",
        "json-syntax 7 $ unexpected \'x\' after the end of the document",
        "json-syntax 9 $.a unexpected end of input inside an object; expected \',\' or \'}\'",
        "json-syntax 10 $.a[2] expected \',\' or \']\' after an array element, found \'}\'",
        "json-syntax 11 $.a.b expected \',\' or \'}\' after an object member, found \']\'",
        "json-syntax 9 $[1] expected \',\' or \']\' after an array element, found \'}\'",
        "json-syntax 5 $ unexpected \']\' after the end of the document",
        "json-syntax 8 $.a expected \',\' or \'}\' after an object member, found \'\"\'",
        "json-syntax 2 $[1] expected \',\' or \']\' after an array element, found byte 0x0B",
        "json-syntax 8 $.a a member is missing before \'}\' (trailing commas are not JSON)",
        "json-syntax 7 $.a unexpected end of input where an object key was expected",
        "json-syntax 8 $.a unexpected end of input where an object key was expected",
        "json-syntax 4 $[1] a value is missing before \']\' (trailing commas are not JSON)",
        "json-syntax 3 $[1] unexpected end of input where a value was expected",
        "json-syntax 4 $[1] unexpected end of input where a value was expected",
        "json-syntax 3 $[1] expected a value, found \',\'",
        "json-syntax 7 $.a expected a string key in double quotes, found \',\'",
        "json-syntax 8 $.a expected a string key in double quotes, found \'x\'",
        "json-syntax 4 $[1] expected a value, found \'x\'",
        "json-syntax 8 $.a expected a string key in double quotes, found \'2\'",
        "json-syntax 3 $[1] expected a value, found byte 0xC2",
        "json-syntax 2 $ unexpected end of input where an object key was expected",
        "json-syntax 2 $[0] unexpected end of input where a value was expected",
        "json-syntax 2 $[0] expected a value, found \',\'",
        "json-syntax 2 $ expected a string key in double quotes, found \',\'",
        "json-syntax 2 $ expected a string key in double quotes, found \'x\'",
        "json-syntax 2 $ expected a string key in double quotes, found \']\'",
        "json-syntax 2 $[0] a value is missing before \'}\' (trailing commas are not JSON)",
        "json-syntax 9 $ \\u must be followed by four hexadecimal digits",
        "json-syntax 7 $ unexpected end of input: the string starting here is never closed",
        "json-syntax 14 $.a control character U+0001 must be escaped inside a string",
        "invalid-utf8 8 $ invalid UTF-8: byte 0xFF cannot start a UTF-8 sequence",
        "invalid-utf8 8 $ \\uD800 is a lone high surrogate; it must be followed by a \\u escape of a low surrogate",
        "json-syntax 14 $.a[0] \\q is not a JSON escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
        "json-syntax 13 $.a unexpected end of input: the string starting here is never closed",
        "invalid-utf8 19 $.a[1] invalid UTF-8: byte 0x80 cannot start a UTF-8 sequence",
        "json-syntax 18 $.a.b[1].c expected the literal \'true\'",
        "invalid-utf8 12 $.b invalid UTF-8: byte 0xFF cannot start a UTF-8 sequence",
        "json-syntax 21 $.a[1].c expected the literal \'null\'",
        "json-syntax 25 $.a.b[2] expected a value, found \'x\'",
        "json-syntax 31 $.b.c expected \',\' or \'}\' after an object member, found \'\"\'",
        "depth-limit 10 $.a.b arrays and objects nest deeper than the limit of 2",
        "depth-limit 10 $.a[0][0] arrays and objects nest deeper than the limit of 3",
        "depth-limit 22 $[1].b.c arrays and objects nest deeper than the limit of 3",
        "duplicate-key 18 $.b.x the key \"x\" appears more than once in this object; Parse Server would silently keep only the last",
        "json-syntax 18 $.b expected \':\' after an object key, found \'x\'",
        "duplicate-key 20 $.b.c the key \"c\" appears more than once in this object; Parse Server would silently keep only the last",
        "duplicate-key 7 $.a the key \"a\" appears more than once in this object; Parse Server would silently keep only the last",
        "duplicate-key 16 $[1].k the key \"k\" appears more than once in this object; Parse Server would silently keep only the last",
    ]

    @Test("whitespace, garbage and truncation around keys, values and separators keep their errors")
    func pinnedErrors() {
        #expect(Self.documents.count == Self.expected.count)
        for ((text, depth), expected) in zip(Self.documents, Self.expected) {
            #expect(Self.pin(Self.rejection(text, depth: depth)) == expected, "\(text.debugDescription)")
        }
    }
}
