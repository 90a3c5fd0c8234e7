import ParseWire

extension TVNValue {
    /// The value as compact TVN JSON text.
    public var jsonText: String { node.compactText }

    /// The value as a JSON tree in TVN form.
    package var node: JSONNode {
        switch self {
        case .null: return Self.single("null", .bool(true))
        case .bool(let value): return Self.single("bool", .bool(value))
        case .number(let text): return Self.single("number", .string(text))
        case .string(let value): return Self.single("string", .string(value))
        case .array(let values): return Self.single("array", .array(values.map(\.node)))
        case .map(let members): return Self.single("map", Self.node(members))
        case .date(let epochMs): return Self.single("date", Self.epochMsNode(epochMs))
        case .bytes(let hex): return Self.single("bytes", .object([JSONMember(key: "hex", value: .string(hex))]))
        case .pointer(let pointer): return Self.single("pointer", Self.node(pointer))
        case .relation(let className): return Self.single("relation", .object([JSONMember(key: "className", value: .string(className))]))
        case .geoPoint(let latitude, let longitude):
            return Self.single("geopoint", .object([JSONMember(key: "latitude", value: .string(latitude)),
                                                    JSONMember(key: "longitude", value: .string(longitude))]))
        case .file(let name, let url):
            var members = [JSONMember(key: "name", value: .string(name))]
            if let url { members.append(JSONMember(key: "url", value: .string(url))) }
            return Self.single("file", .object(members))
        case .polygon(let points):
            return Self.single("polygon", .array(points.map { .array([.string($0.latitude), .string($0.longitude)]) }))
        case .object(let object): return Self.single("object", Self.node(object))
        case .acl(let grants): return Self.single("acl", Self.node(grants))
        case .operation(let operation): return Self.single("op", operation.node)
        case .unknownType(let members): return Self.single("unknownType", Self.node(members))
        }
    }

    static func single(_ key: String, _ value: JSONNode) -> JSONNode {
        .object([JSONMember(key: key, value: value)])
    }

    static func node(_ members: [TVNMember]) -> JSONNode {
        .object(members.map { JSONMember(key: $0.key, value: $0.value.node) })
    }

    static func node(_ pointer: TVNPointer) -> JSONNode {
        .object([JSONMember(key: "className", value: .string(pointer.className)),
                 JSONMember(key: "objectId", value: .string(pointer.objectId))])
    }

    static func epochMsNode(_ epochMs: String) -> JSONNode {
        .object([JSONMember(key: "epochMs", value: .string(epochMs))])
    }

    static func node(_ grants: [TVNGrant]) -> JSONNode {
        .object(grants.map { grant in
            var permissions: [JSONMember] = []
            if grant.read { permissions.append(JSONMember(key: "read", value: .bool(true))) }
            if grant.write { permissions.append(JSONMember(key: "write", value: .bool(true))) }
            return JSONMember(key: grant.principal, value: .object(permissions))
        })
    }

    static func node(_ object: TVNObject) -> JSONNode {
        var members = [JSONMember(key: "className", value: .string(object.className))]
        if let objectId = object.objectId { members.append(JSONMember(key: "objectId", value: .string(objectId))) }
        if let createdAt = object.createdAt { members.append(JSONMember(key: "createdAt", value: epochMsNode(createdAt))) }
        if let updatedAt = object.updatedAt { members.append(JSONMember(key: "updatedAt", value: epochMsNode(updatedAt))) }
        if let acl = object.acl { members.append(JSONMember(key: "acl", value: node(acl))) }
        members.append(JSONMember(key: "fields", value: node(object.fields)))
        return .object(members)
    }
}

extension TVNOperation {
    /// The operation's body in TVN form (the value of an `op` node).
    package var node: JSONNode {
        switch self {
        case .increment(let amount): return TVNValue.single("increment", .string(amount))
        case .add(let values): return TVNValue.single("add", .array(values.map(\.node)))
        case .addUnique(let values): return TVNValue.single("addUnique", .array(values.map(\.node)))
        case .remove(let values): return TVNValue.single("remove", .array(values.map(\.node)))
        case .addRelation(let pointers): return TVNValue.single("addRelation", .array(pointers.map(TVNValue.node)))
        case .removeRelation(let pointers): return TVNValue.single("removeRelation", .array(pointers.map(TVNValue.node)))
        case .delete: return TVNValue.single("delete", .bool(true))
        case .batch(let operations): return TVNValue.single("batch", .array(operations.map(\.node)))
        }
    }
}
