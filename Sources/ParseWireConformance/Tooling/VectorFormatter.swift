import ParseWire

/// The one canonical formatting of a vector file (`parse-wire vectors fmt`).
///
/// Rules: two-space indentation; the file object, its `cases` array, each case and the `flags`
/// object are always one member per line; any other array or object is written on one line
/// (`{"a": 1, "b": [2, 3]}`) when that line fits in ``lineWidth`` columns, otherwise one member
/// per line by the same rule. Known keys are put in the order of the file format (`id`,
/// `description`, `kind`, …); keys inside wire values and TVN keep their order. Strings are
/// written with minimal escaping, numbers exactly as spelled. The file ends with a newline.
package enum VectorFormatter {
    /// The widest line the formatter joins a container onto.
    package static let lineWidth = 120

    /// Formats vector file text.
    /// - Throws: ``ParseWireError`` when the text is not strict JSON.
    package static func format(_ bytes: [UInt8]) throws(ParseWireError) -> String {
        format(try JSONNode.parse(bytes))
    }

    /// Formats a parsed vector file.
    package static func format(_ root: JSONNode) -> String {
        var text = ""
        write(ordered(root, VectorFileReader.fileKeys), role: .file, indent: 0, prefix: 0, to: &text)
        return text + "\n"
    }

    /// Where a node sits, which decides its key order and whether it is always expanded.
    enum Role {
        case file, cases, vector, flags, alternates, alternate, outcomes, outcome, flag, other
    }

    static func childRole(of role: Role, key: String?) -> Role {
        switch (role, key) {
        case (.file, "cases"): return .cases
        case (.file, "flags"): return .flags
        case (.cases, nil): return .vector
        case (.vector, "alternates"), (.vector, "equivalents"): return .alternates
        case (.vector, "ifAccepted"): return .outcomes
        case (.alternates, nil): return .alternate
        case (.outcomes, nil): return .outcome
        case (.flags, _): return .flag
        default: return .other
        }
    }

    static func keyOrder(_ role: Role) -> [String]? {
        switch role {
        case .file: VectorFileReader.fileKeys
        case .vector: VectorFileReader.caseKeys
        case .alternate: VectorFileReader.alternateKeys
        case .outcome: VectorFileReader.acceptedKeys
        case .flag: VectorFileReader.flagKeys
        default: nil
        }
    }

    /// The node with its known keys in format order, unknown keys after them in their order.
    static func ordered(_ node: JSONNode, _ order: [String]) -> JSONNode {
        guard case .object(let members) = node else { return node }
        let known = order.compactMap { key in members.first { $0.key == key } }
        let unknown = members.filter { !order.contains($0.key) }
        return .object(known + unknown)
    }

    static func write(_ node: JSONNode, role: Role, indent: Int, prefix: Int, to text: inout String) {
        let alwaysExpanded = [.file, .cases, .vector, .flags].contains(role)
        if !alwaysExpanded {
            var line = ""
            node.appendCompact(to: &line, separator: ", ", colon: ": ")
            if prefix + line.count <= lineWidth || !isContainer(node) {
                text += line
                return
            }
        }
        let pad = String(repeating: " ", count: indent + 2)
        switch node {
        case .array(let elements) where !elements.isEmpty:
            text += "[\n"
            for (index, element) in elements.enumerated() {
                let elementRole = childRole(of: role, key: nil)
                text += pad
                write(keyOrder(elementRole).map { ordered(element, $0) } ?? element,
                      role: elementRole, indent: indent + 2, prefix: indent + 2, to: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                let memberRole = childRole(of: role, key: member.key)
                let key = JSONNode.quoted(member.key) + ": "
                text += pad + key
                write(keyOrder(memberRole).map { ordered(member.value, $0) } ?? member.value,
                      role: memberRole, indent: indent + 2, prefix: indent + 2 + key.count, to: &text)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        default:
            node.appendCompact(to: &text, separator: ", ", colon: ": ")
        }
    }

    static func isContainer(_ node: JSONNode) -> Bool {
        switch node {
        case .array(let elements): !elements.isEmpty
        case .object(let members): !members.isEmpty
        default: false
        }
    }
}
