/// The keyed form of `Pointer` and `Relation` for coders other than ParseWire's — `JSONEncoder`
/// caching models to disk, a property-list coder — with the same keys as the wire form, so an app
/// can use one model with both. Only ParseWire's coders check the wire rules on the way.
enum ForeignCoding {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The key `"__type"`.
    static let typeKey = Key(String(describing: WireTypeName.key))

    /// Writes `{"__type": type, member: value, …}`.
    static func encode(type: WireTypeName, _ members: KeyValuePairs<String, String>, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type.rawValue, forKey: typeKey)
        for (key, value) in members { try container.encode(value, forKey: Key(key)) }
    }

    /// Reads `{"__type": type, …}` and the string members `keys`, in order.
    /// - Throws: `DecodingError` when `__type` is not `type` or a member is missing.
    static func decode(type: WireTypeName, keys: [String], from decoder: any Decoder) throws -> [String] {
        try decode(type: [type], keys: keys, from: decoder).values
    }

    /// Reads `{"__type": one of types, …}` and the string members `keys`, in order.
    /// - Returns: The `__type` found and the members.
    /// - Throws: `DecodingError` when `__type` is none of `types` or a member is missing.
    static func decode(type types: [WireTypeName], keys: [String], from decoder: any Decoder) throws -> (type: WireTypeName, values: [String]) {
        let container = try decoder.container(keyedBy: Key.self)
        let name = try container.decode(String.self, forKey: typeKey)
        guard let found = WireTypeName(rawValue: name), types.contains(found) else {
            let expected = types.map { "a \($0.rawValue)" }.joined(separator: " or ")
            throw DecodingError.dataCorruptedError(forKey: typeKey, in: container, debugDescription: "expected \(expected), found \(name)")
        }
        return (found, try keys.map { try container.decode(String.self, forKey: Key($0)) })
    }

    /// The error for a class that is not the one a typed Pointer or Relation expects.
    static func wrongClass(_ found: String, expected: String, _ decoder: any Decoder) -> DecodingError {
        .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected class \(expected), found \(found)"))
    }
}
