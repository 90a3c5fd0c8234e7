import Foundation

// The direct readings (``GeneratedDirectReader``) of the scalars, `Date`, Pointers, arrays and
// string-keyed maps: each reads the shape the bridge reads, or refuses. The wire types other than
// Pointers, `ParseValue` and Relations keep the default, which refuses.

extension String {
    /// Reads a JSON string.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> String {
        try reader.string()
    }
}

extension Int {
    /// Reads an integer of up to 18 digits; any other number is read through the tape.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Int {
        let (text, isInteger) = try reader.number()
        guard isInteger, text.count <= 18 else { throw GeneratedWireFallback() }
        let isNegative = text[0] == UInt8(ascii: "-")
        var value = 0
        for position in (isNegative ? 1 : 0)..<text.count {
            value = value &* 10 &+ Int(text[position] &- UInt8(ascii: "0"))
        }
        return isNegative ? -value : value
    }
}

extension Double {
    /// Reads a number, correctly rounded.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Double {
        let value = NumberParsing.double(try reader.number().text)
        guard value.isFinite else { throw GeneratedWireFallback() }
        return value
    }
}

extension Float {
    /// Reads a number, correctly rounded to a `Float`.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Float {
        let value = NumberParsing.float(try reader.number().text)
        guard value.isFinite else { throw GeneratedWireFallback() }
        return value
    }
}

extension Bool {
    /// Reads `true` or `false`.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Bool {
        try reader.bool()
    }
}

extension Date {
    /// Reads `{"__type":"Date","iso":"…"}`.
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Date {
        try reader.date()
    }
}

extension TypedPointer {
    /// Reads a Pointer to `Target`'s class.
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Self {
        TypedPointer(checkedObjectId: try reader.pointerId(className: Target.className))
    }
}

// Inlinable, as the tape readings are, so that generated code gets them specialised.

extension Array where Element: GeneratedWireValue {
    /// Reads the elements in order.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> [Element] {
        var elements: [Element] = []
        guard try reader.beginArray() else { return elements }
        // The count is not known until the end: room for a few elements, as most arrays of a
        // record hold, is one allocation where growing from one element is three.
        elements.reserveCapacity(GeneratedDirectReader.initialCapacity)
        repeat {
            elements.append(try Element.readDirect(from: &reader))
        } while try reader.nextElement()
        return elements
    }
}

extension Dictionary where Key == String, Value: GeneratedWireValue {
    /// Reads a plain map; a key that repeats an earlier one, or equals it as a Swift string
    /// (STR-4), refuses, and the tape path or the bridge reports it.
    @inlinable
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> [String: Value] {
        guard try reader.beginObject() else { return [:] }
        // Room for a few entries, as for an array: growing a dictionary rehashes every entry.
        var result = [String: Value](minimumCapacity: GeneratedDirectReader.initialCapacity)
        repeat {
            let name = try reader.mapKey()
            guard result.updateValue(try Value.readDirect(from: &reader), forKey: name) == nil else { throw GeneratedWireFallback() }
        } while try reader.nextMember()
        return result
    }
}
