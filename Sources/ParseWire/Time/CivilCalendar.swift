/// Proleptic Gregorian calendar arithmetic on day counts since 1970-01-01, written by hand.
///
/// JavaScript's `Date`, and so parse-server, uses the proleptic Gregorian calendar for every
/// year; Foundation's Gregorian calendar switches to the Julian one before 1582-10-15, and is far
/// too slow for a per-value hot path anyway.
///
/// Both conversions count in a "computational" calendar whose year starts on March 1, so that
/// the leap day is the last day of the year and the months from March on have lengths that a
/// linear formula reproduces. They follow the Euclidean affine formulas of Neri and Schneider
/// ("Euclidean affine functions and their application to calendar algorithms", 2022), which
/// replace divisions by multiplications and shifts; the code is our own. Years are shifted by a
/// whole number of 400-year cycles so that all intermediate values are unsigned.
enum CivilCalendar {
    /// The years the conversions accept; Parse needs 1...9999.
    static let supportedYears = -999_999...999_999

    /// Whole 400-year cycles added to a year so that every supported year, counted from March, is not negative.
    private static let yearShift: UInt64 = 1_000_000
    /// Days in `yearShift` years: 2,500 cycles of 146,097 days.
    private static let dayShift: UInt64 = 365_242_500
    /// Days from 0000-03-01, day 0 of the computational calendar, to 1970-01-01.
    private static let marchZeroToEpoch: UInt64 = 719_468

    /// Days since 1970-01-01 for a proleptic Gregorian date; negative before 1970.
    ///
    /// - Parameters:
    ///   - year: The year, within ``supportedYears``; 1...9999 is what Parse uses.
    ///   - month: The month, 1...12.
    ///   - day: The day of the month, 1...``daysInMonth(year:month:)``.
    /// - Returns: The number of days from 1970-01-01 to the date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        precondition(supportedYears.contains(year), "year \(year) is outside \(supportedYears)")
        // January and February are months 13 and 14 of the previous computational year.
        let isJanuaryOrFebruary = month <= 2
        let marchYear = UInt64(year + Int(yearShift) - (isJanuaryOrFebruary ? 1 : 0))
        let marchMonth = UInt64(month + (isJanuaryOrFebruary ? 12 : 0))
        let century = marchYear / 100
        let daysBeforeYear = 1461 * marchYear / 4 - century + century / 4
        // (979 m - 2919) / 32 is the number of days from March 1 to the first of month m (3...14).
        let daysBeforeMonth = (979 * marchMonth - 2919) / 32
        let days = daysBeforeYear + daysBeforeMonth + UInt64(day - 1)
        return Int64(days) - Int64(dayShift + marchZeroToEpoch)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    ///
    /// - Parameter days: Days since 1970-01-01, negative before 1970, within ``supportedYears``.
    /// - Returns: The year, month (1...12) and day of the month.
    static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + Int64(dayShift + marchZeroToEpoch)
        // The bounds are 0000-03-01 of year -1,000,000 and 03-01 of year 1,000,000, just outside the supported years.
        precondition(shifted >= 0 && shifted < 2 * Int64(dayShift), "day \(days) is outside years \(supportedYears)")
        // Scaling by 4 and adding 3 turns "which century / year holds this day" into one exact
        // division each, with the remainder giving the day within it.
        let centuryNumerator = 4 * UInt64(shifted) + 3
        let century = centuryNumerator / 146_097
        let dayOfCentury = centuryNumerator % 146_097 / 4
        // 2939745 / 2^32 approximates 1 / 1461 closely enough for every day of a century, so the
        // high half is the year of the century and the low half, rescaled, the day of the year.
        let yearProduct = 2_939_745 * (4 * dayOfCentury + 3)
        let yearOfCentury = yearProduct >> 32
        let dayOfYear = (yearProduct & 0xFFFF_FFFF) / 2_939_745 / 4
        // Likewise 2141 / 2^16 approximates 1 / 30.6, the mean month from March on.
        let monthProduct = 2141 * dayOfYear + 197_913
        let marchMonth = Int(monthProduct >> 16)
        let day = Int((monthProduct & 0xFFFF) / 2141) + 1
        // Day 306 of a computational year is January 1 of the next civil year.
        let isJanuaryOrFebruary = dayOfYear >= 306
        let year = Int(100 * century + yearOfCentury) - Int(yearShift) + (isJanuaryOrFebruary ? 1 : 0)
        return (year, isJanuaryOrFebruary ? marchMonth - 12 : marchMonth, day)
    }

    /// Whether a proleptic Gregorian year has a February 29 (1900 does not, 2000 does).
    ///
    /// - Parameter year: The year.
    /// - Returns: `true` for years divisible by 4, except centuries not divisible by 400.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month of a proleptic Gregorian year.
    ///
    /// - Parameters:
    ///   - year: The year, which matters for February only.
    ///   - month: The month, 1...12.
    /// - Returns: 28, 29, 30 or 31.
    static func daysInMonth(year: Int, month: Int) -> Int {
        precondition((1...12).contains(month), "month \(month) is not 1...12")
        if month == 2 { return isLeapYear(year) ? 29 : 28 }
        // The 31-day months are the odd ones up to July and the even ones from August, so the
        // parity flips at month 8 (bit 3).
        return 30 + ((month ^ (month >> 3)) & 1)
    }
}
