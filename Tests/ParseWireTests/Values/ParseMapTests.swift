import Testing
@testable import ParseWire
import TestSupport

@Suite("ParseMap and ParseValue equality")
struct ParseMapTests {
    @Test("maps keep insertion order and compare without it")
    func orderAndEquality() {
        let a: ParseMap = ["x": 1, "y": 2]
        let b: ParseMap = ["y": 2, "x": 1]
        #expect(a.keys == ["x", "y"])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["x": 1, "y": 3])
        #expect(a != ["x": 1])
    }

    @Test("keys compare by exact bytes, not canonical equivalence")
    func exactKeys() {
        var map = ParseMap()
        map["\u{E9}"] = 1
        map["e\u{301}"] = 2
        #expect(map.count == 2)
        #expect(map["\u{E9}"] == 1)
        #expect(ParseValue.string("\u{E9}") != .string("e\u{301}"))
    }

    @Test("setting nil removes a key; large maps keep working past the index threshold")
    func mutation() {
        var map = ParseMap()
        for number in 0..<100 { map["k\(number)"] = .number(ParseNumber(number)) }
        #expect(map.count == 100)
        #expect(map["k77"] == 77)
        map["k10"] = nil
        #expect(map.count == 99)
        #expect(map["k10"] == nil)
        #expect(map["k99"] == 99)
        map["k99"] = "replaced"
        #expect(map["k99"] == "replaced")
        #expect(map.keys.last == "k99")
    }

    @Test("numbers compare by exact value")
    func numbers() throws {
        #expect(try decode("1") == decode("1.0"))
        #expect(try decode("9007199254740993") != decode("9007199254740992"))
    }
}
