import Foundation
import ParseWireGenerator
import Testing

/// Which types the generator gives a direct reading (`readDirect(from:)`): those whose every member
/// reads directly, and no others, so that a document of any other type goes to the tape path without
/// a partial read first.
@Suite struct GeneratorDirectReadingTests {
    static func text(_ json: String) throws -> String {
        try #require(try GeneratorTests.generate(json).first?.text)
    }

    static func readsDirectly(_ type: String, in text: String) -> Bool {
        text.contains("public static func readDirect(from _reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> \(type) {")
    }

    @Test func typesOfDirectMembersReadDirectly() throws {
        let files = try GeneratorTests.generate("""
            {"className":"Shop","fields":{"kind":{"type":"String","swiftType":"Kind","required":true},
                                          "hours":{"type":"Object","swiftType":"Hours"},
                                          "owner":{"type":"Pointer","targetClass":"Shop"},
                                          "stock":{"type":"Object","swiftType":"[String: [Item]]"}},
             "swiftTypes":{"structs":{"Hours":{"open":"Int","close":"Int?","note":"[String]"},"Item":{"name":"String","at":"Date?"}},
                           "enums":{"Kind":{"rawType":"String","cases":{"bakery":"bakery"}}}}}
            """)
        let text = try #require(files.first?.text)
        for type in ["Shop", "Hours", "Item", "Kind"] { #expect(Self.readsDirectly(type, in: text), "\(type)") }
        let result = try GeneratorTests.typecheck(files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aMemberWithoutADirectReadingLeavesItsTypesToTheTape() throws {
        let text = try Self.text("""
            {"className":"Place","fields":{"at":{"type":"GeoPoint"},"info":{"type":"Object","swiftType":"Info"},
                                           "kind":{"type":"Number","swiftType":"Kind"}},
             "swiftTypes":{"structs":{"Info":{"extra":"ParseValue","nested":"Plain"},"Plain":{"name":"String"}},
                           "enums":{"Kind":{"rawType":"Int","cases":{"one":1}}}}}
            """)
        #expect(!Self.readsDirectly("Place", in: text))
        #expect(!Self.readsDirectly("Info", in: text))
        #expect(Self.readsDirectly("Plain", in: text))
        #expect(Self.readsDirectly("Kind", in: text))
    }

    /// The seen-key mask has 64 bits: the four server-owned keys and 60 fields fit, 61 do not.
    @Test(arguments: [(60, true), (61, false)])
    func aClassReadsDirectlyUpTo64Keys(fields: Int, reads: Bool) throws {
        let members = (0..<fields).map { "\"f\($0)\":{\"type\":\"String\"}" }.joined(separator: ",")
        let text = try Self.text("{\"className\":\"Wide\",\"fields\":{\(members)}}")
        #expect(Self.readsDirectly("Wide", in: text) == reads)
    }
}
