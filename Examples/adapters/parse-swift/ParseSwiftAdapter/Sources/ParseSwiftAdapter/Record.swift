import Foundation
import ParseSwift

/// The class every record of a session belongs to while it is encoded.
///
/// Parse-Swift names a class by a static property of the Swift type (`Objectable.className`); an
/// app has one type per class. The adapter meets any class the corpus names, so its one record type
/// reads the class from here, set before each check to the class that check writes.
nonisolated(unsafe) var currentClassName = "Record"

/// A `ParseObject` whose fields are not declared in Swift but held by name.
///
/// It stands for the app's own record type: `objectId`, `createdAt`, `updatedAt` and `ACL` are the
/// SDK's own properties, decoded and encoded by the SDK's coders, and every other key is a field
/// whose Swift type is the SDK type the wire names (see ``SDKValue``). Each field is handed to the
/// SDK's encoder as that concrete type, as a declared property would be, so the SDK's special
/// handling (a nested object written as a Pointer, a `Date` written with the date strategy) applies.
struct Record: ParseObject {
    static var className: String { currentClassName }

    var originalData: Data?
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?

    /// The class named by an embedded object (`"className"` member); the Swift type in an app.
    var embeddedClassName: String?
    /// The other fields, by name.
    var fields: [String: SDKValue] = [:]

    init() {}

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        for key in container.allKeys {
            switch key.stringValue {
            case "objectId": objectId = try container.decodeIfPresent(String.self, forKey: key)
            case "createdAt": createdAt = try container.decodeIfPresent(Date.self, forKey: key)
            case "updatedAt": updatedAt = try container.decodeIfPresent(Date.self, forKey: key)
            case "ACL": ACL = try container.decodeIfPresent(ParseACL.self, forKey: key)
            case "className": embeddedClassName = try container.decodeIfPresent(String.self, forKey: key)
            case "__type": continue
            default: fields[key.stringValue] = try container.decode(SDKValue.self, forKey: key)
            }
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encodeIfPresent(objectId, forKey: FieldKey("objectId"))
        try container.encodeIfPresent(createdAt, forKey: FieldKey("createdAt"))
        try container.encodeIfPresent(updatedAt, forKey: FieldKey("updatedAt"))
        try container.encodeIfPresent(ACL, forKey: FieldKey("ACL"))
        for (name, value) in fields {
            try value.encodeConcrete(in: &container, forKey: FieldKey(name))
        }
    }

    static func == (lhs: Record, rhs: Record) -> Bool {
        lhs.objectId == rhs.objectId && lhs.fields == rhs.fields && lhs.embeddedClassName == rhs.embeddedClassName
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(objectId)
        hasher.combine(fields)
    }

    func merge(with object: Record) throws -> Record { self }
}

/// A coding key for any member name.
struct FieldKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Typed access to one field, for `ParseOperation.set((key, keyPath), to:)`, which takes a key path
/// of the field's own Swift type (as an app's declared property would be).
extension Record {
    subscript(bool key: String) -> Bool? {
        get { if case .bool(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.bool) }
    }
    subscript(int key: String) -> Int? {
        get { if case .int(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.int) }
    }
    subscript(double key: String) -> Double? {
        get { if case .double(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.double) }
    }
    subscript(string key: String) -> String? {
        get { if case .string(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.string) }
    }
    subscript(date key: String) -> Date? {
        get { if case .date(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.date) }
    }
    subscript(bytes key: String) -> ParseBytes? {
        get { if case .bytes(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.bytes) }
    }
    subscript(pointer key: String) -> Pointer<Record>? {
        get { if case .pointer(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.pointer) }
    }
    subscript(relation key: String) -> ParseRelation<Record>? {
        get { if case .relation(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.relation) }
    }
    subscript(geoPoint key: String) -> ParseGeoPoint? {
        get { if case .geoPoint(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.geoPoint) }
    }
    subscript(file key: String) -> ParseFile? {
        get { if case .file(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.file) }
    }
    subscript(polygon key: String) -> ParsePolygon? {
        get { if case .polygon(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.polygon) }
    }
    subscript(object key: String) -> Record? {
        get { if case .object(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.object) }
    }
    subscript(acl key: String) -> ParseACL? {
        get { if case .acl(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.acl) }
    }
    subscript(array key: String) -> [SDKValue]? {
        get { if case .array(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.array) }
    }
    subscript(map key: String) -> [String: SDKValue]? {
        get { if case .map(let v) = fields[key] { v } else { nil } }
        set { fields[key] = newValue.map(SDKValue.map) }
    }
}
