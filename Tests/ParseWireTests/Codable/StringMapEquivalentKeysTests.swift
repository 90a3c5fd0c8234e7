import Testing
@testable import ParseWire

/// STR-4: keys that differ in their bytes are different keys, even when Unicode calls them
/// canonically equivalent (a composed and a decomposed "é", the Kelvin sign and "K"). A Swift
/// `[String: V]` compares keys by canonical equivalence and cannot hold both: reading such a map
/// into one is refused, never done by dropping a value. A `ParseValue` map keys by bytes and keeps
/// both.
@Suite struct StringMapEquivalentKeysTests {
    struct Info: Codable {
        let nutritionalInfo: [String: String]
    }

    struct Counts: Codable {
        let counts: [String: Int]
    }

    struct Values: Codable {
        let nutritionalInfo: [String: ParseValue]
    }

    struct Untyped: Codable {
        let nutritionalInfo: ParseValue
    }

    /// Pairs of different keys that Swift's `String` equality merges, and where the second sits.
    static let pairs: [(first: String, second: String)] = [
        ("\u{E9}", "e\u{301}"),                  // é composed, then decomposed
        ("e\u{301}", "\u{E9}"),                  // the other way round
        ("K", "\u{212A}"),                       // ASCII K and the Kelvin sign
        ("caf\u{E9}s", "cafe\u{301}s"),          // inside a longer key
    ]

    @Test("a map of strings with keys equal only as Swift strings is refused as unrepresentable, at the second key",
          arguments: 0..<pairs.count)
    func refused(pair: Int) throws {
        let (first, second) = Self.pairs[pair]
        let text = #"{"nutritionalInfo":{"a":"0",""# + first + #"":"1",""# + second + #"":"2"}}"#
        let error = try #require(decodingFailure(Info.self, text), "the map read as \(String(describing: try? ParseWireDecoder().decode(Info.self, from: text)))")
        let wire = try #require(wireError(error))
        #expect(wire.kind == .unrepresentable)
        #expect(wire.path == WirePath().appending(key: "nutritionalInfo").appending(key: second).description)
        #expect(wire.message.contains("ParseValue"))
        // Both spellings are told apart by their scalars.
        for scalar in (first + second).unicodeScalars where !scalar.isASCII {
            let digits = String(scalar.value, radix: 16, uppercase: true)
            #expect(wire.message.contains("U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits), "\(wire.message)")
        }
        // At the second key's opening quote.
        #expect(wire.offset == text.utf8.count - #"":"2"}}"#.utf8.count - second.utf8.count - 1)
    }

    @Test("the same keys are refused in a [String: ParseValue], and kept in a ParseValue field")
    func keptAsParseValue() throws {
        for (first, second) in Self.pairs {
            let text = #"{"nutritionalInfo":{""# + first + #"":"1",""# + second + #"":"2"}}"#
            let error = try #require(decodingFailure(Values.self, text))
            #expect(wireError(error)?.kind == .unrepresentable)
            let untyped = try ParseWireDecoder().decode(Untyped.self, from: text)
            guard case .map(let map) = untyped.nutritionalInfo else {
                Issue.record("read as \(untyped.nutritionalInfo)")
                continue
            }
            #expect(map.count == 2)
        }
    }

    @Test("keys written with escapes are compared after unescaping")
    func escapedKeys() throws {
        // "\u00e9" and "e\u0301" are the two spellings again, escaped.
        let text = #"{"counts":{"\u00e9":1,"e\u0301":2}}"#
        let error = try #require(decodingFailure(Counts.self, text))
        #expect(wireError(error)?.kind == .unrepresentable)
        // Plain keys that differ are read as before.
        let counts = try ParseWireDecoder().decode(Counts.self, from: #"{"counts":{"\u00e9":1,"e":2,"K":3,"k":4}}"#)
        #expect(counts.counts == ["\u{E9}": 1, "e": 2, "K": 3, "k": 4])
    }
}
