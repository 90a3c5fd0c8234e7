/// Writes numbers the way parse-server does: JavaScript's `Number.prototype.toString`, which
/// `JSON.stringify` uses.
///
/// The rule (ECMAScript §6.1.6.1.20), for a value `0.d₁…dₖ × 10^n` with `k` significant digits:
/// - `k ≤ n ≤ 21`: the digits and `n − k` zeros (`100`, `100000000000000000000`);
/// - `0 < n ≤ 21`: a point after `n` digits (`1.5`);
/// - `−6 < n ≤ 0`: `0.`, `−n` zeros, the digits (`0.000001`);
/// - otherwise exponent form with an explicit sign: `1e+21`, `1.5e-7`.
///
/// Swift's own `description` differs (`100.0`, `1e-07`), hence this writer.
enum NumberFormatting {
    /// Appends an integer in plain decimal.
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            while magnitude > 0 {
                let quotient = magnitude / 10
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude &- quotient &* 10)
                magnitude = quotient
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    /// Appends `0.digits × 10^pointPosition` in JavaScript's notation; `digits` are ASCII, without
    /// leading or trailing zeros, and not empty. The caller writes any minus sign.
    static func appendJavaScriptNotation(digits: UnsafeBufferPointer<UInt8>, pointPosition n: Int, to bytes: inout [UInt8]) {
        let k = digits.count
        let zero = UInt8(ascii: "0")
        if k <= n && n <= 21 {
            bytes.append(contentsOf: digits)
            bytes.append(contentsOf: repeatElement(zero, count: n - k))
        } else if 0 < n && n <= 21 {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<n]))
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[n...]))
        } else if -6 < n && n <= 0 {
            bytes.append(zero)
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: repeatElement(zero, count: -n))
            bytes.append(contentsOf: digits)
        } else {
            bytes.append(digits[0])
            if k > 1 {
                bytes.append(UInt8(ascii: "."))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[1...]))
            }
            bytes.append(UInt8(ascii: "e"))
            let exponent = n - 1
            bytes.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendInteger(Int64(exponent.magnitude), to: &bytes)
        }
    }

    /// Appends a finite `Double` as `JSON.stringify` writes it: shortest round-trip digits in
    /// JavaScript's notation, with `-0` written as `0`.
    static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
        precondition(value.isFinite, "JSON cannot write \(value)")
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        ParseNumber(value)!.append(to: &bytes)
    }
}
