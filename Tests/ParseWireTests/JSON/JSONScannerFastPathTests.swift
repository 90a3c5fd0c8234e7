import Testing
@testable import ParseWire

/// The scanner's fast paths: strings read eight bytes at a time, and duplicate keys found as each
/// key is read (up to 32 keys) or at the object's close through a set (more, or escaped).
/// Each case puts the byte or key that matters at every position a word or a path can see it.
@Suite("JSON scanner fast paths")
struct JSONScannerFastPathTests {
    /// A string of `before` plain bytes, then `special`, then `after` plain bytes, in quotes.
    static func string(before: Int, _ special: [UInt8], after: Int) -> [UInt8] {
        [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: before) + special
            + Array(repeating: UInt8(ascii: "b"), count: after) + [UInt8(ascii: "\"")]
    }

    @Test("a byte that ends a plain run is found at every position of an eight-byte word")
    func specialBytesAtEveryPosition() throws {
        for before in 0..<20 {
            for after in [0, 1, 7, 8, 9] {
                // Rejected where they stand: a control character, a stray continuation byte, 0xFF.
                for bad: UInt8 in [0x00, 0x09, 0x1F, 0x80, 0xBF, 0xFF] {
                    let error = try #require(scanRejection(Self.string(before: before, [bad], after: after)), "\(bad) at \(before)")
                    #expect(error.offset == 1 + before, "byte 0x\(hex2(bad)) after \(before) bytes")
                    #expect(error.kind == (bad < 0x20 ? .jsonSyntax : .invalidUTF8))
                }
                // Accepted, and the string's length on the tape is exact.
                for good: [UInt8] in [[0x20], [0x7F], [0x21], [0x23], [0x5B], [0x5D], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80],
                                      [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39]] {
                    let bytes = Self.string(before: before, good, after: after)
                    let tape = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) in try JSONScanner.scan(buffer) }
                    let entry = try #require(tape.entryList.first)
                    #expect(entry.kind == .string && Int(entry.length) == bytes.count - 2, "\(good) after \(before) bytes")
                    #expect((entry.flags & JSONTape.stringHasEscapes != 0) == (good.first == 0x5C))
                }
            }
        }
    }

    @Test("a string's closing quote is found at every distance from the end of the document")
    func quoteNearTheEnd() throws {
        for length in 0..<24 {
            let bytes = Self.string(before: length, [], after: 0)
            let tape = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) in try JSONScanner.scan(buffer) }
            #expect(tape.entryList.first?.length == UInt32(length))
            // Without its closing quote the string is never closed, whatever its length.
            let error = try #require(scanRejection(Array(bytes.dropLast())))
            #expect(error.offset == 0 && error.message.contains("never closed"))
        }
    }

    /// An object with `count` keys named by `name`, where key `repeated` (if any) repeats key 0.
    static func object(count: Int, repeating repeated: Int? = nil, name: (Int) -> String) -> [UInt8] {
        let members = (0..<count).map { index in "\"\(index == repeated ? name(0) : name(index))\":\(index)" }
        return Array(("{" + members.joined(separator: ",") + "}").utf8)
    }

    @Test("a repeated key is found, and reported, at every position of objects of every size")
    func duplicatesAtEveryPosition() throws {
        let namings: [(Int) -> String] = [
            { "k\($0)" },                                // short keys: one masked word each
            { "field_\($0)_value" },                     // long keys, distinct in the middle
            { "same_prefix_\(String($0, radix: 2))_same_suffix" },
        ]
        for count in [2, 3, 4, 5, 8, 31, 32, 33, 40] {
            for naming in namings {
                _ = try Self.object(count: count, name: naming).withUnsafeBufferPointer { (buffer) throws(ParseWireError) in
                    try JSONScanner.scan(buffer)
                }
                for repeated in 1..<count {
                    let error = try #require(scanRejection(Self.object(count: count, repeating: repeated, name: naming)),
                                             "\(count) keys, key \(repeated) repeats \(naming(0))")
                    #expect(error.kind == .duplicateKey)
                    #expect(error.path == "$.\(naming(0))")
                }
            }
        }
    }

    @Test("keys alike in length, first eight and last eight bytes are still different keys")
    func fingerprintCollisions() throws {
        // Every key is 17 bytes: "aaaaaaaa", one varying byte, "zzzzzzzz".
        let distinct = Self.object(count: 20) { "aaaaaaaa" + String(UnicodeScalar(UInt8(65 + $0))) + "zzzzzzzz" }
        _ = try distinct.withUnsafeBufferPointer { (buffer) throws(ParseWireError) in try JSONScanner.scan(buffer) }
        let error = try #require(scanRejection(Self.object(count: 20, repeating: 19) {
            "aaaaaaaa" + String(UnicodeScalar(UInt8(65 + $0))) + "zzzzzzzz"
        }))
        #expect(error.kind == .duplicateKey)
    }

    @Test("a short key at the very end of the document is compared byte by byte")
    func shortKeyAtTheEnd() throws {
        // The last key starts fewer than eight bytes before the end.
        let error = try #require(scanRejection(Array(#"{"a":1,"b":2,"c":3,"d":4,"e":5,"a":6}"#.utf8)))
        #expect(error.kind == .duplicateKey && error.offset == 31)
        _ = try scan(#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}"#)
    }

    @Test("an escaped key is compared unescaped in objects of every size")
    func escapedKeys() throws {
        for count in [2, 4, 5, 32, 33] {
            for repeated in 1..<count {
                let members = (0..<count).map { index in index == repeated ? #""\u006B0":0"# : "\"k\(index)\":\(index)" }
                let error = try #require(scanRejection(Array(("{" + members.joined(separator: ",") + "}").utf8)), "\(count) \(repeated)")
                #expect(error.kind == .duplicateKey)
            }
            let members = (0..<count).map { index in index == 0 ? #""\u006Bx":0"# : "\"k\(index)\":\(index)" }
            _ = try scan("{" + members.joined(separator: ",") + "}")
        }
    }

    @Test("keys are compared as they are read, and the first repeat is reported when its object closes")
    func repeatReportedAtTheClose() throws {
        // A syntax error later in the same object comes first, as when keys were compared at the close.
        let unclosed = try #require(scanRejection(Array(#"{"a":1,"b":2,"a":3,"c":}"#.utf8)))
        #expect(unclosed.kind == .jsonSyntax)
        // An inner object closes before the outer one goes wrong: its repeat is the error.
        let inner = try #require(scanRejection(Array(#"{"x":{"a":1,"a":2},"y":}"#.utf8)))
        #expect(inner.kind == .duplicateKey && inner.path == "$.x.a" && inner.offset == 12)
        // Of two repeats, the first in the document is reported.
        let twice = try #require(scanRejection(Array(#"{"a":1,"b":2,"b":3,"a":4}"#.utf8)))
        #expect(twice.kind == .duplicateKey && twice.path == "$.b" && twice.offset == 13)
    }

    @Test("objects nested past the scanner's first room for open containers keep their keys apart")
    func deepObjects() throws {
        // 100 levels: the stack of open containers grows; each level's keys are its own.
        let depth = 100
        let open = (0..<depth).map { "{\"k\($0)\":1,\"n\":" }.joined()
        _ = try scan(open + "0" + String(repeating: "}", count: depth))
        let error = try #require(scanRejection(Array((open + #"{"a":1,"a":2}"# + String(repeating: "}", count: depth)).utf8)))
        #expect(error.kind == .duplicateKey && error.path == "$" + String(repeating: ".n", count: depth) + ".a")
    }

    @Test("a string's value is its bytes between escapes, each escape read, at every position")
    func stringValues() throws {
        let escapes: [(written: String, value: String)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\/"#, "/"), (#"\u00e9"#, "é"), (#"\ud83d\ude00"#, "😀"),
            (#"\t\t"#, "\t\t"), ("é", "é"), ("", ""),
        ]
        for before in 0..<12 {
            for after in [0, 1, 8] {
                for escape in escapes {
                    let prefix = String(repeating: "a", count: before), suffix = String(repeating: "b", count: after)
                    let bytes = Array(("\"" + prefix + escape.written + suffix + escape.written + "\"").utf8)
                    let value = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> String in
                        let tape = try JSONScanner.scan(buffer)
                        return JSONStrings.string(of: tape.entries[0], in: buffer)
                    }
                    #expect(value == prefix + escape.value + suffix + escape.value, "\(escape.written) after \(before)")
                }
            }
        }
    }
}
