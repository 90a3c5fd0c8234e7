import Foundation
import Testing
@testable import ParseWire

/// The number reader gives, bit for bit, what the standard library's parser gives, whichever of its
/// paths (short decimals, digits past 19, exponents) a number takes.
@Suite struct NumberParsingTests {
    static let texts = [
        "0", "-0", "0.0", "-0.0", "7", "-7", "42.37", "-42.37", "87.625", "0.125", "0.5e0", "1.5",
        "9007199254740992", "9007199254740993", "16777216", "16777217", "0.000001", "123456.789",
        "1234567890123456789", "12345678901234567890", "0.1234567890123456789", "0.12345678901234567891",
        "0.0000000000000000000001", "-0.00000000000000000000012", "1e5", "1E-5", "2.5e+3", "-3.75e-2", "1e22", "1e23", "1e-22", "1e-23",
        "17976931348623157e292", "4.9e-324", "1e400", "-1e400", "0.00000000000000000000000000001",
    ]

    /// A small deterministic generator (xorshift64*) of short decimals like those most records hold.
    static func shortDecimals(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            let bits = state &* 0x2545_F491_4F6C_DD1D
            let integer = bits % 100_000
            let places = Int(bits >> 20 % 8)
            let fraction = places == 0 ? "" : "." + String(String((bits >> 24) % 100_000_000).suffix(places))
            return (bits >> 60 & 1 == 1 ? "-" : "") + String(integer) + fraction
        }
    }

    @Test(arguments: texts + shortDecimals(count: 2_000))
    func doubleAgreesWithTheStandardLibrary(text: String) {
        let expected = Double(text)!
        let read = Array(text.utf8).withUnsafeBufferPointer { NumberParsing.double($0) }
        #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) against \(expected)")
    }

    @Test(arguments: texts + shortDecimals(count: 2_000))
    func floatAgreesWithTheStandardLibrary(text: String) {
        let expected = Float(text)!
        let read = Array(text.utf8).withUnsafeBufferPointer { NumberParsing.float($0) }
        #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) against \(expected)")
    }
}
