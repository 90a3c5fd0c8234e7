import Foundation

// Scalars and `Date`, written and read as the Codable bridge writes and reads them.

extension String: GeneratedWireValue {
    /// Writes a JSON string with the codec's escaping.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        writer.buffer.writeString(self)
    }

    /// Reads a JSON string.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> String {
        let entry = reader.entries[index]
        guard entry.kind == .string else { throw GeneratedWireFallback() }
        return JSONStrings.string(of: entry, in: reader.input)
    }
}

extension Int: GeneratedWireValue {
    /// Writes the integer exactly.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        NumberFormatting.appendInteger(Int64(self), to: &writer.buffer)
    }

    /// Reads an integer: one of up to 18 digits in place, any other number exactly (`1e2` is 100).
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Int {
        let entry = reader.entries[index]
        guard entry.kind == .number else { throw GeneratedWireFallback() }
        guard entry.flags & JSONTape.numberIsInteger != 0, entry.length <= 18 else {
            guard let exact = exactInteger(reader.walker, at: index) else { throw GeneratedWireFallback() }
            return exact
        }
        let text = reader.input.baseAddress! + Int(entry.offset)
        let isNegative = text[0] == UInt8(ascii: "-")
        var value = 0
        for position in (isNegative ? 1 : 0)..<Int(entry.length) {
            value = value &* 10 &+ Int(text[position] &- UInt8(ascii: "0"))
        }
        return isNegative ? -value : value
    }
}

extension Int {
    /// The number at `index` as an `Int`, if it is an integer in range, parsed exactly. In steps of
    /// their own, never inlined: inlined together, the optimizer of Swift 6.3.1 stops with an
    /// ownership error.
    fileprivate static func exactInteger(_ walker: TapeWalker, at index: Int) -> Int? {
        parsedNumber(walker, at: index).flatMap(exactInteger)
    }

    @inline(never)
    private static func parsedNumber(_ walker: TapeWalker, at index: Int) -> ParseNumber? {
        do throws(ParseWireError) {
            return try walker.number(at: index)
        } catch {
            return nil
        }
    }

    @inline(never)
    private static func exactInteger(_ number: ParseNumber) -> Int? {
        number.int64Value.flatMap(Int.init(exactly:)) ?? (number.isInteger ? Int(number.description) : nil)
    }
}

extension Double: GeneratedWireValue {
    /// Writes the number in the codec's canonical form.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        guard isFinite else { throw GeneratedWireFallback() }
        NumberFormatting.appendNumber(self, to: &writer.buffer)
    }

    /// Reads a number, correctly rounded.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Double {
        let value = NumberParsing.double(try reader.numberText(at: index))
        guard value.isFinite else { throw GeneratedWireFallback() }
        return value
    }
}

extension Float: GeneratedWireValue {
    /// Writes the number in its own shortest form.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        guard isFinite else { throw GeneratedWireFallback() }
        NumberFormatting.appendNumber(self, to: &writer.buffer)
    }

    /// Reads a number, correctly rounded to a `Float`.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Float {
        let value = NumberParsing.float(try reader.numberText(at: index))
        guard value.isFinite else { throw GeneratedWireFallback() }
        return value
    }
}

extension Bool: GeneratedWireValue {
    /// Writes `true` or `false`.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        self ? writer.buffer.write(ascii: "true") : writer.buffer.write(ascii: "false")
    }

    /// Reads `true` or `false`.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Bool {
        switch reader.entries[index].kind {
        case .trueLiteral: return true
        case .falseLiteral: return false
        case .object, .array, .string, .number, .null: throw GeneratedWireFallback()
        }
    }
}

extension Date: GeneratedWireValue {
    /// Writes `{"__type":"Date","iso":"…"}`, rounded to the millisecond.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        try writer.writeDate(self)
    }

    /// Reads `{"__type":"Date","iso":"…"}` in its common two-key shape; any other goes to the bridge.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Date {
        let entries = reader.entries
        guard entries[index].kind == .object, entries[index].length == 2 else { throw GeneratedWireFallback() }
        var isoIndex: Int?
        var isDate = false
        var member = index + 1
        for _ in 0..<2 {
            if reader.walker.keyEquals(member, "__type") {
                isDate = entries[member + 1].kind == .string && reader.walker.keyEquals(member + 1, "Date")
            } else if reader.walker.keyEquals(member, "iso") {
                isoIndex = member + 1
            }
            member = reader.next(member)
        }
        guard isDate, let isoIndex else { throw GeneratedWireFallback() }
        return try reader.isoDate(at: isoIndex)
    }
}
