/// Any value the Parse wire format can carry, without loss.
///
/// Plain JSON values (`null`, booleans, exact numbers, strings, arrays, ordered maps) and every
/// Parse typed value. Typed values are held by types that validate on construction, so a
/// `ParseValue` never holds, say, a latitude of 91. Rules that depend on where a value sits (field
/// names, nested keys, where an operation may appear) are checked by the wire codec.
///
/// Equality is data equality: maps compare as unordered, strings and keys compare by their exact
/// Unicode scalars (a precomposed and a decomposed "é" differ, as they do on the wire), numbers
/// by exact decimal value.
public enum ParseValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(ParseNumber)
    case string(String)
    /// An array; build one from a `[ParseValue]` with ``array(_:)-swift.type.method`` or a literal.
    case array(ParseArray)
    case map(ParseMap)
    /// `{"__type":"Date","iso":"…"}`
    case date(ParseDate)
    /// `{"__type":"Bytes","base64":"…"}`
    case bytes(ParseBytes)
    /// `{"__type":"Pointer","className":"…","objectId":"…"}`
    case pointer(ParsePointer)
    /// `{"__type":"Relation","className":"…"}`
    case relation(ParseRelation)
    /// `{"__type":"GeoPoint","latitude":…,"longitude":…}`
    case geoPoint(GeoPoint)
    /// `{"__type":"File","name":"…","url":"…"}`
    case file(ParseFile)
    /// `{"__type":"Polygon","coordinates":[[lat,lng],…]}`
    case polygon(ParsePolygon)
    /// A Parse object: embedded (`"__type":"Object"`) inside a value, or the fetched REST form at the
    /// top of a document decoded in the object context.
    ///
    /// Boxed (`indirect`): an object's six fields would otherwise make every `ParseValue` 80 bytes,
    /// the size of each slot of every array and map; boxed, a slot is 40.
    indirect case object(ParseObjectValue)
    /// An ACL: the value of the `ACL` key of an object or a save body.
    case acl(ParseACL)
    /// A field operation (`__op`): a top-level value of an update body.
    case operation(FieldOperation)
    /// A typed value whose `__type` the codec does not know, kept whole (including `__type`) when
    /// ``ParseValueDecodingOptions/preservesUnknownTypes`` is on.
    case unknownType(ParseMap)

    /// Data equality; values nested any depth compare with a work list, not one stack frame per level.
    public static func == (lhs: ParseValue, rhs: ParseValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a.utf8.elementsEqual(b.utf8)
        case (.array, .array), (.map, .map), (.object, .object), (.operation, .operation), (.unknownType, .unknownType):
            return deepEqual(lhs, rhs)
        case let (.date(a), .date(b)): return a == b
        case let (.bytes(a), .bytes(b)): return a == b
        case let (.pointer(a), .pointer(b)): return a == b
        case let (.relation(a), .relation(b)): return a == b
        case let (.geoPoint(a), .geoPoint(b)): return a == b
        case let (.file(a), .file(b)): return a == b
        case let (.polygon(a), .polygon(b)): return a == b
        case let (.acl(a), .acl(b)): return a == b
        default: return false
        }
    }

    /// Hashes the value and, of a container, the first level of what it holds, so hashing stays
    /// shallow at any depth.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let value): hasher.combine(2); hasher.combine(value)
        case .string(let value): hasher.combine(3); ExactString.hashUTF8(value, into: &hasher)
        case .array(let value):
            hasher.combine(4)
            hasher.combine(value.count)
            for element in value { element.hashHead(into: &hasher) }
        case .map(let value): hasher.combine(5); hasher.combine(value)
        case .date(let value): hasher.combine(6); hasher.combine(value)
        case .bytes(let value): hasher.combine(7); hasher.combine(value)
        case .pointer(let value): hasher.combine(8); hasher.combine(value)
        case .relation(let value): hasher.combine(9); hasher.combine(value)
        case .geoPoint(let value): hasher.combine(10); hasher.combine(value)
        case .file(let value): hasher.combine(11); hasher.combine(value)
        case .polygon(let value): hasher.combine(12); hasher.combine(value)
        case .object(let value): hasher.combine(13); hasher.combine(value)
        case .acl(let value): hasher.combine(14); hasher.combine(value)
        case .operation(let value):
            hasher.combine(15)
            hasher.combine(value.name)
            switch value {
            case .add(let values), .addUnique(let values), .remove(let values):
                hasher.combine(values.count)
                for element in values { element.hashHead(into: &hasher) }
            case .batch(let operations): hasher.combine(operations.map(\.name))
            case .increment, .addRelation, .removeRelation, .delete: hasher.combine(value)
            }
        case .unknownType(let value): hasher.combine(16); hasher.combine(value)
        }
    }
}

extension ParseValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .number(ParseNumber(value)) }
    /// A float literal; the literal must be finite.
    public init(floatLiteral value: Double) { self = .number(ParseNumber(value)!) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: ParseValue...) { self = .array(ParseArray(elements)) }
    /// A map literal; its keys must be distinct.
    public init(dictionaryLiteral elements: (String, ParseValue)...) {
        self = .map(ParseMap(elements))
    }
}

/// A string compared and hashed by its exact UTF-8 bytes rather than by Unicode canonical
/// equivalence, as JSON keys are.
struct ExactString: Hashable {
    let value: String

    static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.value.utf8.elementsEqual(rhs.value.utf8) }

    func hash(into hasher: inout Hasher) { Self.hashUTF8(value, into: &hasher) }

    static func hashUTF8(_ string: String, into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(string.utf8.count)
    }
}
