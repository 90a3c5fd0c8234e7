/// Writes numbers the way parse-server does: JavaScript's `Number.prototype.toString`, which
/// `JSON.stringify` uses (NUM-1).
///
/// The rule (ECMAScript §6.1.6.1.20), for a value `0.d₁…dₖ × 10^n` with `k` significant digits:
/// - `k ≤ n ≤ 21`: the digits and `n − k` zeros (`100`, `100000000000000000000`);
/// - `0 < n ≤ 21`: a point after `n` digits (`1.5`);
/// - `−6 < n ≤ 0`: `0.`, `−n` zeros, the digits (`0.000001`);
/// - otherwise exponent form with an explicit sign: `1e+21`, `1.5e-7`.
///
/// Swift's own `description` differs (`100.0`, `1e-07`), hence this writer.
enum NumberFormatting {
    /// Appends an integer in plain decimal, written in place: its digits counted first, then
    /// written from the last.
    static func appendInteger<Output: ByteSink>(_ value: Int64, to bytes: inout Output) {
        let magnitude = value.magnitude
        if magnitude < 10 {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        let sign = value < 0 ? 1 : 0
        let count = sign + digitCount(magnitude)
        bytes.append(atMost: 20) { out in
            out[0] = UInt8(ascii: "-")
            writeDigits(magnitude, endingAt: out + count)
            return count
        }
    }

    /// How many decimal digits `value` has (at least one).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 100 {
            rest /= 100
            count += 2
        }
        return rest >= 10 ? count + 1 : count
    }

    /// Writes the decimal digits of `value` so that the last is just before `end`.
    @inline(__always)
    static func writeDigits(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var position = end
        repeat {
            let quotient = rest / 10
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest &- quotient &* 10)
            rest = quotient
        } while rest > 0
    }

    /// Appends `0.digits × 10^pointPosition` in JavaScript's notation; `digits` are ASCII, without
    /// leading or trailing zeros, and not empty. The caller writes any minus sign.
    static func appendJavaScriptNotation<Output: ByteSink>(digits: UnsafeBufferPointer<UInt8>, pointPosition n: Int, to bytes: inout Output) {
        let k = digits.count
        let zero = UInt8(ascii: "0")
        if k <= n && n <= 21 {
            bytes.append(bytes: digits)
            for _ in 0..<(n - k) { bytes.append(zero) }
        } else if 0 < n && n <= 21 {
            bytes.append(bytes: UnsafeBufferPointer(rebasing: digits[0..<n]))
            bytes.append(UInt8(ascii: "."))
            bytes.append(bytes: UnsafeBufferPointer(rebasing: digits[n...]))
        } else if -6 < n && n <= 0 {
            bytes.append(zero)
            bytes.append(UInt8(ascii: "."))
            for _ in 0..<(-n) { bytes.append(zero) }
            bytes.append(bytes: digits)
        } else {
            bytes.append(digits[0])
            if k > 1 {
                bytes.append(UInt8(ascii: "."))
                bytes.append(bytes: UnsafeBufferPointer(rebasing: digits[1...]))
            }
            bytes.append(UInt8(ascii: "e"))
            let exponent = n - 1
            bytes.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendInteger(Int64(exponent.magnitude), to: &bytes)
        }
    }

    /// Appends a finite `Double` as `JSON.stringify` writes it: shortest round-trip digits in
    /// JavaScript's notation, with `-0` written as `0`.
    static func appendDouble<Output: ByteSink>(_ value: Double, to bytes: inout Output) {
        precondition(value.isFinite, "JSON cannot write \(value)")
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        appendNumber(value, to: &bytes)
    }

    /// Appends a finite `Double` exactly as `ParseNumber(value)` writes it (`-0` as `-0`), without
    /// building a `ParseNumber`: integers below 2^53 directly, anything else from the standard
    /// library's shortest round-trip digits (so 2^62 is `4611686018427388000`, as in JavaScript).
    static func appendNumber<Output: ByteSink>(_ value: Double, to bytes: inout Output) {
        if value == 0 {
            if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            bytes.append(UInt8(ascii: "0"))
        } else if value.magnitude < 9_007_199_254_740_992, Double(Int64(value)) == value {
            appendInteger(Int64(value), to: &bytes)
        } else if !appendShortDecimal(value, to: &bytes) {
            appendShortestDescription(value.description, to: &bytes)
        }
    }

    /// Appends a finite `Float` in its own shortest digits (`0.1`, not the `0.10000000149011612`
    /// of its widening to `Double`), exactly as `ParseNumber(value)` writes it.
    static func appendNumber<Output: ByteSink>(_ value: Float, to bytes: inout Output) {
        if value == 0 {
            if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            bytes.append(UInt8(ascii: "0"))
        } else if value.magnitude < 16_777_216, Float(Int32(value)) == value {
            appendInteger(Int64(value), to: &bytes)
        } else if !appendShortDecimal(value, to: &bytes) {
            appendShortestDescription(value.description, to: &bytes)
        }
    }

    /// Writes a finite, non-zero, non-integer value that a decimal with at most four places and
    /// at most `F.uniqueDecimalDigits` significant digits names (`3.5`, `0.125`, `19.99`), without the
    /// standard library's digit generation; returns `false`, having written nothing, for any
    /// other value.
    ///
    /// The decimal `n / 10^p` names the value when the correctly rounded quotient of the exact
    /// `n` and `10^p` is the value. It is then also the shortest round-trip form that
    /// `description` finds: with few enough digits (15 for `Double`, 6 for `Float`), a unit of its
    /// last digit exceeds the value's ulp, so no shorter decimal rounds to the value, and no other
    /// decimal of the same length is as close.
    static func appendShortDecimal<F: ShortDecimalFloat, Output: ByteSink>(_ value: F, to bytes: inout Output) -> Bool {
        let magnitude = value.magnitude
        var scale: F = 1
        for places in 1...4 {
            scale *= 10
            // Every integer below the bound is exact, so `n` and the powers of ten used are exact.
            let product = magnitude * scale
            guard product < F.exactIntegerBound else { return false }
            // A candidate only: the quotient check decides. Conversion truncates in one instruction.
            let units = (product + 0.5).truncatedUnits
            guard F(units: units) / scale == magnitude else { continue }
            return appendDecimal(units: units, places: places, isNegative: value < 0, maximumDigits: F.uniqueDecimalDigits, to: &bytes)
        }
        return false
    }

    /// Writes `units / 10^places` in JavaScript's notation, unless it has more than `maximumDigits`
    /// significant digits; returns whether it wrote.
    ///
    /// A value that is not an integer (`units` not a multiple of `10^places`; the callers' values
    /// never are) is written as its integer part, a point and its `places` fraction digits,
    /// trailing zeros dropped: for values below 2^53 with at most four places this is JavaScript's
    /// notation (no exponent form below 10^21 or above 10^-7).
    private static func appendDecimal<Output: ByteSink>(units: UInt64, places: Int, isNegative: Bool, maximumDigits: Int,
                                                        to bytes: inout Output) -> Bool {
        var units = units
        var places = places
        while places > 0, units % 10 == 0 {
            units /= 10
            places -= 1
        }
        guard places > 0 else { return appendIntegralDecimal(units: units, isNegative: isNegative, maximumDigits: maximumDigits, to: &bytes) }
        let unitDigits = digitCount(units)
        // Significant digits: all of `units`, leading zeros of the fraction aside.
        guard unitDigits <= maximumDigits else { return false }
        let integerDigits = max(unitDigits - places, 1)
        let count = (isNegative ? 1 : 0) + integerDigits + 1 + places
        bytes.append(atMost: 24) { out in
            out[0] = UInt8(ascii: "-")
            let fractionStart = out + count - places
            var rest = units
            var position = out + count
            while position > fractionStart {
                let quotient = rest / 10
                position -= 1
                position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest &- quotient &* 10)
                rest = quotient
            }
            fractionStart[-1] = UInt8(ascii: ".")
            writeDigits(rest, endingAt: fractionStart - 1)
            return count
        }
        return true
    }

    /// The general notation for a decimal that turned out to be an integer (which the callers
    /// do not pass), kept so that ``appendShortDecimal(_:to:)`` is right for any value.
    private static func appendIntegralDecimal<Output: ByteSink>(units: UInt64, isNegative: Bool, maximumDigits: Int,
                                                                to bytes: inout Output) -> Bool {
        var units = units
        var exponent = 0
        while units % 10 == 0 {
            units /= 10
            exponent += 1
        }
        let count = digitCount(units)
        guard count <= maximumDigits else { return false }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            writeDigits(units, endingAt: buffer.baseAddress! + count)
            if isNegative { bytes.append(UInt8(ascii: "-")) }
            appendJavaScriptNotation(digits: UnsafeBufferPointer(rebasing: buffer[0..<count]), pointPosition: count + exponent, to: &bytes)
        }
        return true
    }

    /// Rewrites a finite, non-zero floating-point `description` (`123.45`, `1e-07`, `1.5e+20`)
    /// in JavaScript's notation.
    static func appendShortestDescription<Output: ByteSink>(_ description: String, to bytes: inout Output) {
        var description = description
        description.withUTF8 { text in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { digits in
                var index = 0
                if text[0] == UInt8(ascii: "-") {
                    bytes.append(UInt8(ascii: "-"))
                    index = 1
                }
                var count = 0
                var pointPosition = 0
                var afterPoint = false
                while index < text.count, text[index] | 0x20 != UInt8(ascii: "e") {
                    let byte = text[index]
                    index += 1
                    if byte == UInt8(ascii: ".") {
                        afterPoint = true
                    } else if count > 0 || byte != UInt8(ascii: "0") {
                        digits[count] = byte
                        count += 1
                        if !afterPoint { pointPosition += 1 }
                    } else if afterPoint {
                        pointPosition -= 1
                    }
                }
                if index < text.count {
                    index += 1
                    let isNegative = text[index] == UInt8(ascii: "-")
                    if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
                    var exponent = 0
                    while index < text.count {
                        exponent = exponent * 10 + Int(text[index] &- UInt8(ascii: "0"))
                        index += 1
                    }
                    pointPosition += isNegative ? -exponent : exponent
                }
                while count > 0, digits[count - 1] == UInt8(ascii: "0") { count -= 1 }
                appendJavaScriptNotation(digits: UnsafeBufferPointer(rebasing: digits[0..<count]), pointPosition: pointPosition, to: &bytes)
            }
        }
    }
}

/// What the short-decimal writer needs of a floating-point type, as concrete conversions (the
/// generic `BinaryFloatingPoint` ones go through slow general code even when specialised).
protocol ShortDecimalFloat: BinaryFloatingPoint {
    /// 2^(significand bits + 1): every integer below it is exact.
    static var exactIntegerBound: Self { get }
    /// How many significant decimal digits always name distinct values (15 for `Double`, 6 for `Float`).
    static var uniqueDecimalDigits: Int { get }
    /// The value truncated to an integer; it must be below ``exactIntegerBound``.
    var truncatedUnits: UInt64 { get }
    init(units: UInt64)
}

extension Double: ShortDecimalFloat {
    static var exactIntegerBound: Double { 9_007_199_254_740_992 }
    static var uniqueDecimalDigits: Int { 15 }
    var truncatedUnits: UInt64 { UInt64(self) }
    init(units: UInt64) { self.init(units) }
}

extension Float: ShortDecimalFloat {
    static var exactIntegerBound: Float { 16_777_216 }
    static var uniqueDecimalDigits: Int { 6 }
    var truncatedUnits: UInt64 { UInt64(self) }
    init(units: UInt64) { self.init(units) }
}
