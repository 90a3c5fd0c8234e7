import PropertyTestingSupport
@testable import ParseWire

/// Helpers that present values as wire JSON in reports, and that respell canonical JSON text.
enum WireText {
    /// A value as canonical wire JSON in `context`, or its description when it cannot be encoded.
    static func describe(_ value: ParseValue, _ context: WireContext = .value) -> String {
        (try? ParseValueEncoder().encodeString(value, context: context)) ?? String(describing: value)
    }

    /// Non-canonical spellings of the same JSON document: whitespace between tokens, escapes for
    /// characters that need none (`\u0061`, `\/`), and other spellings of numbers (`1.0`, `1e0`).
    /// Each opportunity is taken or not by one choice, so shrinking returns to the canonical text.
    static func respellings(of text: String) -> Generator<String> {
        Generator { (testCase) throws(TestCase.Stop) in
            var output = ""
            var scalars = Array(text.unicodeScalars)[...]
            var inString = false
            while let scalar = scalars.popFirst() {
                if inString {
                    if scalar == "\\" {
                        output.unicodeScalars.append(scalar)
                        output.unicodeScalars.append(scalars.popFirst()!)
                        if output.unicodeScalars.last == "u" {
                            for _ in 0..<4 { output.unicodeScalars.append(scalars.popFirst()!) }
                        }
                        continue
                    }
                    if scalar == "\"" {
                        inString = false
                        output.unicodeScalars.append(scalar)
                        continue
                    }
                    switch try testCase.choice(upTo: 7) {
                    case 1 where scalar.value <= 0xFFFF:
                        output += "\\u" + hex4(scalar.value)
                    case 2 where scalar == "/":
                        output += "\\/"
                    case 3 where scalar.value > 0xFFFF:
                        let offset = scalar.value - 0x10000
                        output += "\\u" + hex4(0xD800 + (offset >> 10)) + "\\u" + hex4(0xDC00 + (offset & 0x3FF))
                    default:
                        output.unicodeScalars.append(scalar)
                    }
                    continue
                }
                switch scalar {
                case "\"":
                    inString = true
                    output.unicodeScalars.append(scalar)
                case "-", "0"..."9":
                    var number = String(scalar)
                    while let next = scalars.first, "0123456789.eE+-".unicodeScalars.contains(next) {
                        number.unicodeScalars.append(scalars.removeFirst())
                    }
                    output += try respellNumber(number, &testCase)
                case "{", "[", ",", ":":
                    output.unicodeScalars.append(scalar)
                    output += try whitespace(&testCase)
                case "}", "]":
                    output += try whitespace(&testCase)
                    output.unicodeScalars.append(scalar)
                default:
                    output.unicodeScalars.append(scalar)
                }
            }
            return output
        }
    }

    private static func whitespace(_ testCase: inout TestCase) throws(TestCase.Stop) -> String {
        ["", "", "", " ", "\n", "\t", "\r\n  "][Int(try testCase.choice(upTo: 6))]
    }

    /// Four hexadecimal digits, in either case (JSON allows both).
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: value % 3 == 0)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `1` as `1.0`, `1e0` or `100E-2`; `1.5` as `1.50`. Each spelling has the same exact value.
    private static func respellNumber(_ number: String, _ testCase: inout TestCase) throws(TestCase.Stop) -> String {
        let hasExponent = number.contains("e") || number.contains("E")
        let isPlainInteger = !number.contains(".") && !hasExponent
        switch try testCase.choice(upTo: 3) {
        case 1 where isPlainInteger: return number + ".0"
        case 2 where isPlainInteger: return number + "e0"
        case 3 where isPlainInteger && number != "0" && number != "-0": return number + "00E-2"
        case 1 where !hasExponent: return number + "0"
        default: return number
        }
    }
}
