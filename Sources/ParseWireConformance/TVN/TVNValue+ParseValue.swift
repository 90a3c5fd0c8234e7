import ParseWire

extension TVNValue {
    /// The TVN form of a reference-model value. Numbers are written as JavaScript writes them
    /// (``ParseNumber/description``); GeoPoint coordinates as the shortest decimal of their `Double`.
    /// Converts values nested any depth without a stack frame per level.
    public init(_ value: ParseValue) {
        self = TreeConversion.convert(value, step: Self.step)
    }

    /// The reference-model value this TVN describes, converted without a stack frame per level.
    ///
    /// - Throws: ``ParseWireError`` when the model refuses the value — a latitude of 91, a date
    ///   outside years 0001–9999, an invalid class name. For an `encode-error` case such a
    ///   refusal counts as the encoder's rejection.
    public func parseValue() throws(ParseWireError) -> ParseValue {
        try TreeConversion.convert(self, step: Self.parseStep)
    }

    // MARK: - One level of each conversion

    /// One level of `ParseValue` → TVN: a container names its values and how to rebuild it.
    private static func step(_ value: ParseValue) -> TreeConversion.Step<ParseValue, TVNValue, Never> {
        switch value {
        case .null: return .leaf(.null)
        case .bool(let flag): return .leaf(.bool(flag))
        case .number(let number): return .leaf(.number(number.description))
        case .string(let string): return .leaf(.string(string))
        case .array(let values): return .composite(values.elements) { .array(TVNList($0)) }
        case .map(let map): return .composite(map.values) { .map(TVNList(members(map.keys, $0))) }
        case .date(let date): return .leaf(.date(epochMs: String(date.epochMilliseconds)))
        case .bytes(let bytes): return .leaf(.bytes(hex: Self.hex(bytes.bytes)))
        case .pointer(let pointer): return .leaf(.pointer(TVNPointer(className: pointer.className, objectId: pointer.objectId)))
        case .relation(let relation): return .leaf(.relation(className: relation.className))
        case .geoPoint(let point): return .leaf(.geoPoint(latitude: Self.text(point.latitude), longitude: Self.text(point.longitude)))
        case .file(let file): return .leaf(.file(name: file.name, url: file.url))
        case .polygon(let polygon):
            return .leaf(.polygon(polygon.points.map { TVNPoint(latitude: Self.text($0.latitude), longitude: Self.text($0.longitude)) }))
        case .object(let object):
            return .composite(object.fields.values) { values in
                .object(TVNObject(className: object.className, objectId: object.objectId,
                                  createdAt: object.createdAt.map { String($0.epochMilliseconds) },
                                  updatedAt: object.updatedAt.map { String($0.epochMilliseconds) },
                                  acl: object.acl.map(Self.grants), fields: members(object.fields.keys, values)))
            }
        case .acl(let acl): return .leaf(.acl(Self.grants(acl)))
        case .operation(let operation):
            switch operation {
            case .increment(let amount): return .leaf(.operation(.increment(amount.description)))
            case .add(let values): return .composite(values.elements) { .operation(.add(TVNList($0))) }
            case .addUnique(let values): return .composite(values.elements) { .operation(.addUnique(TVNList($0))) }
            case .remove(let values): return .composite(values.elements) { .operation(.remove(TVNList($0))) }
            case .addRelation(let list): return .leaf(.operation(.addRelation(tvnPointers(list))))
            case .removeRelation(let list): return .leaf(.operation(.removeRelation(tvnPointers(list))))
            case .delete: return .leaf(.operation(.delete))
            case .batch(let operations):
                return .composite(operations.map(ParseValue.operation)) { .operation(.batch(TVNList($0.map(\.operationInside)))) }
            }
        case .unknownType(let map): return .composite(map.values) { .unknownType(TVNList(members(map.keys, $0))) }
        }
    }

    /// One level of TVN → `ParseValue`. What a level refuses of itself (a date, an ACL, a repeated
    /// key) is checked before its values, as a reading in document order would find it.
    private static func parseStep(_ value: TVNValue) throws(ParseWireError) -> TreeConversion.Step<TVNValue, ParseValue, ParseWireError> {
        switch value {
        case .null: return .leaf(.null)
        case .bool(let flag): return .leaf(.bool(flag))
        case .number(let text): return .leaf(.number(try Self.number(text)))
        case .string(let string): return .leaf(.string(string))
        case .array(let values): return .composite(values.elements) { .array(ParseArray($0)) }
        case .map(let members):
            let keys = try distinctKeys(members)
            return .composite(members.map(\.value)) { .map(ParseMap(zip(keys, $0))) }
        case .date(let epochMs): return .leaf(.date(try Self.date(epochMs)))
        case .bytes(let hex): return .leaf(.bytes(ParseBytes(Self.bytes(hex))))
        case .pointer(let pointer): return .leaf(.pointer(try ParsePointer(className: pointer.className, objectId: pointer.objectId)))
        case .relation(let className): return .leaf(.relation(try ParseRelation(className: className)))
        case .geoPoint(let latitude, let longitude): return .leaf(.geoPoint(try Self.point(latitude, longitude)))
        case .file(let name, let url): return .leaf(.file(try ParseFile(name: name, url: url)))
        case .polygon(let points):
            var vertices: [GeoPoint] = []
            for point in points { vertices.append(try Self.point(point.latitude, point.longitude)) }
            return .leaf(.polygon(try ParsePolygon(points: vertices)))
        case .object(let object):
            let createdAt: ParseDate? = try object.createdAt.map { (text) throws(ParseWireError) in try Self.date(text) }
            let updatedAt: ParseDate? = try object.updatedAt.map { (text) throws(ParseWireError) in try Self.date(text) }
            let acl: ParseACL? = try object.acl.map { (grants) throws(ParseWireError) in try Self.acl(grants) }
            let keys = try distinctKeys(object.fields)
            return .composite(object.fields.map(\.value)) { (values) throws(ParseWireError) in
                .object(try ParseObjectValue(className: object.className, objectId: object.objectId, createdAt: createdAt,
                                             updatedAt: updatedAt, acl: acl, fields: ParseMap(zip(keys, values))))
            }
        case .acl(let grants): return .leaf(.acl(try Self.acl(grants)))
        case .operation(let operation):
            switch operation {
            case .increment(let amount): return .leaf(.operation(.increment(try Self.number(amount))))
            case .add(let list): return .composite(list.elements) { .operation(.add($0)) }
            case .addUnique(let list): return .composite(list.elements) { .operation(.addUnique($0)) }
            case .remove(let list): return .composite(list.elements) { .operation(.remove($0)) }
            case .addRelation(let list): return .leaf(.operation(.addRelation(try parsePointers(list))))
            case .removeRelation(let list): return .leaf(.operation(.removeRelation(try parsePointers(list))))
            case .delete: return .leaf(.operation(.delete))
            case .batch(let operations):
                return .composite(operations.map(TVNValue.operation)) { .operation(.batch($0.map(\.operationInside))) }
            }
        case .unknownType(let members):
            let keys = try distinctKeys(members)
            return .composite(members.map(\.value)) { .unknownType(ParseMap(zip(keys, $0))) }
        }
    }

    // MARK: - Parts

    /// Members of `keys` and their converted `values`, in order.
    static func members(_ keys: [String], _ values: [TVNValue]) -> [TVNMember] {
        zip(keys, values).map { TVNMember($0, $1) }
    }

    static func tvnPointers(_ list: [ParsePointer]) -> [TVNPointer] {
        list.map { TVNPointer(className: $0.className, objectId: $0.objectId) }
    }

    static func parsePointers(_ list: [TVNPointer]) throws(ParseWireError) -> [ParsePointer] {
        var result: [ParsePointer] = []
        for pointer in list { result.append(try ParsePointer(className: pointer.className, objectId: pointer.objectId)) }
        return result
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

    /// The keys of `members`, refused when one appears twice (a TVN map is a JSON object).
    static func distinctKeys(_ members: TVNList<TVNMember>) throws(ParseWireError) -> [String] {
        // Keys compare by their exact bytes, as ParseMap compares them.
        var seen = Set<[UInt8]>(minimumCapacity: members.count)
        var keys: [String] = []
        keys.reserveCapacity(members.count)
        for member in members {
            guard seen.insert(Array(member.key.utf8)).inserted else {
                throw ParseWireError(.duplicateKey, message: "the key \(JSONNode.quoted(member.key)) appears twice")
            }
            keys.append(member.key)
        }
        return keys
    }

    static func acl(_ grants: [TVNGrant]) throws(ParseWireError) -> ParseACL {
        try ParseACL(grants.map { ($0.principal, ParseACL.Grant(read: $0.read, write: $0.write)) })
    }
}

extension TVNOperation {
    /// The TVN form of a reference-model operation, converted without a stack frame per level.
    public init(_ operation: FieldOperation) {
        self = TVNValue(.operation(operation)).operationInside
    }

    /// The reference-model operation this TVN describes, converted without a stack frame per
    /// level. Operation rules (a Batch of relation operations only, …) are the encoder's to check,
    /// not this conversion's.
    /// - Throws: ``ParseWireError`` when an element is refused by the model.
    public func fieldOperation() throws(ParseWireError) -> FieldOperation {
        try TVNValue.operation(self).parseValue().operationInside
    }
}

extension TVNValue {
    /// The operation of an `.operation` value: what a conversion of an operation gives back.
    var operationInside: TVNOperation {
        guard case .operation(let operation) = self else { preconditionFailure("an operation converts to an operation") }
        return operation
    }
}

extension ParseValue {
    /// The operation of an `.operation` value: what a conversion of an operation gives back.
    var operationInside: FieldOperation {
        guard case .operation(let operation) = self else { preconditionFailure("an operation converts to an operation") }
        return operation
    }
}
