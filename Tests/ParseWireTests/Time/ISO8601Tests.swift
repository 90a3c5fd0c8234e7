import Foundation
import PropertyTesting
import Testing
@testable import ParseWire

/// Formats through `ISO8601.append`, checking it appends exactly 24 bytes after what is there.
private func formatISO(_ milliseconds: Int64) -> String {
    var buffer = Array("x".utf8)
    ISO8601.append(epochMilliseconds: milliseconds, to: &buffer)
    guard buffer.count == 25, buffer[0] == UInt8(ascii: "x") else { return "wrong length \(buffer.count)" }
    return String(decoding: buffer.dropFirst(), as: UTF8.self)
}

private func parseISO(_ text: String, _ leniency: DateLeniency = .strict) throws(ParseWireError) -> Int64 {
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(ParseWireError) -> Int64 in try ISO8601.parse(buffer, leniency: leniency) }
    }
    return try result.get()
}

/// The error `parse` throws, or `nil` when it accepts the text.
private func isoParseError(_ text: String, _ leniency: DateLeniency = .strict) -> ParseWireError? {
    do {
        _ = try parseISO(text, leniency)
        return nil
    } catch {
        return error
    }
}


@Suite("ISO 8601 text")
struct ISO8601Tests {
    static let minimum = ParseDate.minimum.epochMilliseconds
    static let maximum = ParseDate.maximum.epochMilliseconds

    @Test(
        "known instants format to the text JavaScript's toJSON writes and parse back",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"),
            (1_641_039_825_678, "2022-01-01T12:23:45.678Z"), (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (-2_208_988_800_000, "1900-01-01T00:00:00.000Z"), (1_000_000_000_000, "2001-09-09T01:46:40.000Z"),
            (minimum, "0001-01-01T00:00:00.000Z"), (maximum, "9999-12-31T23:59:59.999Z"),
        ])
    func knownInstants(milliseconds: Int64, text: String) throws {
        #expect(formatISO(milliseconds) == text)
        #expect(try parseISO(text) == milliseconds)
    }

    @Test(
        "every millisecond of a second formats with its own 3 digits and parses back exactly",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00"), (-1000, "1969-12-31T23:59:59"), (minimum, "0001-01-01T00:00:00"),
            (maximum - 999, "9999-12-31T23:59:59"), (951_825_600_000, "2000-02-29T12:00:00"),
        ])
    func everyMillisecondOfASecond(start: Int64, prefix: String) throws {
        var mismatches: [String] = []
        for millisecond in 0..<1000 {
            let expected = prefix + "." + String(millisecond + 1000).dropFirst() + "Z"
            let text = formatISO(start + Int64(millisecond))
            let back = try parseISO(expected)
            if text != expected || back != start + Int64(millisecond) { mismatches.append("\(text) -> \(back)") }
        }
        #expect(mismatches.isEmpty)
    }

    @Test(
        "the millisecond after the last of a day, month or year is the first of the next",
        arguments: [
            ("1999-12-31T23:59:59.999Z", "2000-01-01T00:00:00.000Z"), ("2000-02-28T23:59:59.999Z", "2000-02-29T00:00:00.000Z"),
            ("2000-02-29T23:59:59.999Z", "2000-03-01T00:00:00.000Z"), ("1900-02-28T23:59:59.999Z", "1900-03-01T00:00:00.000Z"),
            ("2021-04-30T23:59:59.999Z", "2021-05-01T00:00:00.000Z"), ("0001-12-31T23:59:59.999Z", "0002-01-01T00:00:00.000Z"),
            ("1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z"), ("9998-12-31T23:59:59.999Z", "9999-01-01T00:00:00.000Z"),
            ("1582-10-04T23:59:59.999Z", "1582-10-05T00:00:00.000Z"),
        ])
    func boundaries(last: String, first: String) throws {
        let lastMilliseconds = try parseISO(last)
        #expect(try parseISO(first) == lastMilliseconds + 1)
        #expect(formatISO(lastMilliseconds + 1) == first)
        #expect(formatISO(lastMilliseconds) == last)
    }

    @Test("formatting agrees with Foundation's UTC Gregorian calendar on 4,000 pseudo-random instants")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Foundation's Gregorian calendar is Julian before 1582-10-15; JavaScript's is not, so
        // the comparison starts in 1600.
        let from = CivilCalendar.daysFromCivil(year: 1600, month: 1, day: 1) * 86_400_000
        var random = SplitMix64(seed: 0x15_0860_1001)
        var mismatches: [String] = []
        for _ in 0..<4000 {
            let milliseconds = from + Int64(random.next(upTo: UInt64(Self.maximum - from)))
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
            let millisecond = Int((Double(parts.nanosecond!) / 1_000_000).rounded())
            let fields = [parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!, millisecond]
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6])
            let text = formatISO(milliseconds)
            let back = try parseISO(text)
            if text != expected || back != milliseconds {
                mismatches.append("\(milliseconds): \(text) vs Foundation \(expected)")
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test(
        "a non-canonical spelling is accepted exactly when its leniency is on",
        arguments: [false, true], [false, true])
    func leniencyMatrix(allowsMissingFraction: Bool, allowsOtherFractionDigits: Bool) throws {
        for allowsOffsets in [false, true] {
            let leniency = DateLeniency(
                allowsMissingFraction: allowsMissingFraction, allowsOtherFractionDigits: allowsOtherFractionDigits,
                allowsOffsets: allowsOffsets)
            let cases: [(text: String, accepted: Bool, milliseconds: Int64)] = [
                ("2021-01-01T00:00:05.000Z", true, 1_609_459_205_000),
                ("2021-01-01T00:00:05Z", allowsMissingFraction, 1_609_459_205_000),
                ("2021-01-01T00:00:05.5Z", allowsOtherFractionDigits, 1_609_459_205_500),
                ("2021-01-01T00:00:05.123456Z", allowsOtherFractionDigits, 1_609_459_205_123),
                ("2021-01-01T01:00:05.000+01:00", allowsOffsets, 1_609_459_205_000),
                ("2021-01-01T01:00:05+01:00", allowsOffsets && allowsMissingFraction, 1_609_459_205_000),
                ("2021-01-01T01:00:05.12+01:00", allowsOffsets && allowsOtherFractionDigits, 1_609_459_205_120),
            ]
            for (text, accepted, milliseconds) in cases {
                if accepted {
                    #expect(try parseISO(text, leniency) == milliseconds, "\(text) with \(leniency)")
                } else {
                    #expect(isoParseError(text, leniency)?.kind == .invalidDate, "\(text) with \(leniency)")
                }
            }
        }
    }

    // DATE-6: other fraction digit counts, under the leniency, read as a decimal fraction.
    @Test(
        "1, 2 and 4–9 fraction digits keep the first 3, so extra digits go to the earlier millisecond, before 1970 too",
        arguments: [
            ("1970-01-01T00:00:00.5Z", Int64(500)), ("1970-01-01T00:00:00.05Z", 50), ("1970-01-01T00:00:00.1239Z", 123),
            ("1970-01-01T00:00:00.999999999Z", 999), ("1970-01-01T00:00:00.0009Z", 0),
            ("1969-12-31T23:59:59.9999Z", -1), ("1969-12-31T23:59:59.0001Z", -1000), ("1969-12-31T23:59:59.99999Z", -1),
            ("0001-01-01T00:00:00.0009Z", minimum), ("9999-12-31T23:59:59.999999Z", maximum),
            ("1960-06-15T12:00:00.123987654Z", -301_233_599_877),
        ])
    func fractionTruncation(text: String, milliseconds: Int64) throws {
        #expect(try parseISO(text, DateLeniency(allowsOtherFractionDigits: true)) == milliseconds)
        #expect(isoParseError(text)?.kind == .invalidDate)
    }

    @Test(
        "offsets convert to UTC, across day, month and year boundaries",
        arguments: [
            ("2021-01-01T00:30:00.000+01:00", "2020-12-31T23:30:00.000Z"), ("2020-12-31T23:30:00.000-01:00", "2021-01-01T00:30:00.000Z"),
            ("2000-03-01T00:00:00.000+00:01", "2000-02-29T23:59:00.000Z"), ("2021-06-15T12:00:00.000-00:00", "2021-06-15T12:00:00.000Z"),
            ("2021-06-15T12:00:00.000+00:00", "2021-06-15T12:00:00.000Z"), ("2021-06-15T05:29:00.123+05:30", "2021-06-14T23:59:00.123Z"),
            ("1969-12-31T20:00:00.001-04:00", "1970-01-01T00:00:00.001Z"), ("0001-01-01T23:59:00.000+23:59", "0001-01-01T00:00:00.000Z"),
            ("9999-12-31T00:00:59.999-23:59", "9999-12-31T23:59:59.999Z"), ("2021-03-01T00:00:00.000+23:59", "2021-02-28T00:01:00.000Z"),
        ])
    func offsets(text: String, utc: String) throws {
        let milliseconds = try parseISO(text, DateLeniency(allowsOffsets: true))
        #expect(formatISO(milliseconds) == utc)
        #expect(try parseISO(utc) == milliseconds)
    }

    @Test(
        "malformed or impossible dates are rejected as invalid-date, saying which part is wrong",
        arguments: [
            ("0000-01-01T00:00:00.000Z", "year 0000 does not exist"),
            ("2021-00-01T00:00:00.000Z", "month 00 is not between 01 and 12"),
            ("2021-13-01T00:00:00.000Z", "month 13 is not between 01 and 12"),
            ("2021-01-00T00:00:00.000Z", "day 00 does not exist"),
            ("2021-02-29T00:00:00.000Z", "day 29 is past the end of February 2021"),
            ("1900-02-29T00:00:00.000Z", "day 29 is past the end of February 1900"),
            ("2021-04-31T00:00:00.000Z", "day 31 is past the end of April 2021, which has 30 days"),
            ("2021-01-32T00:00:00.000Z", "day 32 is past the end of January 2021"),
            ("2021-01-01T24:00:00.000Z", "hour 24 is not between 00 and 23"),
            ("2021-01-01T23:60:00.000Z", "minute 60 is not between 00 and 59"),
            ("2021-01-01T23:59:60.000Z", "second 60 is not between 00 and 59 (leap seconds"),
            ("2021-01-01t00:00:00.000Z", "a lowercase 't' separates the date and the time"),
            ("2021-01-01 00:00:00.000Z", "a space separates the date and the time"),
            ("2021-01-01T00:00:00.000z", "a lowercase 'z' ends the time"),
            ("+010000-01-01T00:00:00.000Z", "extended years (±YYYYYY) are not accepted"),
            ("-000001-01-01T00:00:00.000Z", "extended years (±YYYYYY) are not accepted"),
            ("10000-01-01T00:00:00.000Z", "the year has more than 4 digits"),
            ("２０２１-01-01T00:00:00.000Z", "the year must be 4 ASCII digits (YYYY), found the non-ASCII byte 0xEF at byte 1"),
            ("2021-0\u{661}-01T00:00:00.000Z", "the month must be 2 ASCII digits (MM), found the non-ASCII byte 0xD9 at byte 7"),
            ("2021-1-01T00:00:00.000Z", "the month must be 2 ASCII digits (MM), found \"1-\""),
            ("2021/01/01T00:00:00.000Z", "expected '-' after the year at byte 5, found '/'"),
            ("2021-01-01T00.00:00.000Z", "expected ':' after the hour at byte 14, found '.'"),
            ("2021-01-01T00:00:00,000Z", "expected '.' and 3 digits after the seconds, found ','"),
            ("2021-01-01T00:00:00.000Q", "expected 'Z' after the fraction, found 'Q'"),
            ("2021-01-01T00:00:00.000\u{0}", "expected 'Z' after the fraction, found the control byte 0x00"),
            ("2021-01-01T00:00:00.000Zx", "has 1 unexpected byte after the time zone: \"x\""),
            ("2021-01-01T00:00:00.000Z ", "has 1 unexpected byte after the time zone: \" \""),
            ("2021-01-01T00:00:00.000+00:00", "the offset \"+00:00\" is not accepted"),
            ("2021-01-01T00:00:00Z", "the fraction of a second is missing"),
            ("2021-01-01T00:00:00.5Z", "the fraction of a second has 1 digit; canonical"),
            ("2021-01-01T00:00:00.1234Z", "the fraction of a second has 4 digits; canonical"),
            ("", "is empty"),
            ("2021-01", "ends after 7 bytes: the day is missing"),
            ("2021-01-0", "ends after 9 bytes: the day is incomplete"),
        ])
    func strictRejections(text: String, problem: String) throws {
        let error = try #require(isoParseError(text))
        #expect(error.kind == .invalidDate)
        #expect(error.parseCode == 111)
        #expect(error.message.hasPrefix(text.debugDescription + ": "), "\(error.message)")
        #expect(error.message.contains(problem), "\(error.message)")
        #expect(error.offset == nil && error.path == "$")
    }

    @Test(
        "spellings no leniency covers are rejected with every leniency on",
        arguments: [
            ("2021-01-01", "is a date without a time, which is rejected in every mode"),
            ("2021-01-01T00:00:00.000", "has no 'Z' or offset"),
            ("2021-01-01T00:00:00", "has no 'Z' or offset"),
            ("2021-01-01T00:00", "the second is missing"),
            ("2021-01-01T00:00:00.Z", "the '.' after the seconds is not followed by a digit"),
            ("2021-01-01T00:00:00.1234567890Z", "has 10 digits; at most 9 are accepted"),
            ("2021-01-01T00:00:00.000+24:00", "the offset's hours 24 are not between 00 and 23"),
            ("2021-01-01T00:00:00.000+01:60", "the offset's minutes 60 are not between 00 and 59"),
            ("2021-01-01T00:00:00.000+0100", "the offset \"+0100\" must be written ±hh:mm"),
            ("2021-01-01T00:00:00.000+01", "the offset \"+01\" must be written ±hh:mm"),
            ("2021-01-01T00:00:00.000+1:00", "must be written ±hh:mm"),
            ("2021-01-01T00:00:00.000+01:00:00", "has 3 unexpected bytes after the time zone"),
            ("2021-01-01T00:00:00+01:00Z", "has 1 unexpected byte after the time zone"),
            ("2021-01-01T00:00:00z", "a lowercase 'z' ends the time"),
            ("2021-01-01T00:00:00.000 +01:00", "expected 'Z' or an offset ±hh:mm after the fraction, found a space"),
            ("0001-01-01T00:30:00.000+01:00", "before 0001-01-01T00:00:00.000Z, the earliest date"),
            ("9999-12-31T23:30:00.000-01:00", "after 9999-12-31T23:59:59.999Z, the latest date"),
            ("2021-02-29T00:00:00+01:00", "day 29 is past the end of February 2021"),
            ("0000-12-31T23:00:00.000-01:00", "year 0000 does not exist"),
        ])
    func rejectedInEveryMode(text: String, problem: String) throws {
        let error = try #require(isoParseError(text, .all))
        #expect(error.kind == .invalidDate)
        #expect(error.message.contains(problem), "\(error.message)")
        #expect(isoParseError(text)?.kind == .invalidDate)
    }

    @Test("an offset that lands exactly on the first or last millisecond is accepted")
    func offsetAtTheLimits() throws {
        #expect(try parseISO("0001-01-01T01:00:00.000+01:00", .all) == Self.minimum)
        #expect(try parseISO("9999-12-31T22:59:59.999-01:00", .all) == Self.maximum)
        #expect(isoParseError("0001-01-01T00:59:59.999+01:00", .all)?.kind == .invalidDate)
        #expect(isoParseError("9999-12-31T23:00:00.000-01:00", .all)?.kind == .invalidDate)
    }

    @Test("a long string is quoted only in part, with its length")
    func longTextIsShortened() throws {
        let text = String(repeating: "9", count: 200)
        let error = try #require(isoParseError(text))
        #expect(error.message.hasPrefix("\"" + String(repeating: "9", count: 48) + "…\" (200 bytes): "))
        #expect(error.message.contains("the year has more than 4 digits"))
    }

    @Test("parsing reads only the bytes it is given, not past the end of a slice")
    func parsesASlice() throws {
        let bytes = Array("[\"2021-01-01T00:00:05.000Z\"]".utf8)
        let milliseconds = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> Int64 in
            try ISO8601.parse(UnsafeBufferPointer(rebasing: buffer[2..<26]), leniency: .strict)
        }
        #expect(milliseconds == 1_609_459_205_000)
        let cut = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseWireError) -> Int64 in
                try ISO8601.parse(UnsafeBufferPointer(rebasing: buffer[2..<25]), leniency: .all)
            }
        }
        #expect(throws: ParseWireError.self) { try cut.get() }
    }
}
