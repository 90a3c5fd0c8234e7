import Foundation
import Testing
@testable import ParseWire

/// The short-decimal path of the number writer agrees with the general one, which rewrites the
/// standard library's shortest round-trip `description`.
@Suite struct NumberFormattingTests {
    /// A small deterministic generator (xorshift64*).
    struct Bits {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    static func written(_ value: Double) -> String {
        var bytes: [UInt8] = []
        NumberFormatting.appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func written(_ value: Float) -> String {
        var bytes: [UInt8] = []
        NumberFormatting.appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func general<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
        var bytes: [UInt8] = []
        NumberFormatting.appendShortestDescription(value.description, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("integers are written as their plain decimal description, at every digit count and both signs, into both outputs")
    func integers() {
        var values: [Int64] = [0, 1, -1, 9, -9, Int64.max, Int64.min, Int64.min + 1]
        var power: Int64 = 10
        for _ in 1...18 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        var bits = Bits(state: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<10_000 {
            let raw = bits.next()
            values.append(Int64(bitPattern: raw) >> Int64(raw % 63))
        }
        for value in values {
            var bytes: [UInt8] = []
            NumberFormatting.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            var buffer = OutputBuffer(capacity: 16)
            defer { buffer.deallocate() }
            NumberFormatting.appendInteger(value, to: &buffer)
            #expect(buffer.bytes == Array(String(value).utf8))
        }
    }

    @Test("short decimals are written into the Codable output as into an array")
    func shortDecimalsIntoBothOutputs() {
        for value in [19.99, -0.0001, 0.5, -12.375, 123_456_789_012.345, 0.0125, 99_999.9999] {
            var buffer = OutputBuffer(capacity: 16)
            defer { buffer.deallocate() }
            NumberFormatting.appendNumber(value, to: &buffer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == Self.general(value))
        }
    }

    @Test("decimal fractions, binary fractions and arbitrary Doubles are written as the general path writes them")
    func doubles() {
        var bits = Bits(state: 0x9E37_79B9_7F4A_7C15)
        let scales: [Double] = [10, 100, 1000, 10000, 8, 1024, 3, 7, 1e5, 1e6]
        for round in 0..<200_000 {
            let raw = bits.next()
            let value: Double
            if round % 4 == 3 {
                value = Double(bitPattern: raw)
                guard value.isFinite else { continue }
            } else {
                let numerator = Double(Int64(bitPattern: raw) >> Int64(raw % 50 + 10))
                value = numerator / scales[Int(raw % UInt64(scales.count))]
            }
            guard value != value.rounded(.towardZero) else { continue }
            #expect(Self.written(value) == Self.general(value), "\(value)")
        }
        #expect(Self.written(19.99) == "19.99")
        #expect(Self.written(-0.0001) == "-0.0001")
        #expect(Self.written(123_456_789_012.345) == "123456789012.345")
        #expect(Self.written(0.1 + 0.2) == "0.30000000000000004")
    }

    @Test("decimal fractions, binary fractions and arbitrary Floats are written as the general path writes them")
    func floats() {
        var bits = Bits(state: 0xD1B5_4A32_D192_ED03)
        let scales: [Float] = [10, 100, 1000, 10000, 8, 1024, 3, 7, 1e5]
        for round in 0..<200_000 {
            let raw = bits.next()
            let value: Float
            if round % 4 == 3 {
                value = Float(bitPattern: UInt32(truncatingIfNeeded: raw))
                guard value.isFinite else { continue }
            } else {
                let numerator = Float(Int32(truncatingIfNeeded: raw) >> Int32(raw % 28 + 2))
                value = numerator / scales[Int(raw % UInt64(scales.count))]
            }
            guard value != value.rounded(.towardZero) else { continue }
            #expect(Self.written(value) == Self.general(value), "\(value)")
        }
        #expect(Self.written(Float(0.1)) == "0.1")
        #expect(Self.written(Float(124.875)) == "124.875")
        #expect(Self.written(Float(-1.125)) == "-1.125")
        #expect(Self.written(Float(1234.5677)) == "1234.5677")
    }
}
