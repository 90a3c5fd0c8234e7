import Foundation
import Testing
@testable import ParseWire

/// A Date read from the wire is the very `Date` Foundation's own readers give for the same text or
/// the same epoch milliseconds, so `==` holds between dates from ParseWire and from `JSONDecoder`,
/// `ISO8601DateFormatter` or `DateFormatter`.
@Suite("ParseDate and Foundation's readers")
struct ParseDateFoundationTests {
    /// Pseudo-random instants across the range, and the edges where rounding is most fragile.
    static func instants(from minimum: Int64, count: Int) -> [Int64] {
        var values = ParseDateTests.instants(count: count, seed: 7).filter { $0 >= minimum }
        for start in [minimum, -1000, 0, 978_307_199_000, 978_307_200_000, 1_700_000_000_000, ParseDate.maximum.epochMilliseconds - 999] {
            values += (0..<1000).map { start + $0 }.filter { $0 >= minimum }
        }
        return values
    }

    /// 1582-10-15T00:00:00.000Z, the first day of the Gregorian calendar: before it, Foundation's
    /// text readers count days in the Julian calendar, the server (JavaScript) in the proleptic
    /// Gregorian one, so the same text names two instants days apart.
    static let gregorianStart: Int64 = CivilCalendar.daysFromCivil(year: 1582, month: 10, day: 15) * 86_400_000

    struct Stamp: Decodable { let at: Date }

    @Test("JSONDecoder's millisecondsSince1970 gives the same Date for every millisecond in 0001–9999")
    func sameAsJSONDecoderMilliseconds() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        var mismatches: [Int64] = []
        for milliseconds in Self.instants(from: ParseDate.minimum.epochMilliseconds, count: 20_000) {
            let foundation = try decoder.decode(Stamp.self, from: Data("{\"at\":\(milliseconds)}".utf8)).at
            let ours = try ParseDate(epochMilliseconds: milliseconds)
            let back = try ParseDate(foundation)
            if ours.date != foundation || back != ours { mismatches.append(milliseconds) }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) differ, first: \(mismatches.prefix(5))")
    }

    @Test("ISO8601DateFormatter and DateFormatter give the same Date for the wire text from 1582-10-15 on")
    func sameAsFoundationFormatters() throws {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        var mismatches: [String] = []
        for milliseconds in Self.instants(from: Self.gregorianStart, count: 5_000) {
            let text = try ParseDate(epochMilliseconds: milliseconds).isoString
            let read = try ParseDate(isoString: text).date
            if read != iso.date(from: text) || read != formatter.date(from: text) { mismatches.append(text) }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) differ, first: \(mismatches.prefix(5))")
    }

    @Test("before 1582-10-15 Foundation's text readers count Julian days; ParseWire keeps the server's instant")
    func julianDaysBeforeGregorian() throws {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = "0001-01-01T00:00:00.000Z"
        let julian = try #require(iso.date(from: text))
        // JavaScript's Date.parse(text) is -62135596800000: the proleptic Gregorian day.
        #expect(try ParseDate(isoString: text).epochMilliseconds == -62_135_596_800_000)
        #expect(julian.timeIntervalSince1970 * 1000 == -62_135_596_800_000 - 2 * 86_400_000)
    }

    @Test("the 2023 example of the issue: the Date equals Foundation's, seconds since 2001 721692800.1229999")
    func publishedExample() throws {
        let date = try ParseDate(isoString: "2023-11-14T22:13:20.123Z").date
        #expect(date == Date(timeIntervalSince1970: 1_700_000_000.123))
    }
}
