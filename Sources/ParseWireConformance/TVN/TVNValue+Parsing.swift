import ParseWire

/// A TVN document that is not well formed, with the path of the offending node.
public struct TVNError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the TVN document, such as `array[2].map["name"]`.
    public let path: String
    /// What is wrong.
    public let message: String

    public var description: String { "\(path): \(message)" }
}

extension TVNValue {
    /// Parses TVN text.
    /// - Throws: ``TVNError`` when the text is not strict JSON or not well-formed TVN.
    public static func parse(_ text: String) throws(TVNError) -> TVNValue {
        let node: JSONNode
        do {
            node = try JSONNode.parse(text)
        } catch {
            throw TVNError(path: "value", message: "not strict JSON: \(error)")
        }
        return try parse(node, path: "value")
    }

    /// Parses a TVN node.
    ///
    /// With `cut`, the node comes from an answer too deep to keep whole (``AnswerJSON/treeDepth``):
    /// the reader put JSON `null` where it dropped a container, so a `null` in the place of a node or
    /// of a node's body reads as `null` rather than failing. Everything kept is checked as strictly
    /// as ever, so plain JSON nesting is still refused as not TVN.
    package static func parse(_ node: JSONNode, path: String, cut: Bool = false) throws(TVNError) -> TVNValue {
        if cut, case .null = node { return .null }
        guard let members = node.members, members.count == 1, let member = members.first else {
            throw TVNError(path: path, message: "a TVN node is an object with exactly one key, not \(node.typeName)\(node.members.map { " with \($0.count) keys" } ?? "")")
        }
        let body = member.value
        if cut, case .null = body { return .null }
        let here = path + "." + member.key
        // The key is open input: one outside the closed set is refused.
        guard let tag = TVNTag(rawValue: member.key) else {
            throw TVNError(path: path, message: "unknown TVN node type \"\(member.key)\"")
        }
        switch tag {
        case .null:
            guard body == .bool(true) else { throw TVNError(path: here, message: "must be true") }
            return .null
        case .bool:
            guard case .bool(let value) = body else { throw TVNError(path: here, message: "must be true or false") }
            return .bool(value)
        case .number:
            return .number(try numberText(body, path: here))
        case .string:
            return .string(try string(body, path: here))
        case .array:
            guard case .array(let elements) = body else { throw TVNError(path: here, message: "must be an array of TVN nodes") }
            var values: [TVNValue] = []
            for (index, element) in elements.enumerated() {
                // Children are parsed with an empty path, which is put in front only for an error:
                // building every child's path measured a third of the parse.
                do {
                    values.append(try parse(element, path: "", cut: cut))
                } catch {
                    throw TVNError(path: "\(here)[\(index)]" + error.path, message: error.message)
                }
            }
            return .array(values)
        case .map:
            return .map(try memberList(body, path: here, cut: cut))
        case .date:
            return .date(epochMs: try epochMs(body, path: here))
        case .bytes:
            let fields = try closedObject(body, path: here, required: ["hex"])
            let hex = try string(fields["hex"]!, path: here + ".hex")
            guard hex.utf8.count.isMultiple(of: 2), hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw TVNError(path: here + ".hex", message: "must be lowercase hexadecimal, two digits per byte")
            }
            return .bytes(hex: hex)
        case .pointer:
            return .pointer(try pointer(body, path: here))
        case .relation:
            let fields = try closedObject(body, path: here, required: ["className"])
            return .relation(className: try string(fields["className"]!, path: here + ".className"))
        case .geoPoint:
            let fields = try closedObject(body, path: here, required: ["latitude", "longitude"])
            return .geoPoint(latitude: try numberText(fields["latitude"]!, path: here + ".latitude"),
                             longitude: try numberText(fields["longitude"]!, path: here + ".longitude"))
        case .file:
            let fields = try closedObject(body, path: here, required: ["name"], optional: ["url"])
            return .file(name: try string(fields["name"]!, path: here + ".name"),
                         url: try fields["url"].map { (node) throws(TVNError) in try string(node, path: here + ".url") })
        case .polygon:
            guard case .array(let elements) = body else { throw TVNError(path: here, message: "must be an array of [latitude, longitude] pairs") }
            var points: [TVNPoint] = []
            for (index, element) in elements.enumerated() {
                guard case .array(let pair) = element, pair.count == 2 else {
                    throw TVNError(path: "\(here)[\(index)]", message: "a vertex is [\"latitude\", \"longitude\"]")
                }
                points.append(TVNPoint(latitude: try numberText(pair[0], path: "\(here)[\(index)][0]"),
                                       longitude: try numberText(pair[1], path: "\(here)[\(index)][1]")))
            }
            return .polygon(points)
        case .object:
            return .object(try object(body, path: here, cut: cut))
        case .acl:
            return .acl(try grants(body, path: here))
        case .operation:
            return .operation(try operation(body, path: here, cut: cut))
        case .unknownType:
            let fields = try memberList(body, path: here, cut: cut)
            guard let type = fields.first(where: { $0.key == "__type" }), case .string = type.value else {
                throw TVNError(path: here, message: "an unknown typed value keeps its \"__type\" member, a {\"string\":…} node")
            }
            return .unknownType(fields)
        }
    }

    // MARK: - Parts

    static func string(_ node: JSONNode, path: String) throws(TVNError) -> String {
        guard case .string(let value) = node else { throw TVNError(path: path, message: "must be a string, not \(node.typeName)") }
        return value
    }

    /// JSON number text inside a string, so that no JSON parser rounds it.
    static func numberText(_ node: JSONNode, path: String) throws(TVNError) -> String {
        let text = try string(node, path: path)
        guard ParseNumber(text) != nil else {
            throw TVNError(path: path, message: "\"\(text)\" is not JSON number text (RFC 8259 §6) with an exponent within ±999999999")
        }
        return text
    }

    static func epochMs(_ node: JSONNode, path: String) throws(TVNError) -> String {
        let fields = try closedObject(node, path: path, required: ["epochMs"])
        let text = try string(fields["epochMs"]!, path: path + ".epochMs")
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), digits == "0" || !digits.hasPrefix("0"), text != "-0" else {
            throw TVNError(path: path + ".epochMs", message: "\"\(text)\" is not an integer without leading zeros")
        }
        return text
    }

    static func pointer(_ node: JSONNode, path: String) throws(TVNError) -> TVNPointer {
        let fields = try closedObject(node, path: path, required: ["className", "objectId"])
        return TVNPointer(className: try string(fields["className"]!, path: path + ".className"),
                          objectId: try string(fields["objectId"]!, path: path + ".objectId"))
    }

    static func memberList(_ node: JSONNode, path: String, cut: Bool = false) throws(TVNError) -> [TVNMember] {
        guard let members = node.members else { throw TVNError(path: path, message: "must be an object of TVN nodes") }
        var list: [TVNMember] = []
        for member in members {
            do {
                list.append(TVNMember(member.key, try parse(member.value, path: "", cut: cut)))
            } catch {
                throw TVNError(path: path + "[" + JSONNode.quoted(member.key) + "]" + error.path, message: error.message)
            }
        }
        return list
    }

    /// The members of an object that may hold only the given keys.
    static func closedObject(_ node: JSONNode, path: String, required: [String], optional: [String] = []) throws(TVNError) -> [String: JSONNode] {
        guard let members = node.members else { throw TVNError(path: path, message: "must be an object, not \(node.typeName)") }
        var fields: [String: JSONNode] = [:]
        for member in members {
            guard required.contains(member.key) || optional.contains(member.key) else {
                throw TVNError(path: path, message: "unknown key \"\(member.key)\"; the keys are \((required + optional).joined(separator: ", "))")
            }
            fields[member.key] = member.value
        }
        for key in required where fields[key] == nil {
            throw TVNError(path: path, message: "missing key \"\(key)\"")
        }
        return fields
    }
}
