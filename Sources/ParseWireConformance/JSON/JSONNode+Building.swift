import ParseWire

extension JSONNode {
    /// An object from key–value pairs in order, leaving out the pairs whose value is `nil`.
    static func record(_ pairs: [(String, JSONNode?)]) -> JSONNode {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } })
    }

    /// An integer as a JSON number.
    static func integer(_ value: Int) -> JSONNode {
        .number(String(value))
    }

    /// The integer when this is a number written as a plain integer that fits `Int`.
    var integerValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// The elements when this is an array.
    var arrayValue: [JSONNode]? {
        if case .array(let elements) = self { return elements.elements }
        return nil
    }
}
