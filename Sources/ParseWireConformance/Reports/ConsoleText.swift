import ParseWire

/// Text made safe for a terminal line: characters a terminal would act on or hide are escaped.
package enum ConsoleText {
    /// The line that explains the escapes, printed once under a summary that has any.
    package static let legend = #"(\u{…} is an escaped character: a control character, a line or paragraph separator, or a lone surrogate an answer held)"#

    /// `text` with every C0 and C1 control character, DEL, U+2028, U+2029 and U+FEFF written
    /// `\u{XXXX}`, and every lone surrogate an answer held (the answer reader's marker pair, ``JSONStrings/loneSurrogateMarker``) written
    /// `\u{D8XX}`. Newlines are escaped too, so a value stays on its line.
    package static func escaped(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == JSONStrings.loneSurrogateMarker, let next = pending, (0xF0000...0xF07FF).contains(next.value) {
                result += "\\u{" + hex(0xD800 + next.value - 0xF0000) + "}"
                pending = scalars.next()
            } else if needsEscape(scalar) {
                result += "\\u{" + hex(scalar.value) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds anything ``escaped(_:)`` changes.
    package static func needsEscape(_ text: String) -> Bool {
        text.unicodeScalars.contains { needsEscape($0) || $0 == JSONStrings.loneSurrogateMarker }
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
