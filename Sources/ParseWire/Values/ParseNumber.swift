/// A JSON number with its exact decimal value.
///
/// JSON numbers are decimal text of any length; JavaScript reads them as `Double`s, the Swift and
/// Android SDKs as 64-bit integers where they can (NUM-2 in `Vectors/spec/numbers.md`). A codec that is to tell
/// those behaviours apart must not round first, so a `ParseNumber` keeps the value exactly:
/// integers that fit `Int64` as an `Int64`, everything else as a normalised decimal
/// (`9223372036854775808`, `0.1`, `1e400`), and `-0` as itself.
///
/// Equality is equality of value: `1`, `1.0` and `1e0` are one number; `9007199254740993` and
/// `9007199254740992` are two, though a `Double` cannot tell them apart. `-0` is kept distinct
/// from `0` so that it round-trips (the corpus flag `NegativeZero`, NUM-3). Digits beyond a double's
/// precision are kept too (NUM-5).
public struct ParseNumber: Sendable, Hashable, CustomStringConvertible {
    /// The normalised storage: each value has exactly one representation, so the synthesised
    /// equality and hashing are equality and hashing of value.
    enum Storage: Sendable, Hashable {
        /// Any integer from `Int64.min` to `Int64.max`; zero is `.integer(0)`.
        case integer(Int64)
        /// `-0`.
        case negativeZero
        /// A non-zero value outside `Int64`'s integers: `0.d₁d₂…dₖ × 10^pointPosition`, with
        /// ASCII digits `d₁ ≠ 0` and `dₖ ≠ 0`.
        case decimal(isNegative: Bool, digits: String, pointPosition: Int)
    }

    let storage: Storage

    /// The largest decimal exponent magnitude accepted. Far beyond any `Double` (about 10^±308)
    /// yet small enough that exponent arithmetic cannot overflow.
    static let maximumExponent = 999_999_999

    /// Creates an integer.
    public init(_ value: Int64) {
        storage = .integer(value)
    }

    /// Creates an integer of any width, kept exactly.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        if let exact = Int64(exactly: value) {
            storage = .integer(exact)
        } else {
            let text = String(value.magnitude)
            storage = .decimal(isNegative: value < 0, digits: Self.trimmingTrailingZeros(text), pointPosition: text.utf8.count)
        }
    }

    /// Creates a number from a `Double`, keeping the shortest decimal that reads back as it, which
    /// is the value JavaScript prints: `0.1` for the `Double` nearest 0.1, `9223372036854776000`
    /// for 2^63.
    ///
    /// - Returns: `nil` for NaN and the infinities, which JSON cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == 0 {
            storage = value.sign == .minus ? .negativeZero : .integer(0)
            return
        }
        // Below 2^53 an integral Double's shortest digits are its exact integer; above, shortest
        // digits end in zeros (2^62 is written 4611686018427388000), as JavaScript writes it.
        if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 {
            storage = .integer(Int64(value))
            return
        }
        storage = Self.parsingShortestDescription(value.description)
    }

    /// Creates a number from a `Float`, keeping the shortest decimal that reads back as the `Float`
    /// (`0.1`, not the `0.10000000149011612` its widening to `Double` would give).
    ///
    /// - Returns: `nil` for NaN and the infinities.
    public init?(_ value: Float) {
        guard value.isFinite else { return nil }
        if value == 0 {
            storage = value.sign == .minus ? .negativeZero : .integer(0)
            return
        }
        // Below 2^24 an integral Float's shortest digits are its exact integer.
        if value == value.rounded(.towardZero), value.magnitude < 16_777_216 {
            storage = .integer(Int64(value))
            return
        }
        storage = Self.parsingShortestDescription(value.description)
    }

    /// The storage of a finite, non-zero floating-point `description`: the standard library
    /// writes the shortest digits that read back as the same value (`0.1`, `1e-07`), in a
    /// spelling that is JSON number text but for optional leading zeros in the exponent.
    private static func parsingShortestDescription(_ description: String) -> Storage {
        var text = description
        return text.withUTF8 { bytes in
            do {
                return try parseGeneral(bytes)
            } catch {
                preconditionFailure("a finite floating-point description has an exponent within ±400: \(description)")
            }
        }
    }

    /// Parses JSON number text, such as `-12.5e3`.
    ///
    /// - Returns: `nil` when the text is not a JSON number (RFC 8259 §6) or its exponent is beyond
    ///   ±999,999,999.
    public init?(_ text: String) {
        var text = text
        let parsed = text.withUTF8 { bytes -> ParseNumber? in
            guard JSONNumberGrammar.matches(bytes) else { return nil }
            return try? ParseNumber(validatedJSONNumber: bytes, isInteger: !bytes.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
        }
        guard let parsed else { return nil }
        self = parsed
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Reads number text the scanner has already checked against the JSON grammar.
    ///
    /// - Parameters:
    ///   - bytes: The number's text.
    ///   - isInteger: Whether the text has neither a fraction nor an exponent.
    /// - Throws: `unrepresentable` when the exponent is beyond ±999,999,999.
    init(validatedJSONNumber bytes: UnsafeBufferPointer<UInt8>, isInteger: Bool) throws(ParseWireError) {
        // Fast path: up to 18 digits always fit an Int64.
        if isInteger && bytes.count <= 18 {
            var value: Int64 = 0
            let isNegative = bytes[0] == UInt8(ascii: "-")
            for index in (isNegative ? 1 : 0)..<bytes.count {
                value = value &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
            }
            storage = isNegative ? (value == 0 ? .negativeZero : .integer(-value)) : .integer(value)
            return
        }
        storage = try Self.parseGeneral(bytes)
    }

    private static func parseGeneral(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseWireError) -> Storage {
        var index = 0
        let isNegative = bytes[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        // Collect significant digits; `pointPosition` counts the integer-part digits kept so far.
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count)
        var pointPosition = 0
        var seenNonZero = false
        while index < bytes.count, JSONGrammar.isDigit(bytes[index]) {
            let byte = bytes[index]
            if seenNonZero || byte != UInt8(ascii: "0") {
                seenNonZero = true
                digits.append(byte)
                pointPosition += 1
            }
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, JSONGrammar.isDigit(bytes[index]) {
                let byte = bytes[index]
                if seenNonZero || byte != UInt8(ascii: "0") {
                    seenNonZero = true
                    digits.append(byte)
                } else {
                    pointPosition -= 1
                }
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentIsNegative = false
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < bytes.count {
                exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                if exponent > maximumExponent {
                    let text = String(decoding: bytes, as: UTF8.self)
                    throw ParseWireError(.unrepresentable, message: "the exponent of \(text) is beyond ±\(maximumExponent)")
                }
                index += 1
            }
            if exponentIsNegative { exponent = -exponent }
        }
        guard seenNonZero else { return isNegative ? .negativeZero : .integer(0) }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let position = pointPosition + exponent
        // The limit applies to the exponent of the canonical text (`d.ddd e±n`, n = position - 1),
        // not only to the exponent as written, so that canonical output always decodes again.
        guard (position - 1).magnitude <= maximumExponent else {
            let text = String(decoding: bytes, as: UTF8.self)
            throw ParseWireError(.unrepresentable, message: "\(text) has a decimal exponent beyond ±\(maximumExponent)")
        }
        return normalised(isNegative: isNegative, digits: String(decoding: digits, as: UTF8.self), pointPosition: position)
    }

    /// The storage of `±0.digits × 10^pointPosition`, for non-empty digits without leading or
    /// trailing zeros: an `Int64` when the value is an integer that fits.
    private static func normalised(isNegative: Bool, digits: String, pointPosition: Int) -> Storage {
        let count = digits.utf8.count
        if pointPosition >= count && pointPosition <= 19 {
            var magnitude: UInt64 = 0
            var fits = true
            for byte in digits.utf8 {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                if overflow1 || overflow2 { fits = false; break }
                magnitude = sum
            }
            for _ in 0..<(pointPosition - count) where fits {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                if overflow { fits = false; break }
                magnitude = times10
            }
            if fits {
                if !isNegative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
                if isNegative, magnitude <= UInt64(Int64.max) + 1 { return .integer(Int64(truncatingIfNeeded: 0 &- magnitude)) }
            }
        }
        return .decimal(isNegative: isNegative, digits: digits, pointPosition: pointPosition)
    }

    private static func trimmingTrailingZeros(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Reading the value

    /// The value as an `Int64`, when it is an integer in `Int64`'s range; otherwise `nil`.
    public var int64Value: Int64? {
        switch storage {
        case .integer(let value): value
        case .negativeZero: 0
        case .decimal: nil
        }
    }

    /// The nearest `Double` (correctly rounded, as the server reads NUM-5's long decimals); `nil` when
    /// the magnitude is beyond (NUM-4)
    /// `Double.greatestFiniteMagnitude`. Values too small for a `Double` become ±0.
    public var doubleValue: Double? {
        switch storage {
        case .integer(let value):
            return Double(value)
        case .negativeZero:
            return -0.0
        case .decimal(let isNegative, let digits, let pointPosition):
            // Beyond these bounds the result is certainly infinite or zero; inside them the
            // standard library's parser rounds correctly.
            if pointPosition > 310 { return nil }
            if pointPosition < -330 { return isNegative ? -0.0 : 0 }
            let text = (isNegative ? "-0." : "0.") + digits + "e" + String(pointPosition)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }
    }

    /// Whether the value is an integer (including integers beyond `Int64`).
    public var isInteger: Bool {
        switch storage {
        case .integer, .negativeZero: true
        case .decimal(_, let digits, let pointPosition): pointPosition >= digits.utf8.count
        }
    }

    /// Whether this is `-0`.
    public var isNegativeZero: Bool { storage == .negativeZero }

    /// Whether the `Double` nearest to this number is exactly this number.
    public var isExactlyDouble: Bool {
        guard let double = doubleValue else { return false }
        return ParseNumber(double) == self
    }

    // MARK: - Writing

    /// The number as JavaScript's `Number.prototype.toString` would write its exact value, which
    /// is how parse-server's `JSON.stringify` writes numbers: `100`, `0.000001`, `1e-7`, `1e+21`.
    public var description: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the number's JSON text (see ``description``).
    func append<Output: ByteSink>(to bytes: inout Output) {
        switch storage {
        case .integer(let value):
            NumberFormatting.appendInteger(value, to: &bytes)
        case .negativeZero:
            bytes.append(UInt8(ascii: "-"))
            bytes.append(UInt8(ascii: "0"))
        case .decimal(let isNegative, let digits, let pointPosition):
            if isNegative { bytes.append(UInt8(ascii: "-")) }
            var digits = digits
            digits.withUTF8 { NumberFormatting.appendJavaScriptNotation(digits: $0, pointPosition: pointPosition, to: &bytes) }
        }
    }
}

extension ParseNumber: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}

/// The JSON number grammar of RFC 8259 §6, for text that did not come through the scanner.
enum JSONNumberGrammar {
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "-") || JSONGrammar.isDigit(first),
              case .valid(let end, _) = JSONGrammar.number(bytes, from: 0) else { return false }
        return end == bytes.count
    }
}
