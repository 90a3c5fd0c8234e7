/// The wording of date errors, apart from the parser's fast path.
extension ISO8601 {
    /// Works out, from scratch and only after the fast path has refused the text, which part of
    /// it is wrong, and says so.
    enum Diagnosis {
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
                    if JSONGrammar.isDigit(byte) { continue }
                    if index == 0 && (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) {
                        return invalid(bytes, "extended years (±YYYYYY) are not accepted; Parse dates have 4-digit years 0001–9999")
                    }
                    let must = "the \(field.name) must be \(field.range.count) ASCII digits (\(field.pattern))"
                    if byte >= 0x80 { return invalid(bytes, "\(must), found \(describe(byte)) at byte \(index + 1)") }
                    let found = UnsafeBufferPointer(rebasing: bytes[field.range.clamped(to: 0..<bytes.count)])
                    return invalid(bytes, "\(must), found \(quoted(found))")
                }
                guard let separator = separators[index], byte != separator else { continue }
                if index == 4 && JSONGrammar.isDigit(byte) {
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

        /// The fraction after the `.` has a digit count the leniency does not allow (DATE-6).
        @inline(never)
        static func fractionError(_ bytes: UnsafeBufferPointer<UInt8>, digitCount: Int) -> ParseWireError {
            if digitCount == 0 { return invalid(bytes, "the '.' after the seconds is not followed by a digit") }
            if digitCount > 9 { return invalid(bytes, "the fraction of a second has \(digitCount) digits; at most 9 are accepted") }
            return invalid(bytes, "the fraction of a second has \(digitCount) digit\(digitCount == 1 ? "" : "s"); canonical Parse "
                + "dates have exactly 3 (\(WireLeniency.dateFractionDigits.hint) accepts 1 to 9)")
        }

        /// No `.` follows the seconds, and the leniency or what follows instead does not allow that.
        @inline(never)
        static func missingFractionError(_ bytes: UnsafeBufferPointer<UInt8>, leniency: DateLeniency) -> ParseWireError {
            let index = dateTimeByteCount
            guard index < bytes.count else { return invalid(bytes, noZone) }
            if isZoneStart(bytes[index]) {
                return invalid(bytes, "the fraction of a second is missing; canonical Parse dates have exactly 3 digits, "
                    + "as in \":05.000Z\" (\(WireLeniency.dateWithoutMillis.hint) accepts it)")
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
                    + "(\(WireLeniency.dateOffset.hint) converts offsets to UTC)")
            }
            guard offset.count >= 6, offset[3] == UInt8(ascii: ":"), [1, 2, 4, 5].allSatisfy({ JSONGrammar.isDigit(offset[$0]) }) else {
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
