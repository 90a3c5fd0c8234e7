import PropertyTestingSupport
import Testing
@testable import ParseWire

/// Canonical number text always decodes, under the same options, to the same number.
@Suite("Number properties")
struct NumberProperties {
    /// JSON number text with extreme exponents and long mantissas: leading and trailing zeros,
    /// fractions, and exponents at and around the ±999,999,999 limit.
    static var numberText: Generator<String> {
        let randomDigits = Gen.array(of: Gen.int(in: 0...9), minimum: 1, maximum: 40, average: 6)
            .map { $0.map(String.init).joined() }
        // Mantissas whose significant digits sit on either side of the point, so that the value's
        // exponent differs from the written one by a few places.
        let digits = Gen.oneOf([Gen.element(of: ["0", "1", "9", "10", "99", "100", "001", "0012", "995"]), randomDigits])
        let exponent = Gen.oneOf([
            Gen.int(in: -30...30),
            Gen.int(in: 999_999_990...999_999_999),
            Gen.int(in: -999_999_999 ... -999_999_990),
        ])
        return Gen.bool.flatMap { isNegative in
            digits.flatMap { integerPart in
                Gen.optional(digits).flatMap { fraction in
                    Gen.optional(exponent).map { exponent in
                        var text = isNegative ? "-" : ""
                        // JSON allows no leading zeros in the integer part.
                        let trimmed = integerPart.drop { $0 == "0" }
                        text += trimmed.isEmpty ? "0" : String(trimmed)
                        if let fraction { text += "." + fraction }
                        if let exponent { text += "e\(exponent)" }
                        return text
                    }
                }
            }
        }
    }

    @Test("canonical number text decodes to the same number and is a fixed point")
    func canonicalNumbersDecode() {
        property("canonical numbers decode", count: 2_000, Self.numberText) { text in
            let input = "[\(text)]"
            let value: ParseValue
            do {
                value = try ParseValueDecoder().decode(input)
            } catch let error as ParseWireError {
                // A number the decoder refuses must be refused as beyond the limit, nothing else.
                try ensure(error.kind == .unrepresentable, "refused with \(error)")
                return
            }
            let canonical = try ParseValueEncoder().encodeString(value)
            let reread: ParseValue
            do {
                reread = try ParseValueDecoder().decode(canonical)
            } catch {
                throw PropertyViolation("canonical text \(canonical) does not decode: \(error)")
            }
            try ensure(reread == value, "canonical text \(canonical) reads back as another value")
            try ensure(try ParseValueEncoder().encodeString(reread) == canonical, "canonical text \(canonical) is not a fixed point")
        }
    }
}
