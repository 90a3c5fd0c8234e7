import ParseWire

/// Schema files are plain JSON: read without the wire rules (a schema's keys are not field values).
extension JSONNode {
    /// An object's members in order, or `nil` for another value.
    var members: [(key: String, value: JSONNode)]? {
        guard case .object(let members) = self else { return nil }
        return members.map { ($0.key, $0.value) }
    }

    /// An object's member named `key`.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    var arrayValue: [JSONNode]? {
        if case .array(let elements) = self { elements.elements } else { nil }
    }

    /// A number written as an integer that fits an `Int64`.
    var integerValue: Int64? {
        if case .number(let text) = self { Int64(text) } else { nil }
    }
}
