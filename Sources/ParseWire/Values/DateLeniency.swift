import Foundation

/// Which non-canonical ISO 8601 spellings a decoder accepts for a date.
///
/// parse-server writes only `YYYY-MM-DDTHH:mm:ss.sssZ`, but reads an `iso` with JavaScript's
/// `new Date(text)` and no check, so other clients' spellings end up stored; SDKs disagree on them
/// (`Vectors/spec/date.md`, DATE-6 to DATE-8). Each leniency accepts one such spelling, named after
/// its corpus flag, and all are off by default so that what decodes is what the server would
/// write. Two spellings stay rejected in every mode because their instant depends on the reader:
/// a date without a time, and a date-time without `Z` or an offset, which JavaScript reads in the
/// server process's local time zone.
public struct DateLeniency: Sendable, Hashable {
    /// Accept a time with no fraction of a second, `…:05Z` (corpus flag `DateWithoutMillis`). Default `false`.
    ///
    /// Exists because the server and the JS SDK's `createdAt` parser accept it, while the Swift,
    /// Android and .NET SDKs fail or yield `null` on it (DATE-8).
    public var allowsMissingFraction: Bool

    /// Accept 1, 2 or 4–9 fraction digits instead of exactly 3 (corpus flag `DateFractionDigits`). Default `false`.
    ///
    /// Digits past the third are dropped, which moves the instant to the earlier millisecond, as
    /// V8 does (DATE-6); `.5` means 500 ms. Off by default because the JS SDK and
    /// Android read the digits as a whole millisecond count (`.5` as 5 ms), so such text means
    /// different instants to different SDKs.
    public var allowsOtherFractionDigits: Bool

    /// Accept an offset `+hh:mm` or `-hh:mm` instead of `Z`, converted to UTC (corpus flag `DateOffset`). Default `false`.
    ///
    /// The server, Flutter and PHP accept offsets; the JS `createdAt` parser, Swift, Android and
    /// .NET do not (DATE-7). Hours run 00–23 and minutes 00–59; `-00:00` is read as
    /// UTC, as V8 reads it. An offset that moves the instant outside years 0001–9999 is rejected.
    public var allowsOffsets: Bool

    /// Creates a leniency; every spelling is off unless turned on.
    ///
    /// - Parameters:
    ///   - allowsMissingFraction: Accept `…:05Z` without a fraction.
    ///   - allowsOtherFractionDigits: Accept 1, 2 or 4–9 fraction digits.
    ///   - allowsOffsets: Accept `±hh:mm` offsets, converted to UTC.
    public init(allowsMissingFraction: Bool = false, allowsOtherFractionDigits: Bool = false, allowsOffsets: Bool = false) {
        self.allowsMissingFraction = allowsMissingFraction
        self.allowsOtherFractionDigits = allowsOtherFractionDigits
        self.allowsOffsets = allowsOffsets
    }

    /// Only the canonical `YYYY-MM-DDTHH:mm:ss.sssZ`, the form parse-server writes.
    public static let strict = DateLeniency()

    /// Every leniency on: no fraction, 1–9 fraction digits, and offsets.
    public static let all = DateLeniency(allowsMissingFraction: true, allowsOtherFractionDigits: true, allowsOffsets: true)
}
