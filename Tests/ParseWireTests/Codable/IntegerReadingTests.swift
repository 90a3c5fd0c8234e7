import Foundation
import Testing
@testable import ParseWire

/// Integers are read in place when they are plain (up to 18 digits, fitting the type); every
/// other number goes through the full reader, whose results and errors must be unchanged, in
/// keyed, unkeyed and single-value containers and at the root.
@Suite struct IntegerReadingTests {
    struct Numbers: Codable, Equatable {
        var small: Int8
        var unsigned: UInt64
        var plain: Int
        var list: [UInt8]
    }

    @Test("plain integers of every width decode in each kind of container")
    func plainIntegers() throws {
        let text = #"{"small":-128,"unsigned":18446744073709551615,"plain":-123456789012345678,"list":[0,255]}"#
        let numbers = try ParseWireDecoder().decode(Numbers.self, from: text)
        #expect(numbers == Numbers(small: -128, unsigned: .max, plain: -123_456_789_012_345_678, list: [0, 255]))
        #expect(try ParseWireDecoder().decode(Int16.self, from: "-32768") == .min)
        #expect(try ParseWireDecoder().decode(Int.self, from: "1234567890123456789") == 1_234_567_890_123_456_789)
        #expect(try ParseWireDecoder().decode([Int].self, from: "[-0,0,7]") == [0, 0, 7])
    }

    @Test("an integer out of the type's range is out of range at its path")
    func outOfRange() throws {
        let wrong = #"{"small":128,"unsigned":1,"plain":1,"list":[1]}"#
        let wire = try #require(decodingFailure(Numbers.self, wrong).flatMap(wireError))
        #expect(wire.kind == .outOfRange)
        #expect(wire.path == "$.small")
        #expect(wire.offset == offset(of: "128", in: wrong))

        let element = try #require(decodingFailure(Numbers.self, #"{"small":1,"unsigned":1,"plain":1,"list":[1,256]}"#))
        #expect(wireError(element)?.path == "$.list[1]")
        guard case DecodingError.dataCorrupted(let context) = element else { Issue.record("\(element)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["list", "Index 1"])

        let negative = try #require(decodingFailure(UInt.self, "-1"))
        #expect(wireError(negative)?.kind == .outOfRange)
        #expect(wireError(negative)?.path == "$")
        guard case DecodingError.dataCorrupted(let rootContext) = negative else { Issue.record("\(negative)"); return }
        #expect(rootContext.codingPath.isEmpty)
    }

    @Test("numbers that are not plain integers, and values that are not numbers, keep their results and errors")
    func notPlain() throws {
        let fraction = try #require(decodingFailure(Int.self, "1.5"))
        #expect(wireError(fraction)?.kind == .outOfRange)
        #expect(try ParseWireDecoder().decode(Int.self, from: "-9223372036854775808") == .min)
        let tooBig = try #require(decodingFailure(Int.self, "9223372036854775808"))
        #expect(wireError(tooBig)?.kind == .outOfRange)

        let text = #"{"small":"1","unsigned":1,"plain":1,"list":[1]}"#
        let string = try #require(decodingFailure(Numbers.self, text))
        guard case DecodingError.typeMismatch(_, let context) = string else { Issue.record("\(string)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["small"])
        #expect(wireError(string)?.kind == .wrongFieldType)
        #expect(wireError(string)?.path == "$.small")

        let null = try #require(decodingFailure([Int].self, "[1,null]"))
        guard case DecodingError.valueNotFound = null else { Issue.record("\(null)"); return }
        #expect(wireError(null)?.path == "$[1]")
    }
}
