/// Writes and reads the ISO 8601 text of Parse dates, byte by byte, without Foundation.
///
/// The canonical form is what parse-server emits (`Date.prototype.toJSON`, DATE-1): exactly
/// `YYYY-MM-DDTHH:mm:ss.sssZ`, 24 ASCII bytes, UTC. Anything else is rejected unless a
/// ``DateLeniency`` allows that one spelling. Both directions stay on the stack and cost a few
/// tens of nanoseconds. Every error is worked out afresh by the out-of-line `Diagnosis` functions
/// at the bottom of this file, so the hot path only has to notice that something is wrong.
enum ISO8601 {
    /// The length of the canonical text.
    static let canonicalByteCount = 24

    /// The length of the part every accepted spelling shares: `YYYY-MM-DDTHH:mm:ss`.
    static let dateTimeByteCount = 19

    private static let millisecondsPerDay: UInt64 = 86_400_000
    /// Days from 1970-01-01 back to 0001-01-01.
    private static let daysFromEpochToMinimum: Int64 = -719_162
    static let zero = UInt8(ascii: "0")

    // MARK: - Writing

    /// Appends exactly 24 bytes `YYYY-MM-DDTHH:mm:ss.sssZ` for an instant in years 0001–9999.
    ///
    /// - Parameters:
    ///   - epochMilliseconds: Milliseconds since 1970-01-01T00:00:00Z, within
    ///     ``ParseDate/minimum`` ... ``ParseDate/maximum`` (checked by a precondition).
    ///   - buffer: The buffer to append to.
    static func append(epochMilliseconds: Int64, to buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: canonicalByteCount) { text in
            write(epochMilliseconds: epochMilliseconds, to: text.baseAddress!)
            buffer.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// Writes the 24 canonical bytes for an in-range instant to `out`.
    static func write(epochMilliseconds: Int64, to out: UnsafeMutablePointer<UInt8>) {
        precondition(
            epochMilliseconds >= ParseDate.minimum.epochMilliseconds
                && epochMilliseconds <= ParseDate.maximum.epochMilliseconds,
            "epoch milliseconds \(epochMilliseconds) is outside years 0001-9999")
        // Counting from 0001-01-01 keeps every quantity non-negative, so plain unsigned division
        // is floor division, also before 1970, and the compiler turns it into multiplications.
        let sinceMinimum = UInt64(epochMilliseconds - ParseDate.minimum.epochMilliseconds)
        let dayIndex = sinceMinimum / millisecondsPerDay
        let millisecondOfDay = UInt32(truncatingIfNeeded: sinceMinimum - dayIndex * millisecondsPerDay)
        let (year, month, day) = CivilCalendar.civilFromDays(Int64(dayIndex) + daysFromEpochToMinimum)
        let secondOfDay = millisecondOfDay / 1000
        let millisecond = Int(millisecondOfDay - secondOfDay * 1000)
        let hour = secondOfDay / 3600
        let secondOfHour = secondOfDay - hour * 3600
        let minute = secondOfHour / 60
        let second = Int(secondOfHour - minute * 60)

        let century = year / 100
        writeTwoDigits(century, to: out)
        writeTwoDigits(year - century * 100, to: out + 2)
        out[4] = UInt8(ascii: "-")
        writeTwoDigits(month, to: out + 5)
        out[7] = UInt8(ascii: "-")
        writeTwoDigits(day, to: out + 8)
        out[10] = UInt8(ascii: "T")
        writeTwoDigits(Int(hour), to: out + 11)
        out[13] = UInt8(ascii: ":")
        writeTwoDigits(Int(minute), to: out + 14)
        out[16] = UInt8(ascii: ":")
        writeTwoDigits(second, to: out + 17)
        out[19] = UInt8(ascii: ".")
        let hundreds = millisecond / 100
        out[20] = zero &+ UInt8(truncatingIfNeeded: hundreds)
        writeTwoDigits(millisecond - hundreds * 100, to: out + 21)
        out[23] = UInt8(ascii: "Z")
    }

    /// "00" through "99", so that one two-digit value is one table lookup.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    @inline(__always)
    private static func writeTwoDigits(_ value: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pair = digitPairs.utf8Start + 2 * value
        out[0] = pair[0]
        out[1] = pair[1]
    }

    // MARK: - Reading

    /// Parses the ISO 8601 text of a date into epoch milliseconds within years 0001–9999.
    ///
    /// The strict form is exactly `YYYY-MM-DDTHH:mm:ss.sssZ`: 24 bytes, ASCII digits, uppercase
    /// `T` and `Z`, a real calendar date and a time from 00:00:00.000 to 23:59:59.999. The
    /// leniencies add: no fraction, 1–9 fraction digits (beyond 3 truncated to the earlier
    /// millisecond, as V8 does), and `±hh:mm` offsets converted to UTC. A date without a time,
    /// or a time without `Z` or an offset, is rejected in every mode.
    ///
    /// - Parameters:
    ///   - bytes: The string's bytes between the JSON quotes, already unescaped.
    ///   - leniency: Which non-canonical spellings to accept.
    /// - Returns: Milliseconds since 1970-01-01T00:00:00Z, always within
    ///   ``ParseDate/minimum`` ... ``ParseDate/maximum``.
    /// - Throws: ``ParseWireError`` of kind `invalid-date`, saying which part is wrong and quoting the text.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, leniency: DateLeniency) throws(ParseWireError) -> Int64 {
        let count = bytes.count
        // DATE-10: the layout characters and ASCII digits are checked here and in `canonicalFields`.
        guard count >= dateTimeByteCount, let text = bytes.baseAddress else {
            throw Diagnosis.layoutError(bytes)
        }
        if count == canonicalByteCount, let fields = canonicalFields(text) {
            try checkRanges(bytes, fields)
            return try epochMilliseconds(bytes, fields, offsetMinutes: 0)
        }
        @inline(__always) func digit(_ index: Int) -> Int { Int(text[index] &- zero) }
        let y1 = digit(0), y2 = digit(1), y3 = digit(2), y4 = digit(3)
        let mo1 = digit(5), mo2 = digit(6), d1 = digit(8), d2 = digit(9)
        let h1 = digit(11), h2 = digit(12), mi1 = digit(14), mi2 = digit(15), s1 = digit(17), s2 = digit(18)
        // A byte below "0" wraps to a value above 9 as UInt8, so one bound catches both sides.
        let digitsAreValid = y1 < 10 && y2 < 10 && y3 < 10 && y4 < 10 && mo1 < 10 && mo2 < 10 && d1 < 10
            && d2 < 10 && h1 < 10 && h2 < 10 && mi1 < 10 && mi2 < 10 && s1 < 10 && s2 < 10
        let separatorsAreValid = text[4] == UInt8(ascii: "-") && text[7] == UInt8(ascii: "-")
            && text[10] == UInt8(ascii: "T") && text[13] == UInt8(ascii: ":") && text[16] == UInt8(ascii: ":")
        guard digitsAreValid && separatorsAreValid else { throw Diagnosis.layoutError(bytes) }
        var fields = Fields(year: y1 * 1000 + y2 * 100 + y3 * 10 + y4, month: mo1 * 10 + mo2, day: d1 * 10 + d2,
                            hour: h1 * 10 + h2, minute: mi1 * 10 + mi2, second: s1 * 10 + s2, millisecond: 0)
        try checkRanges(bytes, fields)

        var index = dateTimeByteCount
        if index < count && text[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count && text[index] &- zero < 10 { index += 1 }
            let digitCount = index - start
            if digitCount == 3 {
                fields.millisecond = digit(start) * 100 + digit(start + 1) * 10 + digit(start + 2)
            } else {
                // DATE-6: 1–2 or 4–9 fraction digits only under the leniency, read as a decimal fraction.
                guard digitCount >= 1, digitCount <= 9, leniency.allowsOtherFractionDigits else {
                    throw Diagnosis.fractionError(bytes, digitCount: digitCount)
                }
                // Digits past the third are dropped: the fraction only ever adds to the wall-clock
                // second, so dropping digits is a floor, toward the earlier millisecond, before 1970 too.
                for position in 0..<3 {
                    fields.millisecond = fields.millisecond * 10 + (position < digitCount ? digit(start + position) : 0)
                }
            }
        } else if !leniency.allowsMissingFraction || index == count || !isZoneStart(text[index]) {
            // DATE-8: seconds without a fraction (`…:05Z`) only under the leniency.
            throw Diagnosis.missingFractionError(bytes, leniency: leniency)
        }

        // DATE-7: `Z`, or a `±hh:mm` offset under the leniency; no zone at all is refused in every mode.
        guard index < count else { throw Diagnosis.zoneError(bytes, at: index, leniency: leniency) }
        var offsetMinutes = 0
        if text[index] == UInt8(ascii: "Z") {
            index += 1
        } else {
            guard leniency.allowsOffsets, text[index] != UInt8(ascii: "z"), index + 6 <= count,
                text[index + 3] == UInt8(ascii: ":")
            else { throw Diagnosis.zoneError(bytes, at: index, leniency: leniency) }
            let oh1 = digit(index + 1), oh2 = digit(index + 2), om1 = digit(index + 4), om2 = digit(index + 5)
            guard isZoneStart(text[index]), oh1 < 10, oh2 < 10, om1 < 10, om2 < 10,
                oh1 * 10 + oh2 <= 23, om1 * 10 + om2 <= 59
            else { throw Diagnosis.zoneError(bytes, at: index, leniency: leniency) }
            // RFC 3339's "-00:00" ("offset unknown") still names the UTC instant, as V8 reads it.
            let magnitude = (oh1 * 10 + oh2) * 60 + om1 * 10 + om2
            offsetMinutes = text[index] == UInt8(ascii: "-") ? -magnitude : magnitude
            index += 6
        }
        guard index == count else { throw Diagnosis.trailingError(bytes, at: index) }
        return try epochMilliseconds(bytes, fields, offsetMinutes: offsetMinutes)
    }

    /// The numbers a date's text spells, before any range check.
    private struct Fields {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    /// DATE-3 (a real calendar date), DATE-4 (a real time of day) and DATE-5 (years 0001–9999).
    @inline(__always)
    private static func checkRanges(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: Fields) throws(ParseWireError) {
        guard fields.year >= 1, fields.month >= 1, fields.month <= 12, fields.day >= 1, fields.hour <= 23,
            fields.minute <= 59, fields.second <= 59,
            fields.day <= CivilCalendar.daysInMonth(year: fields.year, month: fields.month)
        else {
            throw Diagnosis.rangeError(bytes, year: fields.year, month: fields.month, day: fields.day,
                                       hour: fields.hour, minute: fields.minute, second: fields.second)
        }
    }

    /// The instant of range-checked fields at a UTC offset, which must land within years 0001–9999.
    @inline(__always)
    private static func epochMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: Fields,
                                          offsetMinutes: Int) throws(ParseWireError) -> Int64 {
        let days = CivilCalendar.daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
        let secondOfDay = Int64(fields.hour * 3600 + fields.minute * 60 + fields.second - offsetMinutes * 60)
        let milliseconds = (days * 86_400 + secondOfDay) * 1000 + Int64(fields.millisecond)
        if offsetMinutes != 0 {
            guard milliseconds >= ParseDate.minimum.epochMilliseconds,
                milliseconds <= ParseDate.maximum.epochMilliseconds
            else { throw Diagnosis.offsetLeavesRange(bytes, before: milliseconds < 0) }
        }
        return milliseconds
    }

    /// The fields of text laid out exactly as the canonical 24 bytes, read eight bytes at a time;
    /// `nil` when any byte is not the digit or separator the layout puts there (the byte-by-byte
    /// path then finds and words the error). The caller checks the ranges.
    ///
    /// In each little-endian word, separator bytes are compared with a template and replaced by
    /// `0`; then every byte must lie in `0`...`9`: below 0x80, not above 0x39 once 0x46 is added
    /// (no carry can cross bytes below 0x80), and not below 0x30 (subtracting 0x30 from the byte
    /// with its high bit set leaves that bit set).
    @inline(__always)
    private static func canonicalFields(_ text: UnsafePointer<UInt8>) -> Fields? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func digits(at offset: Int, separatorMask: UInt64, separators: UInt64) -> UInt64? {
            let word = UInt64(littleEndian: UnsafeRawPointer(text + offset).loadUnaligned(as: UInt64.self))
            guard word & separatorMask == separators else { return nil }
            let padded = (word & ~separatorMask) | (ones &* 0x30 & separatorMask)
            guard padded & highs == 0, (padded &+ ones &* 0x46) & highs == 0,
                ((padded | highs) &- ones &* 0x30) & highs == highs
            else { return nil }
            return padded &- ones &* 0x30
        }
        // "YYYY-MM-", "DDTHH:MM", ":SS.sssZ"
        guard let first = digits(at: 0, separatorMask: 0xFF00_00FF_0000_0000, separators: 0x2D00_002D_0000_0000),
            let second = digits(at: 8, separatorMask: 0x0000_FF00_00FF_0000, separators: 0x0000_3A00_0054_0000),
            let third = digits(at: 16, separatorMask: 0xFF00_0000_FF00_00FF, separators: 0x5A00_0000_2E00_003A)
        else { return nil }
        @inline(__always) func digit(_ word: UInt64, _ index: Int) -> Int { Int(truncatingIfNeeded: (word >> (8 * UInt64(index))) & 0xFF) }
        let fields = Fields(
            year: digit(first, 0) * 1000 + digit(first, 1) * 100 + digit(first, 2) * 10 + digit(first, 3),
            month: digit(first, 5) * 10 + digit(first, 6), day: digit(second, 0) * 10 + digit(second, 1),
            hour: digit(second, 3) * 10 + digit(second, 4), minute: digit(second, 6) * 10 + digit(second, 7),
            second: digit(third, 1) * 10 + digit(third, 2),
            millisecond: digit(third, 4) * 100 + digit(third, 5) * 10 + digit(third, 6))
        return fields
    }

    @inline(__always)
    static func isZoneStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
