/// Encodes a ``ParseValue`` as canonical Parse wire JSON: what parse-server emits (CTX-2).
///
/// Dates with exactly three fraction digits and `Z` (DATE-1); padded standard base64 (BYTES-1); typed
/// values with exactly their keys; numbers as JavaScript writes them (NUM-1); no escaped `/`. The encoder checks the
/// same placement rules as the strict decoder (field names, nested keys, the keyword denylist,
/// where operations and ACLs may appear), so it never writes what the strict decoder rejects.
public struct ParseValueEncoder: Sendable {
    /// How the encoder writes.
    public var options: ParseValueEncodingOptions

    /// Creates an encoder.
    public init(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) {
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
            try writer.writeObject(object, embedded: false)
        case .update:
            guard case .map(let body) = value else {
                throw ParseWireError(.wrongFieldType, message: "the update context encodes a map of fields, not \(value.kindDescription)")
            }
            writer.depth = 1
            try writer.writeUpdateBody(body)
        case .query:
            return try QueryWriter(options: options).encode(value)
        case .message(let kind, let className):
            return try encodeMessage(value, kind: kind, className: className, options: options)
        case .liveQuery(let side):
            return try encodeLiveQuery(value, side: side, options: options)
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
    let options: ParseValueEncodingOptions
    let isUpdateBody: Bool
    var json: JSONWriter
    /// How many arrays and objects enclose the value being written.
    var depth = 0

    /// - Parameter json: The buffer to write into; a new one by default.
    init(options: ParseValueEncodingOptions, isUpdateBody: Bool, json: JSONWriter = JSONWriter()) {
        self.options = options
        self.isUpdateBody = isUpdateBody
        self.json = json
    }

    /// Throws `depth-limit` when `levels` more levels of nesting would pass the limit.
    func checkDepth(_ levels: Int) throws(ParseWireError) {
        guard depth + levels > options.maximumDepth else { return }
        throw ParseWireError(.depthLimit, message: "the value nests arrays and objects deeper than the limit of \(options.maximumDepth), which the decoder would reject")
    }

    /// Positions of a map's members in writing order: insertion order, or sorted by UTF-8 bytes.
    func memberOrder(_ map: ParseMap) -> [Int] {
        let positions = Array(map.indices)
        guard options.sortsKeys else { return positions }
        return positions.sorted { map.key(at: $0).utf8.lexicographicallyPrecedes(map.key(at: $1).utf8) }
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
