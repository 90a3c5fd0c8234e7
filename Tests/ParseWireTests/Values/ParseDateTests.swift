import Foundation
import PropertyTesting
import Testing
@testable import ParseWire

@Suite("ParseDate")
struct ParseDateTests {
    static let minimum = ParseDate.minimum.epochMilliseconds
    static let maximum = ParseDate.maximum.epochMilliseconds

    /// Deterministic pseudo-random milliseconds across the whole range.
    static func instants(count: Int, seed: UInt64) -> [Int64] {
        var random = SplitMix64(seed: seed)
        let span = UInt64(maximum - minimum)
        return (0..<count).map { _ in minimum + Int64(random.next(upTo: span)) }
    }

    @Test("the range is exactly 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z")
    func rangeLimits() {
        #expect(Self.minimum == CivilCalendar.daysFromCivil(year: 1, month: 1, day: 1) * 86_400_000)
        #expect(Self.maximum == CivilCalendar.daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400_000 - 1)
        #expect(ParseDate.minimum.isoString == "0001-01-01T00:00:00.000Z")
        #expect(ParseDate.maximum.isoString == "9999-12-31T23:59:59.999Z")
    }

    @Test("the first and last milliseconds of the range are accepted", arguments: [minimum, maximum, 0, -1])
    func inRange(milliseconds: Int64) throws {
        #expect(try ParseDate(epochMilliseconds: milliseconds).epochMilliseconds == milliseconds)
    }

    @Test(
        "a millisecond outside years 0001–9999 is rejected as invalid-date",
        arguments: [(minimum - 1, "before 0001-01-01"), (maximum + 1, "after 9999-12-31"),
                    (Int64.min, "before 0001-01-01"), (Int64.max, "after 9999-12-31")])
    func outOfRange(milliseconds: Int64, problem: String) throws {
        let error = try #require(throws: ParseWireError.self) { try ParseDate(epochMilliseconds: milliseconds) }
        #expect(error.kind == .invalidDate)
        #expect(error.message.contains("\(milliseconds)") && error.message.contains(problem), "\(error.message)")
    }

    @Test("every millisecond-exact date survives the trip through a Foundation Date")
    func foundationRoundTrip() throws {
        var milliseconds = Self.instants(count: 20_000, seed: 42)
        for start in [Self.minimum, -1000, 0, 978_307_199_000, 978_307_200_000, 1_641_039_825_000, Self.maximum - 999] {
            milliseconds += (0..<1000).map { start + $0 }
        }
        var mismatches: [Int64] = []
        for value in milliseconds {
            let date = try ParseDate(epochMilliseconds: value)
            let viaFoundation = try ParseDate(date.date)
            // The usual way to build a Date from epoch milliseconds must convert exactly too.
            let via1970 = try ParseDate(Date(timeIntervalSince1970: Double(value) / 1000))
            if viaFoundation != date || via1970 != date { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    }

    @Test("a Foundation Date is rounded to the nearest millisecond, halfway to the later one")
    func foundationRounding() throws {
        let reference: Int64 = 978_307_200_000
        // 0.0625 s and its multiples are exact in binary, so these are true halfway cases.
        let cases: [(seconds: Double, milliseconds: Int64)] = [
            (0.0625, 63), (-0.0625, -62), (0.0004, 0), (0.0006, 1), (-0.0004, 0), (-0.0006, -1),
            (1.0015625, 1002), (-1.0015625, -1002), (-1.0625, -1062), (2.5625, 2563), (0.000999999, 1),
        ]
        for (seconds, milliseconds) in cases {
            let date = try ParseDate(Date(timeIntervalSinceReferenceDate: seconds))
            #expect(date.epochMilliseconds == reference + milliseconds, "\(seconds) s")
        }
    }

    @Test("Date.distantPast is refused with the supported range and what to use instead; .distantFuture is 4001")
    func distantDates() throws {
        let error = try #require(throws: ParseWireError.self) { try ParseDate(Date.distantPast) }
        #expect(error.kind == .invalidDate)
        #expect(error.message.contains("0001-01-01T00:00:00.000Z ... 9999-12-31T23:59:59.999Z"), "\(error.message)")
        #expect(error.message.contains("distantPast"), "\(error.message)")
        #expect(try ParseDate(Date.distantFuture).isoString == "4001-01-01T00:00:00.000Z")
    }

    @Test("a Foundation Date outside the range, or not finite, is rejected as invalid-date")
    func foundationOutOfRange() throws {
        let limits = [ParseDate.minimum.date.addingTimeInterval(-0.001), ParseDate.maximum.date.addingTimeInterval(0.001)]
        let extremes = [Double.nan, .infinity, -.infinity, 1e300, -1e300].map { Date(timeIntervalSinceReferenceDate: $0) }
        for date in limits + extremes {
            let error = try #require(throws: ParseWireError.self) { try ParseDate(date) }
            #expect(error.kind == .invalidDate)
        }
        // Half a millisecond below the minimum rounds up into the range.
        #expect(try ParseDate(ParseDate.minimum.date.addingTimeInterval(-0.0004)) == ParseDate.minimum)
    }

    @Test("isoString and description give the canonical text and init(isoString:) reads it back")
    func isoStringRoundTrip() throws {
        var mismatches: [String] = []
        for value in Self.instants(count: 2000, seed: 7) {
            let date = try ParseDate(epochMilliseconds: value)
            let text = date.isoString
            let back = try ParseDate(isoString: text)
            if back != date || date.description != text || text.utf8.count != 24 { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty)
        #expect(try ParseDate(isoString: "2022-01-01T12:23:45.678Z").epochMilliseconds == 1_641_039_825_678)
    }

    @Test("init(isoString:) is strict by default and applies the leniency it is given")
    func isoStringLeniency() throws {
        let error = try #require(throws: ParseWireError.self) { try ParseDate(isoString: "2022-01-01T12:23:45Z") }
        #expect(error.kind == .invalidDate)
        #expect(error.message.contains("the fraction of a second is missing"))
        let lenient = try ParseDate(isoString: "2022-01-01T13:23:45+01:00", leniency: .all)
        #expect(lenient.isoString == "2022-01-01T12:23:45.000Z")
    }

    @Test("the strict and all leniencies are all off and all on")
    func leniencyPresets() {
        #expect(DateLeniency.strict == DateLeniency())
        #expect(!DateLeniency.strict.allowsMissingFraction && !DateLeniency.strict.allowsOtherFractionDigits
            && !DateLeniency.strict.allowsOffsets)
        #expect(DateLeniency.all == DateLeniency(allowsMissingFraction: true, allowsOtherFractionDigits: true, allowsOffsets: true))
    }

    @Test("dates order and compare by instant")
    func ordering() throws {
        let values = Self.instants(count: 200, seed: 3)
        let dates = try values.map { (value) throws(ParseWireError) -> ParseDate in try ParseDate(epochMilliseconds: value) }
        #expect(dates.sorted().map(\.epochMilliseconds) == values.sorted())
        #expect(ParseDate.minimum < ParseDate.maximum)
        #expect(try ParseDate(epochMilliseconds: 5) == ParseDate(isoString: "1970-01-01T00:00:00.005Z"))
        #expect(Set(dates + dates).count == Set(values).count)
    }
}
