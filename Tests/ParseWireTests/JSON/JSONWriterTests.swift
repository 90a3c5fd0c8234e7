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

    /// The escaping rule byte by byte, as the reference for the writers' word-at-a-time paths.
    private func referenceLiteral(_ utf8: [UInt8]) -> [UInt8] {
        let short: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 8: UInt8(ascii: "b"), 9: UInt8(ascii: "t"), 10: UInt8(ascii: "n"),
                                     12: UInt8(ascii: "f"), 13: UInt8(ascii: "r")]
        var out: [UInt8] = [0x22]
        for byte in utf8 {
            if let escape = short[byte] {
                out += [0x5C, escape]
            } else if byte < 0x20 {
                out += Array("\\u00".utf8) + Array(String(byte, radix: 16).leftPadded(to: 2).utf8)
            } else {
                out.append(byte)
            }
        }
        return out + [0x22]
    }

    @Test("both outputs write every length, in one step and run by run, as the byte-by-byte rule does",
          arguments: [Array(0...40), [168, 169, 170, 171, 172, 500, 4094, 4095, 4096, 4097, 4100]])
    func everyLengthOnBothOutputs(lengths: [Int]) {
        let alphabet: [UInt8] = Array("ab ~é\"\\\n\u{1}\u{1F}\u{7F}".utf8)
        for length in lengths {
            for pattern in 0..<3 {
                // Every byte from the alphabet in turn, one every seven bytes (the rest clean), or all clean.
                let utf8 = (0..<length).map { index -> UInt8 in
                    let mixed = alphabet[(index * 5 + length) % alphabet.count]
                    switch pattern {
                    case 0: return mixed
                    case 1: return index % 7 == 3 ? mixed : UInt8(ascii: "k")
                    default: return UInt8(ascii: "k")
                    }
                }
                let expected = referenceLiteral(utf8)
                var writer = JSONWriter()
                var buffer = OutputBuffer(capacity: 16)
                defer { buffer.deallocate() }
                buffer.write(ascii: "x")
                utf8.withUnsafeBufferPointer {
                    writer.writeString(utf8: $0)
                    buffer.writeString(utf8: $0)
                }
                #expect(writer.bytes == expected, "JSONWriter, \(length) bytes: \(utf8)")
                #expect(buffer.bytes == [UInt8(ascii: "x")] + expected, "OutputBuffer, \(length) bytes: \(utf8)")
            }
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
