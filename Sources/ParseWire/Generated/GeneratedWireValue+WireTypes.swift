import Foundation

// The wire types, written by the codec's own writers and read by its own readers, with the rules
// the bridge applies to the top-level fields of a save or update body.

extension GeoPoint: GeneratedWireValue {
    /// Writes `{"__type":"GeoPoint",…}`; a body holds at most one as a top-level field.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        try writer.checkBodyField(.geoPoint(self))
        try writer.withValueWriter { writer in writer.json.writeGeoPoint(self) }
    }

    /// Reads a GeoPoint; a body holds at most one as a top-level field.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> GeoPoint {
        guard case .geoPoint(let point) = try reader.typed(at: index, type: "GeoPoint") else { throw GeneratedWireFallback() }
        if reader.memberRole == .body {
            guard !reader.sawGeoPointField else { throw GeneratedWireFallback() }
            reader.sawGeoPointField = true
        }
        return point
    }
}

extension ParseBytes: GeneratedWireValue {
    /// Writes `{"__type":"Bytes","base64":…}`; an empty one cannot be a top-level field of a body.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        if bytes.isEmpty { try writer.checkBodyField(.bytes(self)) }
        try writer.withValueWriter { writer in writer.json.writeBytes(self) }
    }

    /// Reads Bytes; an empty one cannot be a top-level field of a body.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> ParseBytes {
        guard case .bytes(let bytes) = try reader.typed(at: index, type: "Bytes"), reader.memberRole != .body || !bytes.bytes.isEmpty else {
            throw GeneratedWireFallback()
        }
        return bytes
    }
}

extension ParseFile: GeneratedWireValue {
    /// Writes `{"__type":"File",…}`.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        try writer.withValueWriter { writer in writer.json.writeFile(self) }
    }

    /// Reads a File.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> ParseFile {
        guard case .file(let file) = try reader.typed(at: index, type: "File") else { throw GeneratedWireFallback() }
        return file
    }
}

extension ParsePolygon: GeneratedWireValue {
    /// Writes `{"__type":"Polygon",…}`.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        try writer.withValueWriter { writer in writer.json.writePolygon(self) }
    }

    /// Reads a Polygon.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> ParsePolygon {
        guard case .polygon(let polygon) = try reader.typed(at: index, type: "Polygon") else { throw GeneratedWireFallback() }
        return polygon
    }
}

extension TypedPointer: GeneratedWireValue {
    /// Writes `{"__type":"Pointer","className":…,"objectId":…}`.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        writer.buffer.write(ascii: #"{"__type":"Pointer","className":"#)
        writer.buffer.writeString(Target.className)
        writer.buffer.write(ascii: #","objectId":"#)
        writer.buffer.writeString(objectId)
        writer.buffer.append(UInt8(ascii: "}"))
    }

    /// Reads a Pointer to `Target`'s class; an included object (`"__type":"Object"`) or a Pointer
    /// to another class goes to the bridge.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Self {
        if let objectId = plainPointerId(reader, at: index) { return TypedPointer(checkedObjectId: objectId) }
        // Any other shape, checked as the wire decoder checks a Pointer.
        guard case .pointer(let pointer) = try reader.typed(at: index, type: "Pointer"), pointer.className == Target.className,
              let checked = try? TypedPointer(objectId: pointer.objectId) else { throw GeneratedWireFallback() }
        return checked
    }

    /// The Pointer in its common three-key shape, all strings without escapes, read in place and
    /// checked on the input's bytes (the class as ``NameRules/checkClassName(_:)``, the id as
    /// ``NameRules/checkObjectId(_:)``): its objectId, or `nil` for any other shape. It returns the
    /// id, not the pointer: this code is not specialised for `Target`, and a `Self?` would be a
    /// metadata lookup of `Optional<TypedPointer<Target>>` on every call.
    private static func plainPointerId(_ reader: borrowing GeneratedWireReader, at index: Int) -> String? {
        let entries = reader.entries
        guard entries[index].kind == .object, entries[index].length == 3 else { return nil }
        var isPointer = false
        var isClass = false
        var objectId: UnsafeBufferPointer<UInt8>?
        var member = index + 1
        for _ in 0..<3 {
            // A key written with escapes is left to the general reading below, as any other shape.
            guard let key = reader.plainString(at: member), let value = reader.plainString(at: member + 1) else { return nil }
            if GeneratedWireReader.bytes(key, equal: "__type") {
                isPointer = GeneratedWireReader.bytes(value, equal: "Pointer")
            } else if GeneratedWireReader.bytes(key, equal: "className") {
                var className = Target.className
                isClass = className.withUTF8 { GeneratedWireReader.bytes($0, equal: value) } && NameRules.isValidClassName(value)
            } else if GeneratedWireReader.bytes(key, equal: "objectId") {
                objectId = value
            }
            member = reader.next(member)
        }
        guard isPointer, isClass, let objectId, NameRules.isValidObjectId(objectId) else { return nil }
        return JSONStrings.string(validatedUTF8: objectId)
    }
}

extension TypedRelation: GeneratedWireValue {
    /// Writes `{"__type":"Relation","className":…}`.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        writer.buffer.write(ascii: #"{"__type":"Relation","className":"#)
        writer.buffer.writeString(Target.className)
        writer.buffer.append(UInt8(ascii: "}"))
    }

    /// Reads a Relation to `Target`'s class.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Self {
        guard case .relation(let relation) = try reader.typed(at: index, type: "Relation"), relation.className == Target.className else {
            throw GeneratedWireFallback()
        }
        return TypedRelation()
    }
}

extension ParseValue: GeneratedWireValue {
    /// Writes any value as ``ParseValueEncoder`` does at this place of the document.
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        let placement: ValuePlacement
        switch writer.memberRole {
        case .body:
            placement = .saveBodyField
            try writer.checkBodyField(self)
        case .object: placement = .field
        case .plain: placement = .nested
        }
        try writer.withValueWriter { (writer) throws(ParseWireError) in try writer.writeValue(self, placement: placement) }
    }

    /// Reads any value; at the top of a body it goes to the bridge, which reads operations there.
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> ParseValue {
        let placement: ValuePlacement
        switch reader.memberRole {
        case .body: throw GeneratedWireFallback()
        case .object: placement = .field
        case .plain: placement = .nested
        }
        guard let value = try? reader.walker.decodeValue(at: index, placement: placement) else { throw GeneratedWireFallback() }
        return value
    }
}

// Arrays and maps are inlinable, so that generated code gets them specialised for its element
// types: unspecialised, each call looks up the metadata of `[Element]` and calls the elements'
// coding through witness tables, which measured a sixth of decoding a Recipe.

extension Array: GeneratedWireValue where Element: GeneratedWireValue {
    /// Writes the elements in order.
    @inlinable
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        writer.beginArray()
        for element in self {
            writer.element()
            try element.writeWire(to: &writer)
        }
        writer.endArray()
    }

    /// Reads the elements in order.
    @inlinable
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> [Element] {
        let count = try reader.arrayCount(at: index)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var element = index + 1
        for _ in 0..<count {
            reader.enterElement()
            elements.append(try Element.readWire(from: &reader, at: element))
            element = reader.nextValue(element)
        }
        return elements
    }
}

extension Dictionary: GeneratedWireValue where Key == String, Value: GeneratedWireValue {
    /// Writes a plain map, in the dictionary's order (the bridge's too); a key a plain map cannot
    /// have goes to the bridge, which reports it.
    @inlinable
    public func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback) {
        let level = writer.beginObject()
        for (name, value) in self {
            try writer.mapKey(name)
            try value.writeWire(to: &writer)
        }
        writer.endObject(level)
    }

    /// Reads a plain map: not a typed value, every key one a plain map may have.
    @inlinable
    public static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> [String: Value] {
        let count = try reader.mapCount(at: index)
        var result = [String: Value](minimumCapacity: count)
        var member = index + 1
        for _ in 0..<count {
            let name = try reader.mapKey(at: member)
            reader.enterElement()
            result[name] = try Value.readWire(from: &reader, at: member + 1)
            member = reader.next(member)
        }
        // Fewer entries than members: two keys that differ in their bytes are equal as Swift
        // strings (STR-4), and the bridge refuses the map rather than drop a value.
        guard result.count == count else { throw GeneratedWireFallback() }
        return result
    }
}
