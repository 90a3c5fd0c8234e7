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

    /// Writes `{"__type": type, member: value, …}`.
    static func encode(type: String, _ members: KeyValuePairs<String, String>, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type, forKey: Key("__type"))
        for (key, value) in members { try container.encode(value, forKey: Key(key)) }
    }

    /// Reads `{"__type": type, …}` and the string members `keys`, in order.
    /// - Throws: `DecodingError` when `__type` is not `type` or a member is missing.
    static func decode(type: String, keys: [String], from decoder: any Decoder) throws -> [String] {
        try decode(type: [type], keys: keys, from: decoder).values
    }

    /// Reads `{"__type": one of types, …}` and the string members `keys`, in order.
    /// - Returns: The `__type` found and the members.
    /// - Throws: `DecodingError` when `__type` is none of `types` or a member is missing.
    static func decode(type types: [String], keys: [String], from decoder: any Decoder) throws -> (type: String, values: [String]) {
        let container = try decoder.container(keyedBy: Key.self)
        let found = try container.decode(String.self, forKey: Key("__type"))
        guard types.contains(found) else {
            let expected = types.map { "a \($0)" }.joined(separator: " or ")
            throw DecodingError.dataCorruptedError(forKey: Key("__type"), in: container, debugDescription: "expected \(expected), found \(found)")
        }
        return (found, try keys.map { try container.decode(String.self, forKey: Key($0)) })
    }

    /// The error for a class that is not the one a typed Pointer or Relation expects.
    static func wrongClass(_ found: String, expected: String, _ decoder: any Decoder) -> DecodingError {
        .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected class \(expected), found \(found)"))
    }
}
