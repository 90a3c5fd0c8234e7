import Testing
@testable import ParseWire
import TestSupport

/// A document cut short anywhere is rejected with a message that names the end of the input.
@Suite("JSON scanner truncation")
struct JSONScannerTruncationTests {
    @Test("every proper prefix of a valid document that is rejected says 'unexpected end of input'", arguments: [
        #"{"a":[true,false,null,-12.5e+3,0,"x\u00e9\ud83d\ude00é😀\n"],"b":{},"c":[]}"#,
        #" { "k" : [ 1 , 2 ] , "é" : "\"" } "#,
        "-12.5E-3", "true", "false", "null", #""abc""#, "[[[[]]]]", #"{"a":{"b":{"c":null}}}"#,
    ])
    func truncations(document: String) throws {
        let bytes = Array(document.utf8)
        _ = try JSONNode.parse(bytes)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            do {
                _ = try JSONNode.parse(prefix)
            } catch {
                #expect(error.message.contains("unexpected end of input"),
                        "\(String(decoding: prefix, as: UTF8.self)) → \(error)")
            }
        }
    }

    @Test("a wrong literal still names the literal; only a cut one names the end of input")
    func literals() {
        #expect(rejection("[trux]")?.message.contains("expected the literal 'true'") == true)
        #expect(rejection("tr")?.message.contains("unexpected end of input") == true)
    }

    @Test("a word that is no literal at all is named as found, not as a misspelt literal")
    func foreignWords() {
        let message = rejection("not json")?.message ?? ""
        #expect(message.contains("expected a JSON value, found 'not'"), "\(message)")
        #expect(!message.contains("expected the literal"), "\(message)")
        #expect(rejection("[nil]")?.message.contains("found 'nil'") == true)
        #expect(rejection("fals")?.message.contains("unexpected end of input") == true)
        #expect(rejection("nulL")?.message.contains("expected the literal 'null'") == true)
    }
}
