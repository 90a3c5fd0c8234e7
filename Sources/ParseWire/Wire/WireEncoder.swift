/// Encodes a ``ParseValue`` as canonical Parse wire JSON: what parse-server emits.
///
/// Dates with exactly three fraction digits and `Z`; padded standard base64; typed values with
/// exactly their keys; numbers as JavaScript writes them; no escaped `/`. The encoder checks the
/// same placement rules as the strict decoder (field names, nested keys, the keyword denylist,
/// where operations and ACLs may appear), so it never writes what the strict decoder rejects.
public struct WireEncoder: Sendable {
    /// How the encoder writes.
    public var options: WireEncodingOptions

    /// Creates an encoder.
    public init(options: WireEncodingOptions = WireEncodingOptions()) {
        self.options = options
    }

    /// Encodes a value.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: Where the document will sit. In the object context the value must be an
    ///     ``ParseValue/object(_:)`` and is written in the fetched REST form; in the update context
    ///     it must be a ``ParseValue/map(_:)`` of field names to values or operations.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: ``ParseWireError`` with the path of the value that cannot be written.
    public func encode(_ value: ParseValue, context: WireContext = .value) throws(ParseWireError) -> [UInt8] {
        var writer = ValueWriter(options: options, isUpdateBody: context == .update)
        switch context {
        case .value:
            try writer.writeValue(value, placement: .field)
        case .object(let className):
            guard case .object(let object) = value else {
                throw ParseWireError(.wrongFieldType, message: "the object context encodes a Parse object, not \(value.kindDescription)")
            }
            guard object.className == className else {
                throw ParseWireError(.invalidClassName, message: "the object is of class \(object.className), not \(className)")
            }
            // The document's own object is the first level.
            writer.depth = 1
            try writer.writeObject(object, embedded: false)
        case .update:
            guard case .map(let body) = value else {
                throw ParseWireError(.wrongFieldType, message: "the update context encodes a map of fields, not \(value.kindDescription)")
            }
            writer.depth = 1
            try writer.writeUpdateBody(body)
        }
        return writer.json.bytes
    }

    /// Encodes a value as a `String`.
    public func encodeString(_ value: ParseValue, context: WireContext = .value) throws(ParseWireError) -> String {
        String(decoding: try encode(value, context: context), as: UTF8.self)
    }
}

/// One encoding walk. Errors are thrown with a path of `$` and prefixed as they unwind.
struct ValueWriter {
    let options: WireEncodingOptions
    let isUpdateBody: Bool
    var json: JSONWriter
    /// How many arrays and objects enclose the value being written.
    var depth = 0

    /// - Parameter json: The buffer to write into; a new one by default.
    init(options: WireEncodingOptions, isUpdateBody: Bool, json: JSONWriter = JSONWriter()) {
        self.options = options
        self.isUpdateBody = isUpdateBody
        self.json = json
    }

    /// Throws `depth-limit` when `levels` more levels of nesting would pass the limit.
    func checkDepth(_ levels: Int) throws(ParseWireError) {
        guard depth + levels > options.maximumDepth else { return }
        throw ParseWireError(.depthLimit, message: "the value nests arrays and objects deeper than the limit of \(options.maximumDepth), which the decoder would reject")
    }

    mutating func writeValue(_ value: ParseValue, placement: ValuePlacement) throws(ParseWireError) {
        switch value {
        case .array, .map, .date, .bytes, .pointer, .relation, .geoPoint, .file, .object, .operation, .unknownType:
            try checkDepth(1)
        case .polygon(let polygon):
            try checkDepth(polygon.points.isEmpty ? 2 : 3)
        default:
            break
        }
        depth += 1
        defer { depth -= 1 }
        switch value {
        case .null: json.write(ascii: "null")
        case .bool(let flag): flag ? json.write(ascii: "true") : json.write(ascii: "false")
        case .number(let number): number.append(to: &json.bytes)
        case .string(let string): json.writeString(string)
        case .array(let elements):
            json.write(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { json.write(UInt8(ascii: ",")) }
                do throws(ParseWireError) {
                    try writeValue(element, placement: .nested)
                } catch {
                    throw error.prefixed(index: position)
                }
            }
            json.write(UInt8(ascii: "]"))
        case .map(let map): try writeNestedMap(map)
        case .date(let date): writeDate(date)
        case .bytes(let bytes): writeBytes(bytes)
        case .pointer(let pointer): writePointer(pointer)
        case .relation(let relation): writeRelation(relation)
        case .geoPoint(let point): writeGeoPoint(point)
        case .file(let file): writeFile(file)
        case .polygon(let polygon): writePolygon(polygon)
        case .object(let object):
            if isUpdateBody {
                throw ParseWireError(.unknownType, message: "an embedded Object cannot be saved; send a Pointer instead (Parse Server answers 111 \"This is not a valid Object\")")
            }
            try writeObject(object, embedded: true)
        case .acl:
            throw ParseWireError(.invalidACL, message: "an ACL can only be the value of the \"ACL\" key of an object or save body")
        case .operation(let operation):
            guard placement == .saveBodyField else {
                throw ParseWireError(.invalidOperation, message: isUpdateBody
                    ? "a field operation may only be the value of a top-level field, not nested inside a value"
                    : "a field operation may only appear in a save body (the update context)")
            }
            try writeOperation(operation)
        case .unknownType(let map):
            guard options.writesUnknownTypes, placement == .nested else {
                throw ParseWireError(.unknownType, message: options.writesUnknownTypes
                    ? "a value of unknown __type is written only nested inside a value; as a field value Parse Server answers 111"
                    : "a value of unknown __type is written only with writesUnknownTypes")
            }
            json.write(UInt8(ascii: "{"))
            try writeMapMembers(map, afterOthers: false, placement: .nested) { (key) throws(ParseWireError) in
                if let failure = KeywordDenylist.check(key: key) { throw failure }
            }
            json.write(UInt8(ascii: "}"))
        }
    }

    /// A plain map inside a value. A key `__type` or `__op` would make it read back as a typed
    /// value or an operation, so it is refused.
    mutating func writeNestedMap(_ map: ParseMap) throws(ParseWireError) {
        json.write(UInt8(ascii: "{"))
        try writeMapMembers(map, afterOthers: false, placement: .nested) { (key) throws(ParseWireError) in
            if key == "__type" || key == "__op" {
                throw ParseWireError(.reservedKey, message: "a plain map cannot have the key \"\(key)\"; Parse reserves it for typed values and operations")
            }
            if let failure = KeywordDenylist.check(key: key) { throw failure }
            if let failure = NameRules.checkNestedKey(key) { throw failure }
        }
        json.write(UInt8(ascii: "}"))
    }

    /// Writes the members of a map, checking each key; `afterOthers` when members were already
    /// written before them. The caller writes the braces.
    mutating func writeMapMembers(_ map: ParseMap, afterOthers: Bool, placement: ValuePlacement,
                                  checkKey: (String) throws(ParseWireError) -> Void) throws(ParseWireError) {
        var isFirst = !afterOthers
        for position in memberOrder(map) {
            let key = map.keys[position]
            let value = map.values[position]
            do throws(ParseWireError) {
                try checkKey(key)
                if case .string(let text) = value, KeywordDenylist.isBSONTypeCode(key: key, value: text) {
                    throw KeywordDenylist.bsonTypeCodeError()
                }
                if !isFirst { json.write(UInt8(ascii: ",")) }
                isFirst = false
                json.writeKey(key)
                try writeValue(value, placement: placement)
            } catch {
                throw error.prefixed(key: key)
            }
        }
    }

    /// Positions of a map's members in writing order: insertion order, or sorted by UTF-8 bytes.
    func memberOrder(_ map: ParseMap) -> [Int] {
        let positions = Array(map.indices)
        guard options.sortsKeys else { return positions }
        return positions.sorted { map.keys[$0].utf8.lexicographicallyPrecedes(map.keys[$1].utf8) }
    }
}

extension ParseValue {
    /// A short name of the value's case, for messages.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .map: "a map"
        case .date: "a Date"
        case .bytes: "a Bytes value"
        case .pointer: "a Pointer"
        case .relation: "a Relation"
        case .geoPoint: "a GeoPoint"
        case .file: "a File"
        case .polygon: "a Polygon"
        case .object: "an Object"
        case .acl: "an ACL"
        case .operation: "a field operation"
        case .unknownType: "a value of unknown __type"
        }
    }
}
