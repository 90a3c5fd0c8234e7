import ParseWire

extension JSONNode {
    /// The node as compact JSON text: no whitespace, members in order, numbers as written.
    var compactText: String {
        var text = ""
        appendCompact(to: &text, separator: ",", colon: ":")
        return text
    }

    /// Appends compact text; the separators let the formatter reuse this for its one-line form.
    func appendCompact(to text: inout String, separator: String, colon: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): text += JSONNode.quoted(string)
        case .array(let elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += separator }
                element.appendCompact(to: &text, separator: separator, colon: colon)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { text += separator }
                text += JSONNode.quoted(member.key) + colon
                member.value.appendCompact(to: &text, separator: separator, colon: colon)
            }
            text += "}"
        }
    }

    /// The value of the member named `key`, when this is an object that has one.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members when this is an object.
    var members: [JSONMember]? {
        if case .object(let members) = self { return members }
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
