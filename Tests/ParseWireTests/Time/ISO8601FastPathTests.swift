import Testing
@testable import ParseWire

/// The date parser reads exactly-canonical text eight bytes at a time and hands anything else to
/// the byte-by-byte path. These tests put every byte value at every position of a canonical date
/// and check that both paths agree.
@Suite("ISO 8601 fast path")
struct ISO8601FastPathTests {
    static func parse(_ bytes: [UInt8], _ leniency: DateLeniency = .strict) -> Result<Int64, ParseWireError> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseWireError) -> Int64 in try ISO8601.parse(buffer, leniency: leniency) }
        }
    }

    static let base = Array("2021-06-15T12:34:56.789Z".utf8)

    @Test("every byte at every date-time position: the 24-byte text and its 4-fraction-digit twin agree")
    func dateTimeBytes() {
        // The twin "…56.7890Z" is 25 bytes, so only the byte-by-byte path reads it; with the
        // fraction-digits leniency it names the same millisecond. Positions 0–18 are shared.
        let lenient = DateLeniency(allowsOtherFractionDigits: true)
        for position in 0..<19 {
            for byte in UInt8.min...UInt8.max {
                var text = Self.base
                text[position] = byte
                var twin = text
                twin.insert(UInt8(ascii: "0"), at: 23)
                switch (Self.parse(text), Self.parse(twin, lenient)) {
                case (.success(let fast), .success(let slow)):
                    #expect(fast == slow, "byte 0x\(hex2(byte)) at \(position)")
                case (.failure(let fast), .failure(let slow)):
                    #expect(fast.kind == slow.kind, "byte 0x\(hex2(byte)) at \(position)")
                case (let fast, let slow):
                    Issue.record("byte 0x\(hex2(byte)) at \(position): 24 bytes \(fast), 25 bytes \(slow)")
                }
            }
        }
    }

    @Test("every byte in the fraction and zone: accepted only as a digit, '.' and 'Z' where they belong")
    func fractionAndZoneBytes() throws {
        let baseValue = try Self.parse(Self.base).get()
        for position in 19..<24 {
            for byte in UInt8.min...UInt8.max {
                var text = Self.base
                text[position] = byte
                let isDigitPosition = (20...22).contains(position)
                let accepted = isDigitPosition ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == Self.base[position]
                switch Self.parse(text) {
                case .success(let value):
                    #expect(accepted, "byte 0x\(hex2(byte)) at \(position) was accepted")
                    let place: Int64 = [20: 100, 21: 10, 22: 1][position] ?? 0
                    let original = Int64(Self.base[position]) - 48
                    #expect(value == baseValue + (Int64(byte) - 48 - original) * place, "byte 0x\(hex2(byte)) at \(position)")
                case .failure(let error):
                    #expect(!accepted, "byte 0x\(hex2(byte)) at \(position) was rejected: \(error)")
                    #expect(error.kind == .invalidDate)
                }
            }
        }
    }

    @Test("out-of-range fields in canonical layout are range errors, worded as before")
    func ranges() {
        let cases = [("2021-13-01T00:00:00.000Z", "month 13"), ("2021-02-29T00:00:00.000Z", "day 29 is past the end of February 2021"),
                     ("0000-01-01T00:00:00.000Z", "year 0000"), ("2021-01-01T24:00:00.000Z", "hour 24"),
                     ("2021-01-01T00:60:00.000Z", "minute 60"), ("2021-01-01T00:00:60.000Z", "second 60"),
                     ("2021-00-10T00:00:00.000Z", "month 00"), ("2021-01-00T00:00:00.000Z", "day 00")]
        for (text, named) in cases {
            guard case .failure(let error) = Self.parse(Array(text.utf8)) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(error.kind == .invalidDate)
            #expect(error.message.contains(named), "\(error.message)")
        }
        #expect((try? Self.parse(Array("2024-02-29T23:59:59.999Z".utf8)).get()) == 1_709_251_199_999)
        #expect((try? Self.parse(Array("0001-01-01T00:00:00.000Z".utf8)).get()) == ParseDate.minimum.epochMilliseconds)
        #expect((try? Self.parse(Array("9999-12-31T23:59:59.999Z".utf8)).get()) == ParseDate.maximum.epochMilliseconds)
    }
}
