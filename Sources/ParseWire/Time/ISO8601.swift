/// Writes and reads the ISO 8601 text of Parse dates, byte by byte, without Foundation.
///
/// The canonical form is what parse-server emits (`Date.prototype.toJSON`): exactly
/// `YYYY-MM-DDTHH:mm:ss.sssZ`, 24 ASCII bytes, UTC. Anything else is rejected unless a
/// ``DateLeniency`` allows that one spelling. Both directions stay on the stack and cost a few
/// tens of nanoseconds. Every error is worked out afresh by the out-of-line `Diagnosis` functions
/// at the bottom of this file, so the hot path only has to notice that something is wrong.
enum ISO8601 {
    /// The length of the canonical text.
    static let canonicalByteCount = 24

    /// The length of the part every accepted spelling shares: `YYYY-MM-DDTHH:mm:ss`.
    private static let dateTimeByteCount = 19

    private static let millisecondsPerDay: UInt64 = 86_400_000
    /// Days from 1970-01-01 back to 0001-01-01.
    private static let daysFromEpochToMinimum: Int64 = -719_162
    private static let zero = UInt8(ascii: "0")

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
        guard count >= dateTimeByteCount, let text = bytes.baseAddress else {
            throw Diagnosis.layoutError(bytes)
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

        let year = y1 * 1000 + y2 * 100 + y3 * 10 + y4
        let month = mo1 * 10 + mo2
        let day = d1 * 10 + d2
        let hour = h1 * 10 + h2
        let minute = mi1 * 10 + mi2
        let second = s1 * 10 + s2
        guard year >= 1, month >= 1, month <= 12, day >= 1, hour <= 23, minute <= 59, second <= 59,
            day <= CivilCalendar.daysInMonth(year: year, month: month)
        else {
            throw Diagnosis.rangeError(bytes, year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }

        var index = dateTimeByteCount
        var millisecond = 0
        if index < count && text[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count && text[index] &- zero < 10 { index += 1 }
            let digitCount = index - start
            if digitCount == 3 {
                millisecond = digit(start) * 100 + digit(start + 1) * 10 + digit(start + 2)
            } else {
                guard digitCount >= 1, digitCount <= 9, leniency.allowsOtherFractionDigits else {
                    throw Diagnosis.fractionError(bytes, digitCount: digitCount)
                }
                // Digits past the third are dropped: the fraction only ever adds to the wall-clock
                // second, so dropping digits is a floor, toward the earlier millisecond, before 1970 too.
                for position in 0..<3 {
                    millisecond = millisecond * 10 + (position < digitCount ? digit(start + position) : 0)
                }
            }
        } else if !leniency.allowsMissingFraction || index == count || !isZoneStart(text[index]) {
            throw Diagnosis.missingFractionError(bytes, leniency: leniency)
        }

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

        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let secondOfDay = Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        let milliseconds = (days * 86_400 + secondOfDay) * 1000 + Int64(millisecond)
        if offsetMinutes != 0 {
            guard milliseconds >= ParseDate.minimum.epochMilliseconds,
                milliseconds <= ParseDate.maximum.epochMilliseconds
            else { throw Diagnosis.offsetLeavesRange(bytes, before: milliseconds < 0) }
        }
        return milliseconds
    }

    @inline(__always)
    private static func isZoneStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}

// MARK: - Diagnosis

extension ISO8601 {
    /// Works out, from scratch and only after the fast path has refused the text, which part of
    /// it is wrong, and says so.
    fileprivate enum Diagnosis {
        private static let fields: [(name: String, pattern: String, range: Range<Int>)] = [
            ("year", "YYYY", 0..<4), ("month", "MM", 5..<7), ("day", "DD", 8..<10),
            ("hour", "HH", 11..<13), ("minute", "mm", 14..<16), ("second", "ss", 17..<19),
        ]
        private static let separators: [Int: UInt8] = [
            4: UInt8(ascii: "-"), 7: UInt8(ascii: "-"), 10: UInt8(ascii: "T"), 13: UInt8(ascii: ":"), 16: UInt8(ascii: ":"),
        ]
        private static let monthNames = [
            "January", "February", "March", "April", "May", "June",
            "July", "August", "September", "October", "November", "December",
        ]
        private static let noZone = "has no 'Z' or offset; a date-time without one means the server's local time, "
            + "so it is rejected in every mode"

        /// The text in the first `YYYY-MM-DDTHH:mm:ss` bytes is malformed or cut short.
        @inline(never)
        static func layoutError(_ bytes: UnsafeBufferPointer<UInt8>) -> ParseWireError {
            if bytes.isEmpty { return invalid(bytes, "is empty; expected a date such as \"2021-01-01T00:00:00.000Z\"") }
            for index in 0..<min(bytes.count, dateTimeByteCount) {
                let byte = bytes[index]
                if let field = fields.first(where: { $0.range.contains(index) }) {
                    if isDigit(byte) { continue }
                    if index == 0 && (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) {
                        return invalid(bytes, "extended years (±YYYYYY) are not accepted; Parse dates have 4-digit years 0001–9999")
                    }
                    let must = "the \(field.name) must be \(field.range.count) ASCII digits (\(field.pattern))"
                    if byte >= 0x80 { return invalid(bytes, "\(must), found \(describe(byte)) at byte \(index + 1)") }
                    let found = UnsafeBufferPointer(rebasing: bytes[field.range.clamped(to: 0..<bytes.count)])
                    return invalid(bytes, "\(must), found \(quoted(found))")
                }
                guard let separator = separators[index], byte != separator else { continue }
                if index == 4 && isDigit(byte) {
                    return invalid(bytes, "the year has more than 4 digits; Parse dates have years 0001–9999")
                }
                if index == 10 && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "t")) {
                    let what = byte == UInt8(ascii: " ") ? "a space" : "a lowercase 't'"
                    return invalid(bytes, "\(what) separates the date and the time; expected an uppercase 'T'")
                }
                let previous = fields.first { $0.range.upperBound == index }!.name
                return invalid(bytes, "expected '\(Character(Unicode.Scalar(separator)))' after the \(previous) at byte \(index + 1), found \(describe(byte))")
            }
            // Every byte present is in place, so the text stops too early.
            if bytes.count == 10 {
                return invalid(bytes, "is a date without a time, which is rejected in every mode; write \"T00:00:00.000Z\" after it for midnight UTC")
            }
            let field = fields.first { $0.range.upperBound > bytes.count }!
            let state = bytes.count > field.range.lowerBound ? "is incomplete" : "is missing"
            return invalid(bytes, "ends after \(bytes.count) bytes: the \(field.name) \(state); expected YYYY-MM-DDTHH:mm:ss.sssZ")
        }

        /// A date or time field holds digits, but a value that does not exist.
        @inline(never)
        static func rangeError(
            _ bytes: UnsafeBufferPointer<UInt8>, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        ) -> ParseWireError {
            if year == 0 { return invalid(bytes, "year 0000 does not exist; Parse dates start at 0001-01-01") }
            if month < 1 || month > 12 { return invalid(bytes, "month \(twoDigits(month)) is not between 01 and 12") }
            if day == 0 { return invalid(bytes, "day 00 does not exist; days start at 01") }
            let lastDay = CivilCalendar.daysInMonth(year: year, month: month)
            if day > lastDay {
                let yearText = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<4]), as: UTF8.self)
                return invalid(bytes, "day \(day) is past the end of \(monthNames[month - 1]) \(yearText), which has \(lastDay) days")
            }
            if hour > 23 {
                return invalid(bytes, "hour \(hour) is not between 00 and 23 (the midnight that ends a day is 00:00 of the next day)")
            }
            if minute > 59 { return invalid(bytes, "minute \(minute) is not between 00 and 59") }
            return invalid(bytes, "second \(second) is not between 00 and 59 (leap seconds cannot be represented)")
        }

        /// The fraction after the `.` has a digit count the leniency does not allow.
        @inline(never)
        static func fractionError(_ bytes: UnsafeBufferPointer<UInt8>, digitCount: Int) -> ParseWireError {
            if digitCount == 0 { return invalid(bytes, "the '.' after the seconds is not followed by a digit") }
            if digitCount > 9 { return invalid(bytes, "the fraction of a second has \(digitCount) digits; at most 9 are accepted") }
            return invalid(bytes, "the fraction of a second has \(digitCount) digit\(digitCount == 1 ? "" : "s"); canonical Parse "
                + "dates have exactly 3 (enable DateLeniency.allowsOtherFractionDigits to accept 1 to 9)")
        }

        /// No `.` follows the seconds, and the leniency or what follows instead does not allow that.
        @inline(never)
        static func missingFractionError(_ bytes: UnsafeBufferPointer<UInt8>, leniency: DateLeniency) -> ParseWireError {
            let index = dateTimeByteCount
            guard index < bytes.count else { return invalid(bytes, noZone) }
            if isZoneStart(bytes[index]) {
                return invalid(bytes, "the fraction of a second is missing; canonical Parse dates have exactly 3 digits, "
                    + "as in \":05.000Z\" (enable DateLeniency.allowsMissingFraction to accept it)")
            }
            if leniency.allowsMissingFraction { return zoneError(bytes, at: index, leniency: leniency) }
            return invalid(bytes, "expected '.' and 3 digits after the seconds, found \(describe(bytes[index]))")
        }

        /// What follows the time is not `Z`, or not an offset the leniency accepts.
        @inline(never)
        static func zoneError(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, leniency: DateLeniency) -> ParseWireError {
            guard index < bytes.count else { return invalid(bytes, noZone) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "z") { return invalid(bytes, "a lowercase 'z' ends the time; expected an uppercase 'Z'") }
            guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else {
                let expected = leniency.allowsOffsets ? "'Z' or an offset ±hh:mm" : "'Z'"
                let after = index == dateTimeByteCount ? "seconds" : "fraction"
                return invalid(bytes, "expected \(expected) after the \(after), found \(describe(byte))")
            }
            let offset = UnsafeBufferPointer(rebasing: bytes[index...])
            guard leniency.allowsOffsets else {
                return invalid(bytes, "the offset \(quoted(offset)) is not accepted; canonical Parse dates are UTC, ending in 'Z' "
                    + "(enable DateLeniency.allowsOffsets to convert offsets to UTC)")
            }
            guard offset.count >= 6, offset[3] == UInt8(ascii: ":"), [1, 2, 4, 5].allSatisfy({ isDigit(offset[$0]) }) else {
                return invalid(bytes, "the offset \(quoted(offset)) must be written ±hh:mm")
            }
            let hours = Int(offset[1] - zero) * 10 + Int(offset[2] - zero)
            if hours > 23 { return invalid(bytes, "the offset's hours \(twoDigits(hours)) are not between 00 and 23") }
            let minutes = Int(offset[4] - zero) * 10 + Int(offset[5] - zero)
            return invalid(bytes, "the offset's minutes \(twoDigits(minutes)) are not between 00 and 59")
        }

        /// Bytes follow a complete date-time.
        @inline(never)
        static func trailingError(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> ParseWireError {
            let rest = UnsafeBufferPointer(rebasing: bytes[index...])
            return invalid(bytes, "has \(rest.count) unexpected byte\(rest.count == 1 ? "" : "s") after the time zone: \(quoted(rest))")
        }

        /// A well-formed local date-time whose offset puts the UTC instant outside years 0001–9999.
        @inline(never)
        static func offsetLeavesRange(_ bytes: UnsafeBufferPointer<UInt8>, before: Bool) -> ParseWireError {
            let limit = before ? "before 0001-01-01T00:00:00.000Z, the earliest" : "after 9999-12-31T23:59:59.999Z, the latest"
            return invalid(bytes, "in UTC this instant is \(limit) date Parse can hold")
        }

        private static func invalid(_ bytes: UnsafeBufferPointer<UInt8>, _ problem: String) -> ParseWireError {
            ParseWireError(.invalidDate, message: "\(quoted(bytes)): \(problem)")
        }

        private static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

        private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

        /// The text in double quotes with Swift's escapes for quotes and invisible characters, cut
        /// to a readable length: the decoder may hand us any string found in an `iso` key.
        private static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            let limit = 48
            guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self).debugDescription }
            let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<limit]), as: UTF8.self).debugDescription
            return head.dropLast() + "…\" (\(bytes.count) bytes)"
        }

        private static func describe(_ byte: UInt8) -> String {
            let hex = String(byte, radix: 16, uppercase: true)
            switch byte {
            case 0x20: return "a space"
            case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
            case 0x80...: return "the non-ASCII byte 0x\(hex)"
            default: return "the control byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
            }
        }
    }
}
