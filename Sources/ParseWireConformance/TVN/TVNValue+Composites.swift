import ParseWire

extension TVNValue {
    static func object(_ node: JSONNode, path: String, cut: Bool = false) throws(TVNError) -> TVNObject {
        let fields = try closedObject(node, path: path, required: ["className", "fields"],
                                      optional: ["objectId", "createdAt", "updatedAt", "acl"])
        var object = TVNObject(className: try string(fields["className"]!, path: path + ".className"))
        if let node = fields["objectId"] { object.objectId = try string(node, path: path + ".objectId") }
        if let node = fields["createdAt"] { object.createdAt = try epochMs(node, path: path + ".createdAt") }
        if let node = fields["updatedAt"] { object.updatedAt = try epochMs(node, path: path + ".updatedAt") }
        if let node = fields["acl"] { object.acl = try grants(node, path: path + ".acl") }
        object.fields = TVNList(try memberList(fields["fields"]!, path: path + ".fields", cut: cut))
        return object
    }

    /// An ACL body: principal → `{"read":true}`, `{"write":true}` or both.
    static func grants(_ node: JSONNode, path: String) throws(TVNError) -> [TVNGrant] {
        guard let members = node.members else { throw TVNError(path: path, message: "must be an object of principal to grant") }
        var grants: [TVNGrant] = []
        for member in members {
            let here = path + "[" + JSONNode.quoted(member.key) + "]"
            let fields = try closedObject(member.value, path: here, required: [], optional: ["read", "write"])
            for (key, value) in fields where value != .bool(true) {
                throw TVNError(path: here + "." + key, message: "a TVN ACL lists granted permissions only: the value must be true")
            }
            guard !fields.isEmpty else { throw TVNError(path: here, message: "a principal without a grant is not listed") }
            grants.append(TVNGrant(principal: member.key, read: fields["read"] != nil, write: fields["write"] != nil))
        }
        return grants
    }

    static func operation(_ node: JSONNode, path: String, cut: Bool = false) throws(TVNError) -> TVNOperation {
        guard let members = node.members, members.count == 1, let member = members.first else {
            throw TVNError(path: path, message: "an operation is an object with exactly one key")
        }
        let here = path + "." + member.key
        // The key is open input: one that names no operation is refused with every known key.
        guard let name = OperationName(tvnKey: member.key) else {
            let known = OperationName.allCases.map(\.tvnKey).joined(separator: ", ")
            throw TVNError(path: path, message: "unknown operation \"\(member.key)\"; the operations are \(known)")
        }
        switch name {
        case .increment:
            return .increment(try numberText(member.value, path: here))
        case .add, .addUnique, .remove:
            guard case .array(let elements) = member.value else { throw TVNError(path: here, message: "must be an array of TVN nodes") }
            var values: [TVNValue] = []
            for (index, element) in elements.enumerated() { values.append(try parse(element, path: "\(here)[\(index)]", cut: cut)) }
            return name == .add ? .add(values) : name == .addUnique ? .addUnique(values) : .remove(values)
        case .addRelation, .removeRelation:
            guard case .array(let elements) = member.value else { throw TVNError(path: here, message: "must be an array of {className, objectId}") }
            var pointers: [TVNPointer] = []
            for (index, element) in elements.enumerated() { pointers.append(try pointer(element, path: "\(here)[\(index)]")) }
            return name == .addRelation ? .addRelation(pointers) : .removeRelation(pointers)
        case .delete:
            guard member.value == .bool(true) else { throw TVNError(path: here, message: "must be true") }
            return .delete
        case .batch:
            guard case .array(let elements) = member.value else { throw TVNError(path: here, message: "must be an array of operations") }
            var operations: [TVNOperation] = []
            for (index, element) in elements.enumerated() { operations.append(try operation(element, path: "\(here)[\(index)]", cut: cut)) }
            return .batch(operations)
        }
    }
}
