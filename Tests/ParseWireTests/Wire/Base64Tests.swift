import Foundation
import PropertyTesting
import Testing
@testable import ParseWire

/// Base64 for Bytes: canonical writing (as Node's `Buffer` writes it), strict reading, and each
/// leniency accepting exactly its one spelling (BYTES-5 in `Vectors/spec/bytes.md`).
@Suite("Base64")
struct Base64Tests {
    static let lengths = Array(0...64)

    /// Pseudo-random data of a given length, the same on every run.
    static func data(length: Int) -> [UInt8] {
        var generator = SplitMix64(seed: UInt64(length) &* 0x9E37_79B9)
        return (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    static func encode(_ data: [UInt8]) -> String {
        var text: [UInt8] = []
        data.withUnsafeBufferPointer { Base64.append($0, to: &text) }
        return String(decoding: text, as: UTF8.self)
    }

    static func decode(_ text: String, _ leniency: Base64Leniency = .strict) throws(ParseWireError) -> [UInt8] {
        try ParseBytes(base64: text, leniency: leniency).bytes
    }

    @Test("every length 0–64 is written as Foundation writes it and read back exactly", arguments: lengths)
    func canonicalRoundTrip(length: Int) throws {
        let data = Self.data(length: length)
        let text = Self.encode(data)
        #expect(text == Data(data).base64EncodedString())
        #expect(try Self.decode(text) == data)
        #expect(ParseBytes(data).base64 == text)
    }

    @Test("every length 0–64 without its padding is rejected strictly and accepted by Base64Unpadded", arguments: lengths)
    func unpadded(length: Int) throws {
        let data = Self.data(length: length)
        let padded = Self.encode(data)
        let unpadded = String(padded.prefix { $0 != "=" })
        if unpadded == padded { return }
        let error = try #require(throws: ParseWireError.self) { try Self.decode(unpadded) }
        #expect(error.kind == .invalidBase64)
        #expect(error.message.contains("Base64Unpadded"))
        #expect(try Self.decode(unpadded, Base64Leniency(allowsMissingPadding: true)) == data)
        if padded.hasSuffix("==") {
            #expect(try Self.decode(String(padded.dropLast()), Base64Leniency(allowsMissingPadding: true)) == data)
        }
    }

    @Test("every length 1–64 in the URL-safe alphabet is accepted only with Base64URLSafe", arguments: lengths.dropFirst())
    func urlSafe(length: Int) throws {
        let data = Self.data(length: length)
        let standard = Self.encode(data)
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(try Self.decode(urlSafe, Base64Leniency(allowsURLSafeAlphabet: true)) == data)
        if urlSafe != standard {
            #expect(throws: ParseWireError.self) { try Self.decode(urlSafe) }
        }
    }

    @Test("line-wrapped base64 is accepted only with Base64Whitespace")
    func whitespace() throws {
        let data = Self.data(length: 64)
        let text = Self.encode(data)
        var wrapped = ""
        for (position, character) in text.enumerated() {
            if position > 0 && position % 19 == 0 { wrapped += ["\r\n", " ", "\t", "\n"][position % 4] }
            wrapped.append(character)
        }
        let error = try #require(throws: ParseWireError.self) { try Self.decode(wrapped) }
        #expect(error.message.contains("Base64Whitespace"))
        #expect(try Self.decode(wrapped, Base64Leniency(allowsWhitespace: true)) == data)
        #expect(try Self.decode(" aGk= ", Base64Leniency(allowsWhitespace: true)) == [0x68, 0x69])
    }

    @Test("a last character with non-zero unused bits is accepted only with Base64NonZeroPadBits")
    func nonZeroPadBits() throws {
        // "aGk=" is "hi"; "aGl=" and "aGm=" set the two unused bits; "aB==" sets four.
        for text in ["aGl=", "aGm=", "aGn=", "aB==", "aP=="] {
            let error = try #require(throws: ParseWireError.self) { try Self.decode(text) }
            #expect(error.message.contains("Base64NonZeroPadBits"), "\(error)")
            let bytes = try Self.decode(text, Base64Leniency(allowsNonZeroPadBits: true))
            #expect(Self.encode(bytes) != text)
        }
    }

    @Test("malformed base64 is rejected in every mode, naming what is wrong", arguments: [
        ("a", "holds no whole byte"), ("aGVsb", "holds no whole byte"), ("a===", "holds no whole byte"),
        ("a=Gk", "may only end the text"), ("aGk==", "where 1 belongs"), ("aGk===", "where 1 belongs"),
        ("====", "where no padding belongs"), ("aGVsbG8=a", "may only end the text"), ("a@==", "'@' at character 1"),
        ("aGk\u{0}", "byte 0x00 at character 3"), ("aGké", "byte 0xC3 at character 3"), ("aGk.", "'.' at character 3"),
    ])
    func malformed(text: String, reason: String) throws {
        let all = Base64Leniency(allowsMissingPadding: true, allowsURLSafeAlphabet: true, allowsWhitespace: true,
                                 allowsNonZeroPadBits: true)
        let strictError = try #require(throws: ParseWireError.self) { try Self.decode(text) }
        #expect(strictError.kind == .invalidBase64)
        #expect(strictError.parseCode == 111)
        let lenientError = try #require(throws: ParseWireError.self) { try Self.decode(text, all) }
        #expect(lenientError.message.contains(reason), "\(lenientError)")
    }

    @Test("empty data is the empty string in both directions")
    func empty() throws {
        #expect(try Self.decode("") == [])
        #expect(Self.encode([]) == "")
    }

    @Test("appending many small values grows the text geometrically, not once per value")
    func geometricGrowth() {
        var text: [UInt8] = []
        var capacities = Set<Int>()
        let three: [UInt8] = [1, 2, 3]
        for _ in 0..<10_000 {
            three.withUnsafeBufferPointer { Base64.append($0, to: &text) }
            capacities.insert(text.capacity)
        }
        #expect(text.count == 40_000)
        // Doubling from the first allocation to 40,000 bytes takes about 15 steps; an exact
        // reservation per value would take 10,000.
        #expect(capacities.count < 40, "\(capacities.count) reallocations")
    }
}
