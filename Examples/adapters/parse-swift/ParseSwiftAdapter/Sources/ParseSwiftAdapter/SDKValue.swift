import Foundation
import ParseSwift

/// A field value as an app holds it with Parse-Swift: a Swift value or one of the SDK's own types.
///
/// Parse-Swift has no public type-erased value, so an app declares each field's type. The adapter
/// picks that type from the wire (`__type` names the SDK type; a JSON number becomes `Int` when it
/// fits, else `Double`, as the SDK's own `AnyCodable` does) and then lets the SDK's type decode and
/// encode itself. Nothing here reads or writes a Parse type's wire form by hand.
indirect enum SDKValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([SDKValue])
    case map([String: SDKValue])
    case date(Date)
    case bytes(ParseBytes)
    case pointer(Pointer<Record>)
    case relation(ParseRelation<Record>)
    case geoPoint(ParseGeoPoint)
    case file(ParseFile)
    case polygon(ParsePolygon)
    case object(Record)
    case acl(ParseACL)
    /// An object whose `__type` the SDK has no type for: an app can only hold it as a dictionary.
    case unknownType([String: SDKValue])

    init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { self = .null; return }
            if let value = try? single.decode(Bool.self) { self = .bool(value); return }
            if let value = try? single.decode(Int.self) { self = .int(value); return }
            if let value = try? single.decode(Double.self) { self = .double(value); return }
            if let value = try? single.decode(String.self) { self = .string(value); return }
        }
        if var items = try? decoder.unkeyedContainer() {
            var values: [SDKValue] = []
            while !items.isAtEnd { values.append(try items.decode(SDKValue.self)) }
            self = .array(values)
            return
        }
        let container = try decoder.container(keyedBy: FieldKey.self)
        let typeKey = FieldKey("__type")
        // Only a non-empty string names a type. Parse-Swift itself never dispatches on `__type` (an app
        // declares each field's type), so a member that names nothing (`null`, `""`) leaves what the
        // app holds a plain dictionary that happens to have that member.
        guard container.contains(typeKey), let type = try? container.decode(String.self, forKey: typeKey),
              !type.isEmpty else {
            self = .map(try Self.members(of: container))
            return
        }
        switch type {
        case "Date": self = .date(try decoder.singleValueContainer().decode(Date.self))
        case "Bytes": self = .bytes(try ParseBytes(from: decoder))
        case "Pointer": self = .pointer(try Pointer<Record>(from: decoder))
        case "Relation": self = .relation(try ParseRelation<Record>(from: decoder))
        case "GeoPoint": self = .geoPoint(try ParseGeoPoint(from: decoder))
        case "File": self = .file(try ParseFile(from: decoder))
        case "Polygon": self = .polygon(try ParsePolygon(from: decoder))
        case "Object": self = .object(try Record(from: decoder))
        default: self = .unknownType(try Self.members(of: container))
        }
    }

    private static func members(of container: KeyedDecodingContainer<FieldKey>) throws -> [String: SDKValue] {
        var members: [String: SDKValue] = [:]
        for key in container.allKeys { members[key.stringValue] = try container.decode(SDKValue.self, forKey: key) }
        return members
    }

    /// Encodes the value as what it holds, so an encoder sees the SDK's type (used inside arrays and maps).
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let v): try container.encode(v)
        case .int(let v): try container.encode(v)
        case .double(let v): try container.encode(v)
        case .string(let v): try container.encode(v)
        case .array(let v): try container.encode(v)
        case .map(let v), .unknownType(let v): try container.encode(v)
        case .date(let v): try container.encode(v)
        case .bytes(let v): try container.encode(v)
        case .pointer(let v): try container.encode(v)
        case .relation(let v): try container.encode(v)
        case .geoPoint(let v): try container.encode(v)
        case .file(let v): try container.encode(v)
        case .polygon(let v): try container.encode(v)
        case .object(let v): try container.encode(v)
        case .acl(let v): try container.encode(v)
        }
    }

    /// Encodes the value as a keyed member of its concrete type, as a declared property is encoded.
    func encodeConcrete(in container: inout KeyedEncodingContainer<FieldKey>, forKey key: FieldKey) throws {
        switch self {
        case .null: try container.encodeNil(forKey: key)
        case .bool(let v): try container.encode(v, forKey: key)
        case .int(let v): try container.encode(v, forKey: key)
        case .double(let v): try container.encode(v, forKey: key)
        case .string(let v): try container.encode(v, forKey: key)
        case .array(let v):
            // An array of records is an app's `[Author]` property: hand the SDK that type, which it
            // writes as Pointers.
            let records = v.compactMap { if case .object(let record) = $0 { record } else { nil } }
            if !v.isEmpty, records.count == v.count {
                try container.encode(records, forKey: key)
            } else {
                try container.encode(v, forKey: key)
            }
        case .map(let v), .unknownType(let v): try container.encode(v, forKey: key)
        case .date(let v): try container.encode(v, forKey: key)
        case .bytes(let v): try container.encode(v, forKey: key)
        case .pointer(let v): try container.encode(v, forKey: key)
        case .relation(let v): try container.encode(v, forKey: key)
        case .geoPoint(let v): try container.encode(v, forKey: key)
        case .file(let v): try container.encode(v, forKey: key)
        case .polygon(let v): try container.encode(v, forKey: key)
        case .object(let v): try container.encode(v, forKey: key)
        case .acl(let v): try container.encode(v, forKey: key)
        }
    }

    /// Whether the value holds an embedded object that has no `objectId`.
    var holdsUnsavedObject: Bool {
        switch self {
        case .object(let record): record.objectId == nil || record.fields.values.contains { $0.holdsUnsavedObject }
        case .array(let items): items.contains { $0.holdsUnsavedObject }
        case .map(let members), .unknownType(let members): members.values.contains { $0.holdsUnsavedObject }
        default: false
        }
    }

    /// The classes named by the embedded objects the value holds.
    var embeddedClassNames: Set<String> {
        switch self {
        case .object(let record):
            record.fields.values.reduce(into: Set(record.embeddedClassName.map { [$0] } ?? [])) { $0.formUnion($1.embeddedClassNames) }
        case .array(let items): items.reduce(into: []) { $0.formUnion($1.embeddedClassNames) }
        case .map(let members), .unknownType(let members): members.values.reduce(into: []) { $0.formUnion($1.embeddedClassNames) }
        default: []
        }
    }
}
