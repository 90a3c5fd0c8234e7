import Testing
@testable import ParseWire

@Suite("Civil calendar")
struct CivilCalendarTests {
    @Test("every day from 0001-01-01 to 9999-12-31 converts both ways and follows the previous day by one")
    func everyDayRoundTrips() {
        // One walk over the calendar, counting days independently of the code under test.
        var expectedDays: Int64 = -719_162
        var mismatches: [String] = []
        for year in 1...9999 {
            for month in 1...12 {
                for day in 1...CivilCalendar.daysInMonth(year: year, month: month) {
                    let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
                    let civil = CivilCalendar.civilFromDays(expectedDays)
                    if days != expectedDays || civil != (year, month, day) {
                        if mismatches.count < 10 {
                            mismatches.append("\(year)-\(month)-\(day): days \(days), expected \(expectedDays); back \(civil)")
                        }
                    }
                    expectedDays += 1
                }
            }
        }
        #expect(mismatches.isEmpty)
        // The walk ends on 10000-01-01, 3,652,059 days after 0001-01-01.
        #expect(expectedDays == 2_932_897)
        #expect(CivilCalendar.daysFromCivil(year: 10_000, month: 1, day: 1) == expectedDays)
    }

    @Test(
        "known dates have the day counts JavaScript's Date gives them",
        arguments: [
            (1970, 1, 1, Int64(0)), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (1900, 1, 1, -25_567),
            (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896), (2022, 1, 1, 18_993),
        ])
    func knownDayCounts(year: Int, month: Int, day: Int, days: Int64) {
        #expect(CivilCalendar.daysFromCivil(year: year, month: month, day: day) == days)
        #expect(CivilCalendar.civilFromDays(days) == (year, month, day))
    }

    @Test(
        "leap years are the multiples of 4 except centuries not divisible by 400",
        arguments: [(2000, true), (1900, false), (2100, false), (1600, true), (2024, true), (2023, false),
                    (4, true), (1, false), (9996, true), (9999, false), (400, true), (100, false)])
    func leapYears(year: Int, isLeap: Bool) {
        #expect(CivilCalendar.isLeapYear(year) == isLeap)
        #expect(CivilCalendar.daysInMonth(year: year, month: 2) == (isLeap ? 29 : 28))
        let leapDay = CivilCalendar.daysFromCivil(year: year, month: 2, day: 28) + 1
        #expect(CivilCalendar.civilFromDays(leapDay) == (isLeap ? (year, 2, 29) : (year, 3, 1)))
    }

    @Test("months have 31, 30 or 28/29 days as in the Gregorian calendar")
    func monthLengths() {
        let lengths = (1...12).map { CivilCalendar.daysInMonth(year: 2021, month: $0) }
        #expect(lengths == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        let leapLengths = (1...12).map { CivilCalendar.daysInMonth(year: 2020, month: $0) }
        #expect(leapLengths == [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    }

    @Test(
        "the day after each month's last day is the first of the next month",
        arguments: 1...12)
    func monthEnds(month: Int) {
        for year in [1, 1900, 1969, 1970, 2000, 2021, 2024, 9999] {
            let last = CivilCalendar.daysInMonth(year: year, month: month)
            let days = CivilCalendar.daysFromCivil(year: year, month: month, day: last)
            #expect(CivilCalendar.civilFromDays(days) == (year, month, last))
            if year == 9999 && month == 12 { continue }
            let next = month == 12 ? (year + 1, 1, 1) : (year, month + 1, 1)
            #expect(CivilCalendar.civilFromDays(days + 1) == next)
        }
    }

    @Test(
        "years outside 1...9999 within the supported range also convert both ways",
        arguments: [(-999_999, false), (-400, true), (-1, false), (0, true), (10_000, true), (123_456, true), (999_999, false)])
    func yearsBeyondParse(year: Int, isLeap: Bool) {
        var previous = CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) - 1
        var mismatches = 0
        for month in 1...12 {
            for day in 1...CivilCalendar.daysInMonth(year: year, month: month) {
                let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
                if days != previous + 1 || CivilCalendar.civilFromDays(days) != (year, month, day) { mismatches += 1 }
                previous = days
            }
        }
        #expect(mismatches == 0)
        let yearLength = CivilCalendar.daysFromCivil(year: year, month: 12, day: 31)
            - CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + 1
        #expect(yearLength == (isLeap ? 366 : 365))
        #expect(CivilCalendar.isLeapYear(year) == isLeap)
    }
}
