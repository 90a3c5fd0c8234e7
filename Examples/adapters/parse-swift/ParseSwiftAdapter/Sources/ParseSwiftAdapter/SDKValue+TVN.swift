import Foundation
import ParseSwift
import ParseWireConformance

/// The SDK accepted the input, but what it holds cannot be written in TVN.
struct Unrepresentable: Error { let reason: String }

/// The check needs something the SDK has no API for; the adapter answers `skipped`.
struct NotExpressible: Error { let reason: String }

// MARK: - Reading what the SDK decoded (decode checks)

extension SDKValue {
    /// The value the SDK holds, in TVN.
    func tvn() throws -> TVNValue {
        switch self {
        case .null: return .null
        case .bool(let v): return .bool(v)
        case .int(let v): return .number(String(v))
        case .double(let v): return .number(try Self.numberText(v))
        case .string(let v): return .string(v)
        case .array(let v): return .array(try v.map { try $0.tvn() })
        case .map(let v): return .map(try Self.members(v))
        case .unknownType(let v): return .unknownType(try Self.members(v))
        case .date(let v): return .date(epochMs: try Self.epochMs(v))
        case .bytes(let v):
            guard let data = Data(base64Encoded: v.base64) else {
                throw Unrepresentable(reason: "ParseBytes holds base64 text Foundation cannot read as bytes: \(v.base64.prefix(40))")
            }
            return .bytes(hex: data.map { String(format: "%02x", $0) }.joined())
        case .pointer(let v): return .pointer(TVNPointer(className: v.className, objectId: v.objectId))
        case .relation(let v):
            guard let className = v.className else { throw Unrepresentable(reason: "a ParseRelation without a className") }
            return .relation(className: className)
        case .geoPoint(let v):
            return .geoPoint(latitude: try Self.numberText(v.latitude), longitude: try Self.numberText(v.longitude))
        case .file(let v): return .file(name: v.name, url: v.url?.absoluteString)
        case .polygon(let v):
            return .polygon(try v.coordinates.map {
                TVNPoint(latitude: try Self.numberText($0.latitude), longitude: try Self.numberText($0.longitude))
            })
        case .object(let v):
            guard let className = v.embeddedClassName else {
                throw Unrepresentable(reason: "an embedded object without a className (an app's record type would name its class)")
            }
            return .object(try v.tvnObject(className: className))
        case .acl(let v): return .acl(try Self.grants(v))
        }
    }

    static func members(_ values: [String: SDKValue]) throws -> [TVNMember] {
        try values.map { TVNMember($0.key, try $0.value.tvn()) }
    }

    static func numberText(_ value: Double) throws -> String {
        guard value.isFinite else { throw Unrepresentable(reason: "the number \(value)") }
        return "\(value)"
    }

    /// Milliseconds since the epoch, rounded to the nearest millisecond (the SDK's dates are
    /// `TimeInterval`s, seconds as a `Double`).
    static func epochMs(_ date: Date) throws -> String {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        guard ms.isFinite, abs(ms) < 9e15 else { throw Unrepresentable(reason: "the date \(date)") }
        return String(Int64(ms))
    }

    /// The grants of an ACL, read from what the SDK's own encoder writes for it (`ParseACL` has
    /// no public way to list its principals).
    static func grants(_ acl: ParseACL) throws -> [TVNGrant] {
        // An ACL without principals writes nothing, which Foundation refuses as a top-level value.
        guard let data = try? Record.getJSONEncoder().encode(acl) else { return [] }
        // Read back with JSONDecoder: JSONSerialization drops a leading U+FEFF from a member name.
        let object = try JSONDecoder().decode([String: [String: Bool]].self, from: data)
        return object.compactMap { principal, access in
            let read = access["read"] == true, write = access["write"] == true
            return read || write ? TVNGrant(principal: principal, read: read, write: write) : nil
        }
    }
}

extension Record {
    /// The record in TVN: a fetched object (context `object`) or an embedded one.
    func tvnObject(className: String) throws -> TVNObject {
        try TVNObjectParts(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, acl: ACL, fields: fields)
            .tvn(className: className)
    }
}

extension TVNObjectParts {
    func tvn(className: String) throws -> TVNObject {
        TVNObject(className: className, objectId: objectId,
                  createdAt: try createdAt.map(SDKValue.epochMs), updatedAt: try updatedAt.map(SDKValue.epochMs),
                  acl: try acl.map(SDKValue.grants), fields: try SDKValue.members(fields))
    }
}

// MARK: - Building what the SDK encodes (encode checks)

extension SDKValue {
    /// Builds the app's value from TVN with the SDK's public initialisers; a validating
    /// initialiser that throws is the SDK refusing the value.
    init(_ tvn: TVNValue) throws {
        switch tvn {
        case .null: self = .null
        case .bool(let v): self = .bool(v)
        case .number(let text): self = Self.number(text)
        case .string(let v): self = .string(v)
        case .array(let v): self = .array(try v.map(SDKValue.init))
        case .map(let v): self = .map(try Self.dictionary(v))
        case .unknownType(let v): self = .unknownType(try Self.dictionary(v))
        case .date(let ms): self = .date(Date(timeIntervalSince1970: (Double(ms) ?? .nan) / 1000))
        case .bytes(let hex): self = .bytes(ParseBytes(data: Self.data(hex: hex)))
        case .pointer(let p): self = .pointer(Self.pointer(p))
        case .relation(let className):
            self = .relation(ParseRelation<Record>(parent: Pointer<Record>(objectId: "parent"), className: className))
        case .geoPoint(let lat, let lng):
            self = .geoPoint(try ParseGeoPoint(latitude: Double(lat) ?? .nan, longitude: Double(lng) ?? .nan))
        case .file(let name, let url): self = .file(try Self.file(name: name, url: url))
        case .polygon(let points):
            self = .polygon(try ParsePolygon(points.map {
                try ParseGeoPoint(latitude: Double($0.latitude) ?? .nan, longitude: Double($0.longitude) ?? .nan)
            }))
        case .object(let object): self = .object(try Record(object))
        case .acl(let grants): self = .acl(Self.makeACL(grants))
        case .operation:
            throw NotExpressible(reason: "Parse-Swift writes a field operation only as a top-level key of a ParseOperation")
        }
    }

    /// A JSON number as an app's field holds it: `Int` when the text is an integer that fits,
    /// otherwise `Double`.
    static func number(_ text: String) -> SDKValue {
        if let int = Int(text) { return .int(int) }
        return .double(Double(text) ?? .nan)
    }

    static func dictionary(_ members: some Sequence<TVNMember>) throws -> [String: SDKValue] {
        var result: [String: SDKValue] = [:]
        for member in members { result[member.key] = try SDKValue(member.value) }
        return result
    }

    static func data(hex: String) -> Data {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return Data(bytes)
    }

    static func pointer(_ p: TVNPointer) -> Pointer<Record> {
        var pointer = Pointer<Record>(objectId: p.objectId)
        pointer.className = p.className
        return pointer
    }

    /// A saved file as an app holds it after reading it from the server: `ParseFile`'s `url` has
    /// no public setter, so the file is made the way the SDK makes it, by decoding it.
    static func file(name: String, url: String?) throws -> ParseFile {
        var members: [String: String] = ["__type": "File", "name": name]
        if let url { members["url"] = url }
        let data = try JSONSerialization.data(withJSONObject: members)
        return try Record.getDecoder().decode(ParseFile.self, from: data)
    }

    static func makeACL(_ grants: [TVNGrant]) -> ParseACL {
        var acl = ParseACL()
        for grant in grants {
            if grant.read { acl.setReadAccess(objectId: grant.principal, value: true) }
            if grant.write { acl.setWriteAccess(objectId: grant.principal, value: true) }
        }
        return acl
    }
}

extension Record {
    /// An embedded or fetched object, built from TVN.
    init(_ object: TVNObject) throws {
        self.init()
        embeddedClassName = object.className
        objectId = object.objectId
        createdAt = object.createdAt.map { Date(timeIntervalSince1970: (Double($0) ?? .nan) / 1000) }
        updatedAt = object.updatedAt.map { Date(timeIntervalSince1970: (Double($0) ?? .nan) / 1000) }
        ACL = object.acl.map(SDKValue.makeACL)
        fields = try SDKValue.dictionary(object.fields)
    }
}
