import ParseWire

extension JSONNode {
    /// The node as compact JSON text: no whitespace, members in order, numbers as written.
    var compactText: String {
        var text = ""
        appendCompact(to: &text, separator: ",", colon: ":")
        return text
    }

    /// Appends compact text; the separators let the formatter reuse this for its one-line form.
    /// Written with a work list, at any depth.
    func appendCompact(to text: inout String, separator: String, colon: String) {
        writeCompact(to: &text, separator: separator, colon: colon)
    }

    /// The value of the member named `key`, when this is an object that has one.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members when this is an object.
    var members: [JSONMember]? {
        if case .object(let members) = self { return members.elements }
        return nil
    }

    /// The string when this is a string.
    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// A word for the JSON type, for messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
