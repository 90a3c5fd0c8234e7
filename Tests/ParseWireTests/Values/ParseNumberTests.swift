import Foundation
import PropertyTesting
import Testing
@testable import ParseWire
import TestSupport

/// Numbers keep their exact decimal value and are written as JavaScript's `JSON.stringify` writes them.
@Suite("ParseNumber")
struct ParseNumberTests {
    @Test("JSON number text is kept exactly and written in JavaScript's notation", arguments: [
        ("0", "0"), ("-0", "-0"), ("-0.0", "-0"), ("0e10", "0"), ("-0e-5", "-0"), ("1.0", "1"), ("1.50", "1.5"),
        ("1e21", "1e+21"), ("1E21", "1e+21"), ("1e+21", "1e+21"), ("100000000000000000000", "100000000000000000000"),
        ("123456789012345678901", "123456789012345678901"), ("12345678901234567890123", "1.2345678901234567890123e+22"),
        ("0.000001", "0.000001"), ("0.0000001", "1e-7"), ("1e-7", "1e-7"), ("123e-20", "1.23e-18"),
        ("1.23456789e2", "123.456789"), ("9007199254740993", "9007199254740993"),
        ("9223372036854775807", "9223372036854775807"), ("9223372036854775808", "9223372036854775808"),
        ("-9223372036854775808", "-9223372036854775808"), ("-9223372036854775809", "-9223372036854775809"),
        ("1e400", "1e+400"), ("-1.5e-400", "-1.5e-400"), ("0.1", "0.1"), ("-12.5e3", "-12500"),
        ("0.5e1", "5"), ("1e0", "1"), ("10e-1", "1"), ("123.4500e-2", "1.2345"),
    ])
    func canonicalText(input: String, expected: String) throws {
        let number = try #require(ParseNumber(input), "\(input) is a JSON number")
        #expect(number.description == expected)
        #expect(try decode("[\(input)]") == .array([.number(number)]))
        #expect(try canonical("[\(input)]") == "[\(expected)]")
    }

    @Test("equal values are equal numbers with equal hashes, whatever their spelling")
    func equalityOfValue() throws {
        let spellings = ["1", "1.0", "1e0", "10e-1", "0.1e1", "1.000000000000000000000000"]
        let numbers = try spellings.map { try #require(ParseNumber($0)) }
        for number in numbers {
            #expect(number == numbers[0])
            #expect(number.hashValue == numbers[0].hashValue)
        }
        #expect(ParseNumber("9007199254740993") != ParseNumber("9007199254740992"))
        #expect(ParseNumber("-0") != ParseNumber("0"))
        #expect(ParseNumber("0.1") != ParseNumber("0.10000000000000001"))
        #expect(ParseNumber("1e400") == ParseNumber("10e399"))
    }

    @Test("text that is not a JSON number is refused", arguments: [
        "", "01", "+1", ".5", "1.", "1e", "1e+", "-", "NaN", "Infinity", " 1", "1 ", "0x10", "1_000", "--1", "١",
    ])
    func notNumbers(text: String) {
        #expect(ParseNumber(text) == nil)
    }

    @Test("exponents beyond ±999,999,999 are unrepresentable; those within are kept")
    func exponentLimit() throws {
        #expect(ParseNumber("1e999999999")?.description == "1e+999999999")
        #expect(ParseNumber("1e-999999999")?.description == "1e-999999999")
        #expect(ParseNumber("1e1000000000") == nil)
        #expect(rejection("[1e1000000000]")?.kind == .unrepresentable)
        #expect(rejection("[1e-99999999999999999999999]")?.kind == .unrepresentable)
    }

    @Test("the limit is on the value's exponent, so every accepted number's canonical text decodes", arguments: [
        "0.1e-999999999", "10e999999999", "123e999999998", "-0.0012e-999999997", "99.5e999999999",
    ])
    func exponentLimitOfTheValue(text: String) {
        #expect(ParseNumber(text) == nil)
        #expect(rejection("[\(text)]")?.kind == .unrepresentable)
    }

    @Test("numbers at the edge of the exponent limit are kept and their canonical text decodes", arguments: [
        ("1e-999999999", "1e-999999999"), ("0.1e-999999998", "1e-999999999"), ("0.12e-999999998", "1.2e-999999999"),
        ("9.99e999999999", "9.99e+999999999"), ("0.01e999999999", "1e+999999997"), ("-123e999999997", "-1.23e+999999999"),
    ])
    func exponentLimitEdges(text: String, expected: String) throws {
        #expect(try canonical("[\(text)]") == "[\(expected)]")
        #expect(try canonical("[\(expected)]") == "[\(expected)]")
    }

    /// Expected strings printed by Node.js 20 (`JSON.stringify(x)`) for the same Double values; each
    /// input is Swift's reading of the text (the nearest Double), as JavaScript reads it.
    @Test("Doubles are written as JavaScript writes them", arguments: [
        ("0.1", "0.1"), ("0.30000000000000004", "0.30000000000000004"), ("0.3333333333333333", "0.3333333333333333"),
        ("100", "100"), ("1e21", "1e+21"), ("1e20", "100000000000000000000"), ("123e18", "123000000000000000000"),
        ("1e-6", "0.000001"), ("1e-7", "1e-7"), ("1.5e-7", "1.5e-7"), ("123456789012345680000", "123456789012345680000"),
        ("5e-324", "5e-324"), ("1.7976931348623157e308", "1.7976931348623157e+308"),
        ("2.2250738585072014e-308", "2.2250738585072014e-308"), ("-0.000001234", "-0.000001234"), ("4.35", "4.35"),
        ("0.000123", "0.000123"), ("1234.5678", "1234.5678"), ("9007199254740993", "9007199254740992"),
        ("-1e-300", "-1e-300"), ("6.02214076e23", "6.02214076e+23"), ("299792458", "299792458"),
        ("1.0000000000000002", "1.0000000000000002"), ("0.7999999999999999", "0.7999999999999999"),
        ("36.42857142857143", "36.42857142857143"), ("3.141592653589793", "3.141592653589793"),
        ("-2.718281828459045", "-2.718281828459045"), ("1e301", "1e+301"), ("9223372036854775808", "9223372036854776000"),
        ("18446744073709551616", "18446744073709552000"), ("123.456e5", "12345600"), ("1e-5", "0.00001"),
        ("1000000000000000.3", "1000000000000000.2"), ("4611686018427387904", "4611686018427388000"),
        ("9007199254740991", "9007199254740991"),
    ])
    func doubles(text: String, expected: String) throws {
        let value = try #require(Double(text))
        let number = try #require(ParseNumber(value))
        #expect(number.description == expected)
        #expect(number.doubleValue == value)
        var bytes: [UInt8] = []
        NumberFormatting.appendDouble(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test("a Double's number reads back as the same Double, for 20,000 bit patterns")
    func doubleRoundTrip() throws {
        var generator = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else {
                #expect(ParseNumber(value) == nil)
                continue
            }
            let number = try #require(ParseNumber(value))
            let reread = try #require(ParseNumber(number.description))
            #expect(reread == number, "\(value)")
            if value == 0 {
                #expect(number.isNegativeZero == (value.sign == .minus))
            } else {
                #expect(number.doubleValue?.bitPattern == value.bitPattern, "\(value) wrote \(number)")
            }
        }
    }

    @Test("Floats keep Float's own shortest digits", arguments: [
        (Float(0.1), "0.1"), (Float(1.1), "1.1"), (Float.greatestFiniteMagnitude, "3.4028235e+38"),
        (Float.leastNonzeroMagnitude, "1e-45"), (Float(16_777_216), "16777216"), (Float(1 << 30), "1073741800"),
        (Float(-2.5), "-2.5"), (Float(1e-7), "1e-7"),
    ] as [(Float, String)])
    func floats(value: Float, expected: String) throws {
        let number = try #require(ParseNumber(value))
        #expect(number.description == expected)
        #expect(Float(number.doubleValue!) == value)
    }

    @Test("a Float's number reads back as the same Float, for 20,000 bit patterns")
    func floatRoundTrip() throws {
        var generator = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<20_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            guard value.isFinite, value != 0 else { continue }
            let number = try #require(ParseNumber(value))
            #expect(Float(number.doubleValue!).bitPattern == value.bitPattern, "\(value) wrote \(number)")
        }
    }

    @Test("integers of every width are kept exactly")
    func integers() {
        #expect(ParseNumber(Int64.min).description == "-9223372036854775808")
        #expect(ParseNumber(UInt64.max).description == "18446744073709551615")
        #expect(ParseNumber(UInt64.max) == ParseNumber("18446744073709551615"))
        #expect(ParseNumber(UInt64(1) << 63) == ParseNumber("9223372036854775808"))
        #expect(ParseNumber(Int8(-7)) == ParseNumber(-7 as Int64))
        #expect(ParseNumber(UInt64(1) << 63).int64Value == nil)
        #expect(ParseNumber(Int64.max).int64Value == Int64.max)
    }

    @Test("reading the value: integer, Double, exactness")
    func accessors() throws {
        let half = try #require(ParseNumber("0.5"))
        #expect(half.int64Value == nil)
        #expect(!half.isInteger)
        #expect(half.doubleValue == 0.5)
        #expect(half.isExactlyDouble)
        #expect(ParseNumber("0.1")?.isExactlyDouble == true)
        #expect(ParseNumber("0.10000000000000001")?.isExactlyDouble == false)
        #expect(ParseNumber("9007199254740993")?.isExactlyDouble == false)
        #expect(ParseNumber("1e400")?.doubleValue == nil)
        #expect(ParseNumber("-1e400")?.doubleValue == nil)
        #expect(ParseNumber("1e-400")?.doubleValue == 0)
        #expect(ParseNumber("1e30")?.isInteger == true)
        #expect(ParseNumber("1.5e0")?.isInteger == false)
        #expect(ParseNumber("-0")?.doubleValue?.sign == .minus)
        #expect(ParseNumber("-0")?.int64Value == 0)
        #expect(ParseNumber("1e308")?.doubleValue == 1e308)
    }

    @Test("NaN and the infinities are not numbers")
    func nonFinite() {
        #expect(ParseNumber(Double.nan) == nil)
        #expect(ParseNumber(Double.infinity) == nil)
        #expect(ParseNumber(-Float.infinity) == nil)
    }
}
