import Testing
@testable import ParseWire
import TestSupport

@Suite("JSON writer")
struct JSONWriterTests {
    private func written(_ string: String) -> String {
        var writer = JSONWriter()
        writer.writeString(string)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("only quote, backslash and control characters are escaped")
    func minimalEscaping() {
        #expect(written("a/b") == #""a/b""#)
        #expect(written("\"\\") == #""\"\\""#)
        #expect(written("é😀\u{2028}\u{7F}") == "\"é😀\u{2028}\u{7F}\"")
        #expect(written("\u{8}\u{C}\n\r\t") == #""\b\f\n\r\t""#)
        #expect(written("\u{0}\u{1F}") == #""\u0000\u001f""#)
    }

    @Test("every control character is written in JSON.stringify's form")
    func everyControlCharacter() {
        let short: [UInt8: String] = [8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r"]
        for byte in UInt8(0)..<0x20 {
            let expected = short[byte] ?? "\\u00" + String(byte, radix: 16).leftPadded(to: 2)
            #expect(written(String(UnicodeScalar(byte))) == "\"\(expected)\"")
        }
    }

    @Test("a character to escape is found at every position of a long string, next to any other byte")
    func escapeAtEveryPosition() {
        let specials: [(Character, String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1F}", "\\u001f"), ("\u{0}", "\\u0000")]
        let fillers: [Character] = ["a", "~", "\u{7F}", "é", " ", "!", "#", "[", "]", "<", "^"]
        for length in 1...24 {
            for position in 0..<length {
                for (special, escaped) in specials {
                    for filler in fillers {
                        var plain = Array(repeating: String(filler), count: length)
                        plain[position] = String(special)
                        var expected = Array(repeating: String(filler), count: length)
                        expected[position] = escaped
                        #expect(written(plain.joined()) == "\"" + expected.joined() + "\"")
                    }
                }
            }
            let clean = String(repeating: "é~ !#[]a\u{7F}", count: length)
            #expect(written(clean) == "\"" + clean + "\"")
        }
    }

    @Test("a written string scans back to the same string")
    func roundTrip() throws {
        let samples = ["", "plain", "tab\there", "quote\"back\\slash", "e\u{301}", "\u{1F600}", String(repeating: "x\u{1}", count: 100)]
        for sample in samples {
            #expect(try decode(written(sample)) == .string(sample))
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
