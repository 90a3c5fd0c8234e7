import Foundation
import Testing
@testable import ParseWire
import TestSupport

@Suite("JSON scanner")
struct JSONScannerTests {
    @Test("the tape of a small document has the documented layout")
    func tapeLayout() throws {
        let tape = try scan(#"{"a":[1,true],"b":"x"}"#)
        let summary = tape.entryList.map { "\($0.kind) \($0.offset) \($0.length) \($0.next)" }
        #expect(summary == [
            "object 0 2 7", "string 2 1 2", "array 5 2 5", "number 6 1 4", "trueLiteral 8 4 5",
            "string 15 1 6", "string 19 1 7",
        ])
    }

    @Test("valid documents scan", arguments: [
        "0", "-0", "1.5e-3", "-12E+2", "true", "false", "null", #""""#, "[]", "{}", " [ 1 , { } ] ",
        #"{"a":{"b":{"c":[[],[{}]]}}}"#, #""\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00""#, "\"é😀\"", "\t\r\n 7 \t\r\n",
    ])
    func validDocuments(text: String) throws {
        _ = try scan(text)
    }

    @Test("malformed documents are rejected as json-syntax at the offending byte", arguments: [
        ("", 0), ("   ", 3), ("[1,]", 3), ("[1 2]", 3), ("{\"a\" 1}", 5), ("{\"a\":1,}", 7), ("{1:2}", 1),
        ("01", 0), ("-", 0), ("1.", 2), (".5", 0), ("+1", 0), ("1e", 2), ("1e+", 3), ("NaN", 0),
        ("Infinity", 0), ("-Infinity", 0), ("tru", 0), ("nul", 0), ("{} x", 3), ("[1] [2]", 4),
        ("\"abc", 0), ("\"\\x\"", 1), ("\"\\u12G4\"", 1), ("[", 1), ("{\"a\":", 5), ("'a'", 0), ("[1,,2]", 3),
        ("\u{FEFF}1", 0),
    ])
    func malformed(text: String, offset: Int) throws {
        let error = try #require(scanRejection(Array(text.utf8)))
        #expect(error.kind == .jsonSyntax)
        #expect(error.offset == offset, "\(error)")
        #expect(error.parseCode == 107)
    }

    @Test("every control character must be escaped inside a string")
    func controlCharacters() throws {
        for byte in UInt8(0)..<0x20 {
            let error = try #require(scanRejection([UInt8(ascii: "\""), byte, UInt8(ascii: "\"")]), "U+\(byte)")
            #expect(error.kind == .jsonSyntax)
            #expect(error.offset == 1)
        }
        _ = try scan("\"\u{7F}\"")
    }

    @Test("invalid UTF-8 is rejected as invalid-utf8", arguments: [
        [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22],
        [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0x80, 0x22], [0x22, 0xE2, 0x82],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) throws {
        let error = try #require(scanRejection(bytes))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == 1)
    }

    @Test("non-ASCII outside a string is a syntax error")
    func nonASCIIOutsideStrings() throws {
        let error = try #require(scanRejection(Array("[é]".utf8)))
        #expect(error.kind == .jsonSyntax)
    }

    @Test("lone surrogate escapes are rejected", arguments: [
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800x""#, #""\udbff\udbff""#,
    ])
    func loneSurrogates(text: String) throws {
        let error = try #require(scanRejection(Array(text.utf8)))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == 1)
    }

    @Test("a defect inside an object key is reported at the key's object, not a crash", arguments: [
        (#"{"\udfff":1}"#, ParseWireError.Kind.invalidUTF8, "$"), (#"{"a":{"b\x":1}}"#, .jsonSyntax, "$.a"),
        ("{\"a\u{1}\":1}", .jsonSyntax, "$"), (#"{"abc"#, .jsonSyntax, "$"),
    ])
    func defectInKey(text: String, kind: ParseWireError.Kind, path: String) throws {
        let error = try #require(scanRejection(Array(text.utf8)))
        #expect(error.kind == kind)
        #expect(error.path == path)
        let invalidByte = try #require(scanRejection([0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D]))
        #expect(invalidByte.kind == .invalidUTF8)
    }

    @Test("duplicate keys are rejected, compared after unescaping")
    func duplicateKeys() throws {
        for text in [#"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2}"#, #"{"b":0,"a":1,"c":2,"a":3}"#] {
            let error = try #require(scanRejection(Array(text.utf8)), "\(text)")
            #expect(error.kind == .duplicateKey)
        }
        let many = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k7\":0}"
        let error = try #require(scanRejection(Array(many.utf8)))
        #expect(error.kind == .duplicateKey)
        #expect(error.message.contains("\"k7\""))
        // Distinct code point sequences are distinct keys, even when canonically equivalent.
        _ = try scan("{\"\u{E9}\":1,\"e\u{301}\":2}")
        _ = try scan("{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}")
    }

    @Test("errors inside containers carry the path of the offending value")
    func errorPaths() throws {
        let error = try #require(scanRejection(Array(#"{"a":[1,{"b":[tru]}]}"#.utf8)))
        #expect(error.path == "$.a[1].b[0]")
        let inKey = try #require(scanRejection(Array(#"{"x y":{"c":01}}"#.utf8)))
        #expect(inKey.path == #"$["x y"].c"#)
    }

    @Test("100,000 nested arrays are rejected at the depth limit without crashing")
    func deepNesting() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(scanRejection(bytes))
        #expect(error.kind == .depthLimit)
        #expect(error.offset == 512)
    }

    @Test("the depth limit is exact: 512 levels pass, 513 do not")
    func depthLimitBoundary() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try scan(ok)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(scanRejection(Array(deep.utf8))?.kind == .depthLimit)
        var limits = JSONLimits()
        limits.maximumDepth = 3
        #expect(scanRejection(Array(#"{"a":{"b":{"c":{}}}}"#.utf8), limits: limits)?.kind == .depthLimit)
    }

    @Test("the size limit rejects a document larger than allowed")
    func sizeLimit() throws {
        var limits = JSONLimits()
        limits.maximumBytes = 4
        #expect(scanRejection(Array("12345".utf8), limits: limits)?.kind == .sizeLimit)
        #expect(scanRejection(Array("1234".utf8), limits: limits) == nil)
    }

    @Test("a 10 MB string decodes")
    func largeString() throws {
        let payload = String(repeating: "abcdefghé", count: 1_000_000)
        let value = try decode("\"" + payload + "\"")
        #expect(value == .string(payload))
    }

    @Test("numbers are classified as integers only without fraction or exponent")
    func numberFlags() throws {
        let tape = try scan("[1,-20,1.0,1e2,0]")
        let flags = tape.entryList.dropFirst().map { $0.flags & JSONTape.numberIsInteger != 0 }
        #expect(flags == [true, true, false, false, true])
    }

    /// Foundation on Linux accepts trailing commas (`[1,]`), which RFC 8259 does not; those are
    /// left out here and rejected by the syntax tests above.
    @Test("the scanner agrees with JSONSerialization on which documents are valid")
    func agreesWithFoundation() throws {
        let documents = [
            "[1,2,3]", #"{"a":"b"}"#, "[01]", "[-]", "[1e5]", "[\"\\u0000\"]", "[[[]]]",
            #"{"a" : [ true , false , null ] }"#, "[.1]", "[1.]", "[\"\t\"]",
        ]
        for document in documents {
            let ours = scanRejection(Array(document.utf8)) == nil
            let foundation = (try? JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed])) != nil
            #expect(ours == foundation, "\(document)")
        }
    }
}
