import Foundation

// The Parse shapes generated code reads directly: the server-owned keys, dates, Pointers and map
// keys, each in the one shape every writer uses; any other goes to the tape path and the bridge.
extension GeneratedDirectReader {
    /// A Parse object's `objectId`: `nil` for `null`.
    ///
    /// - Parameter object: The object.
    /// - Returns: The id.
    /// - Throws: ``GeneratedWireFallback`` for an id the bridge refuses, one with escapes, or one in a body.
    public mutating func objectId(in object: GeneratedDirectObject) throws(GeneratedWireFallback) -> String? {
        if isNull() { return nil }
        guard !object.isBody else { throw GeneratedWireFallback() }
        let bytes = try unescapedString()
        guard NameRules.isValidObjectId(bytes) else { throw GeneratedWireFallback() }
        return JSONStrings.string(validatedUTF8: bytes)
    }

    /// A Parse object's `createdAt` or `updatedAt`: a plain ISO string; `nil` for `null`.
    ///
    /// - Parameter object: The object.
    /// - Returns: The time.
    /// - Throws: ``GeneratedWireFallback`` for a time the bridge refuses, or one in a body.
    public mutating func timestamp(in object: GeneratedDirectObject) throws(GeneratedWireFallback) -> Date? {
        if isNull() { return nil }
        guard !object.isBody else { throw GeneratedWireFallback() }
        return try isoDate()
    }

    /// A Parse object's `ACL`: only `null` (`nil`) is read here; an ACL goes to the tape path.
    ///
    /// - Parameter object: The object.
    /// - Returns: `nil`.
    /// - Throws: ``GeneratedWireFallback`` for anything but `null`.
    public mutating func acl(in object: GeneratedDirectObject) throws(GeneratedWireFallback) -> ParseACL? {
        guard isNull() else { throw GeneratedWireFallback() }
        return nil
    }

    /// Reads the value of a key of a Parse object that is none of the type's: `__type` must be
    /// `Object` and `className` the type's class, once each, outside a body (the tape path ignores
    /// other keys, and reads a body's `__type` as one); anything else refuses.
    @usableFromInline
    mutating func readClassKey(_ key: UnsafeBufferPointer<UInt8>, of object: inout GeneratedDirectObject) throws(GeneratedWireFallback) {
        guard !object.isBody else { throw GeneratedWireFallback() }
        try expect(UInt8(ascii: ":"))
        if GeneratedWireReader.bytes(key, equal: "__type"), !object.sawType {
            guard GeneratedWireReader.bytes(try unescapedString(), equal: "Object") else { throw GeneratedWireFallback() }
            object.sawType = true
        } else if GeneratedWireReader.bytes(key, equal: "className"), !object.sawClassName {
            let value = try unescapedString()
            var className = object.className
            guard className.withUTF8({ GeneratedWireReader.bytes($0, equal: value) }) else { throw GeneratedWireFallback() }
            object.sawClassName = true
        } else {
            throw GeneratedWireFallback()
        }
    }

    /// Ends a Parse object: a `__type` needs its `className`, as the tape path requires.
    ///
    /// - Parameter object: The object read.
    /// - Throws: ``GeneratedWireFallback`` for `"__type":"Object"` without the class.
    public func endParseObject(_ object: GeneratedDirectObject) throws(GeneratedWireFallback) {
        guard !object.sawType || object.sawClassName else { throw GeneratedWireFallback() }
    }

    /// A string without escapes read as a strict ISO 8601 time, as the wire decoder reads one.
    mutating func isoDate() throws(GeneratedWireFallback) -> Date {
        let text = try unescapedString()
        guard let milliseconds = try? ISO8601.parse(text, leniency: dateLeniency),
              let date = try? ParseDate(epochMilliseconds: milliseconds) else { throw GeneratedWireFallback() }
        return date.date
    }

    /// The key of a member of a small typed value (`__type`, `iso`, `className`, `objectId`) and its
    /// colon: which of `first`, `second` and `third` it is, each at most once (`seen`). The names are
    /// parameters rather than an array, which would be allocated at every call.
    mutating func typedKey(_ first: StaticString, _ second: StaticString, _ third: StaticString = "",
                           seen: inout UInt8) throws(GeneratedWireFallback) -> Int {
        let text = try plainKey()
        let key = UnsafeBufferPointer(start: text.start, count: text.start.distance(to: text.end))
        let position: Int
        if GeneratedWireReader.bytes(key, equal: first) {
            position = 0
        } else if GeneratedWireReader.bytes(key, equal: second) {
            position = 1
        } else if third.utf8CodeUnitCount > 0, GeneratedWireReader.bytes(key, equal: third) {
            position = 2
        } else {
            throw GeneratedWireFallback()
        }
        let bit: UInt8 = 1 << UInt8(position)
        guard seen & bit == 0 else { throw GeneratedWireFallback() }
        seen |= bit
        try expect(UInt8(ascii: ":"))
        return position
    }

    /// `{"__type":"Date","iso":"…"}`, its two keys in either order.
    mutating func date() throws(GeneratedWireFallback) -> Date {
        guard try beginObject() else { throw GeneratedWireFallback() }
        var seen: UInt8 = 0
        var date: Date?
        repeat {
            switch try typedKey("__type", "iso", seen: &seen) {
            case 0: guard GeneratedWireReader.bytes(try unescapedString(), equal: "Date") else { throw GeneratedWireFallback() }
            default: date = try isoDate()
            }
        } while try nextMember()
        guard seen == 0b11, let date else { throw GeneratedWireFallback() }
        return date
    }

    /// `{"__type":"Pointer","className":…,"objectId":…}`, its keys in any order: the objectId of a
    /// Pointer to `className` (checked as ``NameRules/checkClassName(_:)`` and
    /// ``NameRules/checkObjectId(_:)`` check them).
    mutating func pointerId(className: String) throws(GeneratedWireFallback) -> String {
        guard try beginObject() else { throw GeneratedWireFallback() }
        var seen: UInt8 = 0
        var objectId: String?
        repeat {
            switch try typedKey("__type", "className", "objectId", seen: &seen) {
            case 0:
                guard GeneratedWireReader.bytes(try unescapedString(), equal: "Pointer") else { throw GeneratedWireFallback() }
            case 1:
                let value = try unescapedString()
                var expected = className
                guard expected.withUTF8({ GeneratedWireReader.bytes($0, equal: value) }), NameRules.isValidClassName(value) else {
                    throw GeneratedWireFallback()
                }
            default:
                let value = try unescapedString()
                guard NameRules.isValidObjectId(value) else { throw GeneratedWireFallback() }
                objectId = JSONStrings.string(validatedUTF8: value)
            }
        } while try nextMember()
        guard seen == 0b111, let objectId else { throw GeneratedWireFallback() }
        return objectId
    }

    /// A plain map's key and its colon: any key a plain map may have (not `$`, `.`, `__type`, `__op`
    /// or a denylisted word).
    ///
    /// - Returns: The key.
    /// - Throws: ``GeneratedWireFallback`` for a key a plain map cannot have, which the bridge reports.
    public mutating func mapKey() throws(GeneratedWireFallback) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        let end = JSONGrammar.plainASCIIEnd(input, from: start)
        let name: String
        if end < input.count, input[end] == UInt8(ascii: "\"") {
            let bytes = UnsafeBufferPointer(start: input.baseAddress! + start, count: end - start)
            guard NameRules.plainKeyProblem(utf8: bytes) == nil else { throw GeneratedWireFallback() }
            position = end + 1
            name = JSONStrings.string(validatedUTF8: bytes)
        } else {
            name = try escapedString(from: start, plainEnd: end)
            guard NameRules.plainKeyProblem(name) == nil else { throw GeneratedWireFallback() }
        }
        try expect(UInt8(ascii: ":"))
        return name
    }
}
