import ParseWire

extension TVNValue {
    /// The TVN form of a reference-model value. Numbers are written as JavaScript writes them
    /// (``ParseNumber/description``); GeoPoint coordinates as the shortest decimal of their `Double`.
    public init(_ value: ParseValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number.description)
        case .string(let string): self = .string(string)
        case .array(let values): self = .array(values.map(TVNValue.init))
        case .map(let map): self = .map(Self.members(map))
        case .date(let date): self = .date(epochMs: String(date.epochMilliseconds))
        case .bytes(let bytes): self = .bytes(hex: Self.hex(bytes.bytes))
        case .pointer(let pointer): self = .pointer(TVNPointer(className: pointer.className, objectId: pointer.objectId))
        case .relation(let relation): self = .relation(className: relation.className)
        case .geoPoint(let point): self = .geoPoint(latitude: Self.text(point.latitude), longitude: Self.text(point.longitude))
        case .file(let file): self = .file(name: file.name, url: file.url)
        case .polygon(let polygon):
            self = .polygon(polygon.points.map { TVNPoint(latitude: Self.text($0.latitude), longitude: Self.text($0.longitude)) })
        case .object(let object):
            self = .object(TVNObject(className: object.className, objectId: object.objectId,
                                     createdAt: object.createdAt.map { String($0.epochMilliseconds) },
                                     updatedAt: object.updatedAt.map { String($0.epochMilliseconds) },
                                     acl: object.acl.map(Self.grants), fields: Self.members(object.fields)))
        case .acl(let acl): self = .acl(Self.grants(acl))
        case .operation(let operation): self = .operation(TVNOperation(operation))
        case .unknownType(let map): self = .unknownType(Self.members(map))
        }
    }

    /// The reference-model value this TVN describes.
    ///
    /// - Throws: ``ParseWireError`` when the model refuses the value — a latitude of 91, a date
    ///   outside years 0001–9999, an invalid class name. For an `encode-error` case such a
    ///   refusal counts as the encoder's rejection.
    public func parseValue() throws(ParseWireError) -> ParseValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(try Self.number(text))
        case .string(let string): return .string(string)
        case .array(let values):
            var elements: [ParseValue] = []
            for value in values { elements.append(try value.parseValue()) }
            return .array(elements)
        case .map(let members): return .map(try Self.map(members))
        case .date(let epochMs): return .date(try Self.date(epochMs))
        case .bytes(let hex): return .bytes(ParseBytes(Self.bytes(hex)))
        case .pointer(let pointer): return .pointer(try ParsePointer(className: pointer.className, objectId: pointer.objectId))
        case .relation(let className): return .relation(try ParseRelation(className: className))
        case .geoPoint(let latitude, let longitude): return .geoPoint(try Self.point(latitude, longitude))
        case .file(let name, let url): return .file(try ParseFile(name: name, url: url))
        case .polygon(let points):
            var vertices: [GeoPoint] = []
            for point in points { vertices.append(try Self.point(point.latitude, point.longitude)) }
            return .polygon(try ParsePolygon(points: vertices))
        case .object(let object):
            return .object(try ParseObjectValue(className: object.className, objectId: object.objectId,
                                                createdAt: try object.createdAt.map { (text) throws(ParseWireError) in try Self.date(text) },
                                                updatedAt: try object.updatedAt.map { (text) throws(ParseWireError) in try Self.date(text) },
                                                acl: try object.acl.map { (grants) throws(ParseWireError) in try Self.acl(grants) },
                                                fields: try Self.map(object.fields)))
        case .acl(let grants): return .acl(try Self.acl(grants))
        case .operation(let operation): return .operation(try operation.fieldOperation())
        case .unknownType(let members): return .unknownType(try Self.map(members))
        }
    }

    // MARK: - Parts

    static func members(_ map: ParseMap) -> [TVNMember] {
        map.map { TVNMember($0.key, TVNValue($0.value)) }
    }

    static func grants(_ acl: ParseACL) -> [TVNGrant] {
        acl.entries.map { TVNGrant(principal: $0.principal, read: $0.grant.read, write: $0.grant.write) }
    }

    static func text(_ coordinate: Double) -> String {
        ParseNumber(coordinate).map(\.description) ?? String(coordinate)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of well-formed TVN hex (lowercase, even length).
    static func bytes(_ hex: String) -> [UInt8] {
        func nibble(_ digit: UInt8) -> UInt8 { digit <= 0x39 ? digit - 0x30 : digit - 0x61 + 10 }
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { nibble(digits[$0]) << 4 | nibble(digits[$0 + 1]) }
    }

    static func number(_ text: String) throws(ParseWireError) -> ParseNumber {
        guard let number = ParseNumber(text) else {
            throw ParseWireError(.unrepresentable, message: "\(text) is not JSON number text with an exponent within ±999999999")
        }
        return number
    }

    static func date(_ epochMs: String) throws(ParseWireError) -> ParseDate {
        guard let milliseconds = Int64(epochMs) else {
            throw ParseWireError(.invalidDate, message: "epoch milliseconds \(epochMs) is far outside years 0001–9999")
        }
        return try ParseDate(epochMilliseconds: milliseconds)
    }

    static func point(_ latitude: String, _ longitude: String) throws(ParseWireError) -> GeoPoint {
        guard let lat = try number(latitude).doubleValue, let lng = try number(longitude).doubleValue else {
            throw ParseWireError(.outOfRange, message: "a coordinate of (\(latitude), \(longitude)) is beyond any Double")
        }
        return try GeoPoint(latitude: lat, longitude: lng)
    }

    static func map(_ members: TVNList<TVNMember>) throws(ParseWireError) -> ParseMap {
        var map = ParseMap()
        for member in members {
            guard map.position(of: member.key) == nil else {
                throw ParseWireError(.duplicateKey, message: "the key \(JSONNode.quoted(member.key)) appears twice")
            }
            map[member.key] = try member.value.parseValue()
        }
        return map
    }

    static func acl(_ grants: [TVNGrant]) throws(ParseWireError) -> ParseACL {
        try ParseACL(grants.map { ($0.principal, ParseACL.Grant(read: $0.read, write: $0.write)) })
    }
}

extension TVNOperation {
    /// The TVN form of a reference-model operation.
    public init(_ operation: FieldOperation) {
        func pointers(_ list: [ParsePointer]) -> [TVNPointer] { list.map { TVNPointer(className: $0.className, objectId: $0.objectId) } }
        switch operation {
        case .increment(let amount): self = .increment(amount.description)
        case .add(let values): self = .add(values.map(TVNValue.init))
        case .addUnique(let values): self = .addUnique(values.map(TVNValue.init))
        case .remove(let values): self = .remove(values.map(TVNValue.init))
        case .addRelation(let list): self = .addRelation(pointers(list))
        case .removeRelation(let list): self = .removeRelation(pointers(list))
        case .delete: self = .delete
        case .batch(let operations): self = .batch(operations.map(TVNOperation.init))
        }
    }

    /// The reference-model operation this TVN describes. Operation rules (a Batch of relation
    /// operations only, …) are the encoder's to check, not this conversion's.
    /// - Throws: ``ParseWireError`` when an element is refused by the model.
    public func fieldOperation() throws(ParseWireError) -> FieldOperation {
        func values(_ list: TVNList<TVNValue>) throws(ParseWireError) -> [ParseValue] {
            var result: [ParseValue] = []
            for value in list { result.append(try value.parseValue()) }
            return result
        }
        func pointers(_ list: [TVNPointer]) throws(ParseWireError) -> [ParsePointer] {
            var result: [ParsePointer] = []
            for pointer in list { result.append(try ParsePointer(className: pointer.className, objectId: pointer.objectId)) }
            return result
        }
        switch self {
        case .increment(let amount): return .increment(try TVNValue.number(amount))
        case .add(let list): return .add(try values(list))
        case .addUnique(let list): return .addUnique(try values(list))
        case .remove(let list): return .remove(try values(list))
        case .addRelation(let list): return .addRelation(try pointers(list))
        case .removeRelation(let list): return .removeRelation(try pointers(list))
        case .delete: return .delete
        case .batch(let operations):
            var result: [FieldOperation] = []
            for operation in operations { result.append(try operation.fieldOperation()) }
            return .batch(result)
        }
    }
}
