/// Reads scanned JSON number text as a `Double` or `Float`, correctly rounded.
///
/// Most numbers on the wire have few digits and a small exponent; for those the value is one
/// exact integer times or divided by one exact power of ten, which IEEE arithmetic rounds
/// correctly (Clinger's fast path). Anything else goes to the standard library's parser, whose
/// grammar includes JSON's. Results beyond the type's range are infinite; callers reject them.
@usableFromInline
enum NumberParsing {
    private static let doublePowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
    private static let floatPowersOfTen: [Float] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10]

    /// The significant digits as an integer and the power of ten to scale them by, when the digits
    /// fit 19 decimal places; `nil` otherwise.
    @inline(__always)
    private static func decimalParts(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, mantissa: UInt64, exponent: Int)? {
        // The common form, at most 19 digits and no exponent, read in two tight digit loops (the
        // general loop below tests every byte for a point and an exponent); 19 digits cannot
        // overflow. The scanner has checked the grammar, so only the byte after the digits varies.
        let count = text.count
        let isNegative = text[0] == UInt8(ascii: "-")
        var index = isNegative ? 1 : 0
        var mantissa: UInt64 = 0
        while index < count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        var digitCount = index - (isNegative ? 1 : 0)
        var exponent = 0
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            exponent = fractionStart - index
            digitCount -= exponent
        }
        guard index == count, digitCount <= 19 else { return anyDecimalParts(text) }
        return (isNegative, mantissa, exponent)
    }

    /// ``decimalParts(_:)`` for any number: leading zeros do not count toward the 19 digits, and an
    /// exponent is added to the point's.
    private static func anyDecimalParts(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, mantissa: UInt64, exponent: Int)? {
        var index = 0
        let isNegative = text[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var afterPoint = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                break
            } else {
                if mantissa != 0 || byte != UInt8(ascii: "0") {
                    digitCount += 1
                    if digitCount > 19 { return nil }
                }
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            }
            index += 1
        }
        if index < text.count {
            index += 1
            let exponentIsNegative = text[index] == UInt8(ascii: "-")
            if exponentIsNegative || text[index] == UInt8(ascii: "+") { index += 1 }
            var written = 0
            while index < text.count {
                written = written * 10 + Int(text[index] &- UInt8(ascii: "0"))
                if written > 100_000 { return nil }
                index += 1
            }
            exponent += exponentIsNegative ? -written : written
        }
        return (isNegative, mantissa, exponent)
    }

    @usableFromInline
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        if let parts = decimalParts(text), parts.mantissa <= 1 << 53, (-22...22).contains(parts.exponent) {
            var value = Double(parts.mantissa)
            value = parts.exponent < 0 ? value / doublePowersOfTen[-parts.exponent] : value * doublePowersOfTen[parts.exponent]
            return parts.isNegative ? -value : value
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    @usableFromInline
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float {
        if let parts = decimalParts(text), parts.mantissa <= 1 << 24, (-10...10).contains(parts.exponent) {
            var value = Float(parts.mantissa)
            value = parts.exponent < 0 ? value / floatPowersOfTen[-parts.exponent] : value * floatPowersOfTen[parts.exponent]
            return parts.isNegative ? -value : value
        }
        return Float(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
