import Foundation

/// A Parse Date value: a UTC instant with millisecond precision, in years 0001–9999.
///
/// Parse stores what JavaScript's `Date` holds, whole milliseconds since 1970-01-01T00:00:00Z, and
/// writes it as `YYYY-MM-DDTHH:mm:ss.sssZ`, whose 4-digit year bounds the range. Keeping the
/// integer, rather than a Foundation `Date` (a `Double` of seconds since 2001), makes equality and
/// the text round trip exact.
public struct ParseDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00.000Z; negative before 1970.
    public let epochMilliseconds: Int64

    /// 0001-01-01T00:00:00.000Z, the earliest date the 4-digit ISO year can write.
    public static let minimum = ParseDate(uncheckedEpochMilliseconds: -62_135_596_800_000)

    /// 9999-12-31T23:59:59.999Z, the latest date the 4-digit ISO year can write.
    public static let maximum = ParseDate(uncheckedEpochMilliseconds: 253_402_300_799_999)

    /// Milliseconds from 1970-01-01 to Foundation's reference date, 2001-01-01T00:00:00Z.
    private static let referenceDateEpochMilliseconds: Int64 = 978_307_200_000

    /// Creates a date from milliseconds since 1970-01-01T00:00:00Z.
    ///
    /// - Parameter epochMilliseconds: Milliseconds since the Unix epoch; negative before 1970.
    /// - Throws: ``ParseWireError`` of kind `invalid-date` when the instant is outside
    ///   ``minimum`` ... ``maximum``.
    public init(epochMilliseconds: Int64) throws(ParseWireError) {
        if epochMilliseconds < Self.minimum.epochMilliseconds {
            throw ParseWireError(.invalidDate, message: "epoch milliseconds \(epochMilliseconds) is before "
                + "0001-01-01T00:00:00.000Z, the earliest date Parse can hold")
        }
        if epochMilliseconds > Self.maximum.epochMilliseconds {
            throw ParseWireError(.invalidDate, message: "epoch milliseconds \(epochMilliseconds) is after "
                + "9999-12-31T23:59:59.999Z, the latest date Parse can hold")
        }
        self.epochMilliseconds = epochMilliseconds
    }

    init(uncheckedEpochMilliseconds: Int64) {
        epochMilliseconds = uncheckedEpochMilliseconds
    }

    /// Creates a date from a Foundation `Date`, rounded to the nearest millisecond.
    ///
    /// Rounding rather than truncating is what makes the conversion exact: a `Date` stores a
    /// `Double`, so a date made from a whole number of milliseconds is often a hair below it
    /// (2001-01-01T00:00:00.001Z is 0.000999999… s), and truncation would lose that millisecond.
    /// Halfway cases go to the later millisecond, so the rule reads the same before and after
    /// 2001, the `Double`'s zero. For every millisecond-exact date the result is exact: the
    /// `Double` is within a few units in the last place of the true value, far inside ±0.5 ms.
    ///
    /// - Parameter date: The instant; sub-millisecond parts are rounded away.
    /// - Throws: ``ParseWireError`` of kind `invalid-date` when the rounded instant is outside
    ///   ``minimum`` ... ``maximum``, or the date is not finite.
    public init(_ date: Date) throws(ParseWireError) {
        let scaled = date.timeIntervalSinceReferenceDate * 1000
        // Anything beyond ±1e15 ms is far outside years 0001–9999, and Int64 can hold the rest.
        guard scaled.isFinite, scaled.magnitude < 1e15 else {
            throw ParseWireError(.invalidDate, message: "the Foundation Date \(date.timeIntervalSinceReferenceDate) s "
                + "after 2001-01-01 is outside years 0001–9999")
        }
        let floor = scaled.rounded(.down)
        // `scaled - floor` is exact in binary floating point, so ties are detected exactly.
        let milliseconds = Int64(floor) + (scaled - floor >= 0.5 ? 1 : 0) + Self.referenceDateEpochMilliseconds
        guard milliseconds >= Self.minimum.epochMilliseconds, milliseconds <= Self.maximum.epochMilliseconds else {
            // `Date.distantPast` (year 0001 in Foundation's Julian reckoning) is the usual way here.
            throw ParseWireError(.invalidDate, message: "the Foundation Date \(date) is outside the range of a Parse "
                + "Date, \(Self.minimum.isoString) ... \(Self.maximum.isoString) (JavaScript's proleptic Gregorian "
                + "calendar); Date.distantPast is before it: use nil (an omitted field) for 'no date'")
        }
        self.init(uncheckedEpochMilliseconds: milliseconds)
    }

    /// The Foundation `Date` for this instant: the very `Date` Foundation's own readers give for
    /// it, so `==` holds across libraries; ``init(_:)`` turns it back into the same value.
    ///
    /// It is computed as `JSONDecoder`'s `.millisecondsSince1970` strategy computes it, seconds
    /// since 1970 (`milliseconds / 1000`) moved to 2001, which is also what
    /// `ISO8601DateFormatter` and `DateFormatter` give for the wire text (their parsers count
    /// milliseconds since 1970, then subtract the same 978,307,200 s): 2023-11-14T22:13:20.123Z is
    /// 721,692,800.1229999 s after 2001 from all of them. `Date.ISO8601FormatStyle` alone computes
    /// 721,692,800.123, a `Double` nearer the instant but `!=` the others; ParseWire sides with
    /// the coders and formatters apps already use. The error of either is below 10⁻⁷ s, far
    /// inside the ±0.5 ms the way back rounds off. Before 1582-10-15 Foundation's text readers
    /// count Julian days while the server (JavaScript) counts proleptic Gregorian ones; this is
    /// the server's instant (0001-01-01 is two days later than Foundation reads that text).
    public var date: Date {
        Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
    }

    /// The canonical text, `YYYY-MM-DDTHH:mm:ss.sssZ`, as parse-server writes it.
    public var isoString: String {
        String(unsafeUninitializedCapacity: ISO8601.canonicalByteCount) { buffer in
            ISO8601.write(epochMilliseconds: epochMilliseconds, to: buffer.baseAddress!)
            return ISO8601.canonicalByteCount
        }
    }

    /// Parses ISO 8601 text: the canonical form, or also the spellings a leniency allows.
    ///
    /// - Parameters:
    ///   - isoString: Text such as `2021-01-01T12:30:05.250Z`.
    ///   - leniency: Which non-canonical spellings to accept; ``DateLeniency/strict`` by default.
    /// - Throws: ``ParseWireError`` of kind `invalid-date` saying which part of the text is wrong.
    public init(isoString: String, leniency: DateLeniency = .strict) throws(ParseWireError) {
        var text = isoString
        let parsed = text.withUTF8 { bytes in
            Result { () throws(ParseWireError) -> Int64 in try ISO8601.parse(bytes, leniency: leniency) }
        }
        self.init(uncheckedEpochMilliseconds: try parsed.get())
    }

    /// The canonical ISO text, the same as ``isoString``.
    public var description: String { isoString }

    /// Whether `lhs` is an earlier instant than `rhs`.
    public static func < (lhs: ParseDate, rhs: ParseDate) -> Bool {
        lhs.epochMilliseconds < rhs.epochMilliseconds
    }
}
