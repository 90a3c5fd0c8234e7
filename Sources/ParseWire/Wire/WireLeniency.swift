/// One leniency of ``ParseValueDecodingOptions``: a spelling beyond the canonical form that the decoder
/// may accept. Each is named after the corpus flag that describes it (`Vectors/flags.json`), and
/// that name is used alike by the API (`options.enable(.dateWithoutMillis)`), the command line
/// (`parse-wire canonicalize --lenient DateWithoutMillis`), the docs and the errors.
public enum WireLeniency: String, Sendable, Hashable, CaseIterable {
    /// Dates without a fraction of a second: `2020-01-02T03:04:05Z` (DATE-8).
    case dateWithoutMillis = "DateWithoutMillis"
    /// Dates with 1, 2 or 4 to 9 fraction digits, truncated to milliseconds (DATE-6).
    case dateFractionDigits = "DateFractionDigits"
    /// Dates with a `+hh:mm` or `-hh:mm` offset instead of `Z`, converted to UTC (DATE-7).
    case dateOffset = "DateOffset"
    /// Base64 without `=` padding.
    case base64Unpadded = "Base64Unpadded"
    /// Base64 in the URL-safe alphabet (`-` and `_`).
    case base64URLSafe = "Base64URLSafe"
    /// Base64 with spaces, tabs and line breaks.
    case base64Whitespace = "Base64Whitespace"
    /// Base64 whose last character has non-zero unused bits (`aGl=` for `aGk=`).
    case base64NonZeroPadBits = "Base64NonZeroPadBits"
    /// A typed value with an unknown `__type` nested in a value, kept whole as
    /// ``ParseValue/unknownType(_:)``.
    case unknownType = "UnknownType"
    /// Extra keys on typed values, dropped.
    case typedValueExtraKeys = "TypedValueExtraKeys"
    /// Find parameters (`limit`, `order`, …) inside `$inQuery`, `$notInQuery` and `$select`, kept.
    case subqueryExtraKeys = "SubqueryExtraKeys"

    /// The corpus flag's name, such as `DateWithoutMillis`.
    public var flag: String { rawValue }

    /// What the leniency accepts, in a few words (for help texts and errors).
    public var accepts: String {
        switch self {
        case .dateWithoutMillis: "dates without a fraction of a second: 2020-01-02T03:04:05Z"
        case .dateFractionDigits: "dates with 1, 2 or 4 to 9 fraction digits (truncated to milliseconds)"
        case .dateOffset: "dates with a +hh:mm or -hh:mm offset instead of Z"
        case .base64Unpadded: "base64 without '=' padding"
        case .base64URLSafe: "base64 with the URL-safe alphabet ('-' and '_')"
        case .base64Whitespace: "base64 with spaces, tabs and line breaks"
        case .base64NonZeroPadBits: "base64 whose last character has non-zero unused bits"
        case .unknownType: "typed values with an unknown __type nested in a value, kept whole"
        case .typedValueExtraKeys: "extra keys on typed values, dropped"
        case .subqueryExtraKeys: "find parameters (limit, order, …) inside $inQuery, $notInQuery, $select, kept"
        }
    }

    /// How an error message tells a reader to accept what it refused: the flag and the member.
    var hint: String { "the leniency \(flag), options.enable(.\(String(describing: self)))" }

    /// ``ParseValueDecodingOptions/enable(flag:)`` was given a name no leniency has.
    public struct UnknownFlagError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name given.
        public let flag: String

        public var description: String {
            "no leniency is named '\(flag)'; the leniencies are "
                + WireLeniency.allCases.map(\.flag).joined(separator: ", ")
        }
    }
}

extension ParseValueDecodingOptions {
    /// The leniency flags, with what each accepts, in the order of `WireLeniency.allCases`.
    public static var leniencyFlags: [(flag: String, accepts: String)] {
        WireLeniency.allCases.map { ($0.flag, $0.accepts) }
    }

    /// Turns a leniency on.
    public mutating func enable(_ leniency: WireLeniency) {
        set(leniency, true)
    }

    /// Turns on the leniency a corpus flag names (`DateWithoutMillis`).
    ///
    /// - Throws: ``WireLeniency/UnknownFlagError`` when no leniency has that name.
    public mutating func enable(flag: String) throws(WireLeniency.UnknownFlagError) {
        guard let leniency = WireLeniency(rawValue: flag) else { throw WireLeniency.UnknownFlagError(flag: flag) }
        enable(leniency)
    }

    /// Whether a leniency is on.
    public func isEnabled(_ leniency: WireLeniency) -> Bool {
        switch leniency {
        case .dateWithoutMillis: dateLeniency.allowsMissingFraction
        case .dateFractionDigits: dateLeniency.allowsOtherFractionDigits
        case .dateOffset: dateLeniency.allowsOffsets
        case .base64Unpadded: base64Leniency.allowsMissingPadding
        case .base64URLSafe: base64Leniency.allowsURLSafeAlphabet
        case .base64Whitespace: base64Leniency.allowsWhitespace
        case .base64NonZeroPadBits: base64Leniency.allowsNonZeroPadBits
        case .unknownType: preservesUnknownTypes
        case .typedValueExtraKeys: ignoresExtraKeysOnTypedValues
        case .subqueryExtraKeys: queryLeniency.allowsSubqueryParameters
        }
    }

    private mutating func set(_ leniency: WireLeniency, _ on: Bool) {
        switch leniency {
        case .dateWithoutMillis: dateLeniency.allowsMissingFraction = on
        case .dateFractionDigits: dateLeniency.allowsOtherFractionDigits = on
        case .dateOffset: dateLeniency.allowsOffsets = on
        case .base64Unpadded: base64Leniency.allowsMissingPadding = on
        case .base64URLSafe: base64Leniency.allowsURLSafeAlphabet = on
        case .base64Whitespace: base64Leniency.allowsWhitespace = on
        case .base64NonZeroPadBits: base64Leniency.allowsNonZeroPadBits = on
        case .unknownType: preservesUnknownTypes = on
        case .typedValueExtraKeys: ignoresExtraKeysOnTypedValues = on
        case .subqueryExtraKeys: queryLeniency.allowsSubqueryParameters = on
        }
    }
}
