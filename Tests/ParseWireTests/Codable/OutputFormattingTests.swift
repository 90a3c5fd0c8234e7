import Foundation
import Testing
@testable import ParseWire

/// `ParseWireEncoder.outputFormatting` and `userInfo`, as `JSONEncoder` users expect them.
@Suite struct OutputFormattingTests {
    struct Model: Codable {
        var zeta: Int
        var alpha: [String]
        var empty: [Int]
        var nested: [String: Double]
        var url: String
        var when: Date
    }

    static let model = Model(zeta: 1, alpha: ["a", "b\"\\/"], empty: [], nested: ["y": 0.5, "x": -2], url: "https://a/b",
                             when: Date(timeIntervalSince1970: 1))

    @Test("sortedKeys sorts every object's keys; the default keeps declaration order")
    func sortedKeys() throws {
        var encoder = ParseWireEncoder()
        #expect(try encoder.encodeString(Self.model).hasPrefix(#"{"zeta":1,"alpha""#))
        encoder.outputFormatting = .sortedKeys
        let text = try encoder.encodeString(Self.model)
        #expect(text == #"{"alpha":["a","b\"\\/"],"empty":[],"nested":{"x":-2,"y":0.5},"url":"https://a/b","when":{"__type":"Date","iso":"1970-01-01T00:00:01.000Z"},"zeta":1}"#)
    }

    @Test("prettyPrinted writes what JSONEncoder writes for the same JSON, and decodes to the same value")
    func prettyPrinted() throws {
        var encoder = ParseWireEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let pretty = try encoder.encodeString(Self.model)
        // The same JSON through Foundation's pretty printer.
        let compact = try ParseWireEncoder().encodeBytes(Self.model)
        let object = try JSONSerialization.jsonObject(with: Data(compact))
        let foundation = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(pretty == String(decoding: foundation, as: UTF8.self))
        #expect(try ParseValueDecoder().decode(pretty) == ParseValueDecoder().decode(compact))
    }

    @Test("prettyPrinted alone keeps the key order")
    func prettyOnly() throws {
        var encoder = ParseWireEncoder()
        encoder.outputFormatting = .prettyPrinted
        let text = try encoder.encodeString(["a": [1, 2]] as [String: [Int]])
        #expect(text == "{\n  \"a\" : [\n    1,\n    2\n  ]\n}")
    }

    @Test("userInfo reaches encode(to:)")
    func userInfo() throws {
        struct Reader: Encodable {
            static let key = CodingUserInfoKey(rawValue: "tag")!
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[Self.key] as? String ?? "none")
            }
        }
        var encoder = ParseWireEncoder()
        encoder.userInfo[Reader.key] = "seen"
        #expect(try encoder.encodeString(Reader()) == #""seen""#)
        #expect(encoder.options.userInfo[Reader.key] as? String == "seen")
    }
}
