import Foundation

// Foundation's `Decimal` as an exact JSON number. Its own `Codable` conformance writes its
// internal layout (`{"exponent":-2,"length":1,…,"mantissa":[1999,…]}`), which no Parse SDK reads
// and which would make a money field an Object column; the bridge writes and reads the number.

extension ParseNumber {
    /// The exact value of a `Decimal`; `nil` for NaN, which JSON cannot write.
    init?(_ decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        // `description` is the exact value in plain notation with a `.` (never localised).
        guard let number = ParseNumber(decimal.description) else { return nil }
        self = number
    }

    /// The number as a `Decimal`, when a `Decimal` holds it exactly: at most 38 significant
    /// digits and a decimal exponent from -128 to 127. `-0` is 0 (a `Decimal` has no negative zero).
    var decimalValue: Decimal? {
        switch storage {
        case .integer(let value):
            return Decimal(value)
        case .negativeZero:
            return Decimal(0)
        case .decimal(let isNegative, let digits, let pointPosition):
            let count = digits.utf8.count
            let exponent = pointPosition - count
            guard count <= 38, (-128...127).contains(exponent),
                  let significand = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
        }
    }
}

extension WireEncodingState {
    /// A `Decimal` as its exact number, in JavaScript's notation like every number.
    func writeDecimal(_ value: Decimal, key: some CodingKey) throws {
        guard let number = ParseNumber(value) else {
            throw failure(.unrepresentable, value: value, key: key, "a Decimal NaN cannot be written: JSON has no NaN")
        }
        number.append(to: &json)
    }
}

extension WireDecodingState {
    /// A JSON number read into a `Decimal` from its text, exactly (never through a `Double`).
    func decimal(at valueIndex: Int, key: some CodingKey) throws -> Decimal {
        let entry = entries[valueIndex]
        guard entry.kind == .number else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: Decimal.self, "expected a number, found \(walker.describe(valueIndex))")
        }
        let number: ParseNumber
        do throws(ParseWireError) {
            number = try walker.number(at: valueIndex)
        } catch {
            throw relocated(error, at: valueIndex, key: key, type: Decimal.self)
        }
        guard let decimal = number.decimalValue else {
            throw failure(.unrepresentable, at: valueIndex, key: key, type: Decimal.self,
                          "\(walker.describe(valueIndex)) has more than 38 significant digits or an exponent beyond ±128, which a Decimal cannot hold exactly")
        }
        return decimal
    }
}
