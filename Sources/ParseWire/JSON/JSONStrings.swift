import Foundation

/// Turning a scanned string's bytes into a Swift `String`, and quoting strings for messages.
///
/// The scanner has already validated the escapes and the UTF-8, so nothing here can fail.
@usableFromInline
package enum JSONStrings {
    /// The first of the two scalars a lone surrogate is read as, when the scanner's options mark
    /// lone surrogates (``JSONScanOptions/LoneSurrogates/marked``): U+FDD0, a noncharacter, which
    /// strict UTF-8 text meant for interchange does not hold.
    package static let loneSurrogateMarker = Unicode.Scalar(0xFDD0 as UInt32)!

    /// The string value of a tape entry.
    static func string(of entry: JSONTape.Entry, in input: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
        if entry.flags & JSONTape.stringHasEscapes == 0 {
            return string(validatedUTF8: raw)
        }
        return String(unsafeUninitializedCapacity: unescapedCapacity(entry, raw)) { buffer in
            unescape(raw, into: buffer)
        }
    }

    /// A `String` of UTF-8 the scanner validated: the bytes copied into the string's storage.
    ///
    /// This measured about 190 instructions for a short string against about 225 for
    /// `String(decoding:as:)` (callgrind, Swift 6.3), whose generic path checks the bytes further
    /// before it copies them; both validate, so a byte sequence that is not UTF-8 is repaired, never trusted.
    @inlinable @inline(__always)
    static func string(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(bytes))
            return bytes.count
        }
    }

    /// The unescaped UTF-8 bytes of a tape entry.
    static func unescapedBytes(of entry: JSONTape.Entry, in input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let raw = UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
        if entry.flags & JSONTape.stringHasEscapes == 0 { return Array(raw) }
        return [UInt8](unsafeUninitializedCapacity: unescapedCapacity(entry, raw)) { buffer, count in
            count = unescape(raw, into: buffer)
        }
    }

    /// Room for the unescaped bytes: an escape is never shorter than what it stands for, except a
    /// marked lone surrogate (six bytes written as seven).
    private static func unescapedCapacity(_ entry: JSONTape.Entry, _ raw: UnsafeBufferPointer<UInt8>) -> Int {
        entry.flags & JSONTape.stringHasLoneSurrogates == 0 ? raw.count : raw.count + raw.count / 6 + 1
    }

    /// Unescapes validated string bytes into `output`, which must hold what
    /// ``unescapedCapacity(_:_:)`` gives. Returns the number of bytes written.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var read = 0
        var written = 0
        guard let source = raw.baseAddress, let target = output.baseAddress else { return 0 }
        while read < raw.count {
            // The bytes up to the next backslash are copied as one run.
            let run = memchr(source + read, Int32(UInt8(ascii: "\\")), raw.count - read)
                .map { UnsafeRawPointer(source + read).distance(to: UnsafeRawPointer($0)) } ?? raw.count - read
            UnsafeMutableRawPointer(target + written).copyMemory(from: source + read, byteCount: run)
            written += run
            read += run
            guard read < raw.count else { break }
            let escaped = raw[read + 1]
            read += 2
            let simple: UInt8
            switch escaped {
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                var scalar = UInt32(hex4Value(raw, read))
                read += 4
                if scalar >= 0xD800 && scalar <= 0xDFFF {
                    // A pair is joined; the scanner let a lone surrogate through only to be marked.
                    let low = scalar <= 0xDBFF && read + 6 <= raw.count && raw[read] == UInt8(ascii: "\\")
                        && raw[read + 1] == UInt8(ascii: "u") ? UInt32(hex4Value(raw, read + 2)) : 0
                    if low >= 0xDC00 && low <= 0xDFFF {
                        read += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        written += encodeUTF8(loneSurrogateMarker.value, into: output, at: written)
                        scalar = 0xF0000 + (scalar - 0xD800)
                    }
                }
                written += encodeUTF8(scalar, into: output, at: written)
                continue
            default: simple = escaped
            }
            output[written] = simple
            written += 1
        }
        return written
    }

    private static func hex4Value(_ raw: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 { value = value << 4 | UInt16(JSONGrammar.hexDigit(raw[index + offset])!) }
        return value
    }

    private static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            output[index] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[index] = UInt8(0xC0 | scalar >> 6)
            output[index + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[index] = UInt8(0xE0 | scalar >> 12)
            output[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[index + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[index] = UInt8(0xF0 | scalar >> 18)
            output[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[index + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// A string as a JSON literal for an error message, shortened past 60 characters.
    static func quoted(_ string: String) -> String {
        var writer = JSONWriter()
        if string.unicodeScalars.count > 60 {
            writer.writeString(String(String.UnicodeScalarView(string.unicodeScalars.prefix(57))))
            writer.bytes.removeLast()
            writer.bytes.append(contentsOf: Array("...\"".utf8))
        } else {
            writer.writeString(string)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
