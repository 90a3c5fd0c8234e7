import Foundation
import ParseWire

/// A column type of a class schema (`Vectors/classes/`), as parse-server names it in
/// `schema mismatch for C.f; expected T but got U`: every type of REC-5.
enum SchemaType: Equatable, CustomStringConvertible {
    case string, number, boolean, date, array, object, acl, geoPoint, polygon, file, bytes
    case pointer(String)
    case relation(String)

    var description: String {
        switch self {
        case .string: "String"
        case .number: "Number"
        case .boolean: "Boolean"
        case .date: "Date"
        case .array: "Array"
        case .object: "Object"
        case .acl: "ACL"
        case .geoPoint: "GeoPoint"
        case .polygon: "Polygon"
        case .file: "File"
        case .bytes: "Bytes"
        case .pointer(let target): "Pointer<\(target)>"
        case .relation(let target): "Relation<\(target)>"
        }
    }

    /// Why an operation does not suit a column of this type, or `nil` when it does (REC-3).
    ///
    /// parse-server infers a type from an operation (`Increment` → Number, `Add`, `AddUnique`,
    /// `Remove` → Array, a relation operation → the Relation of its pointers' class, a Batch → its
    /// first operation's) and answers a mismatch with 111; `Delete` suits every column.
    func refusal(of operation: FieldOperation) -> ParseWireError? {
        let inferred: SchemaType?
        switch operation {
        case .delete: inferred = nil
        case .increment: inferred = .number
        case .add, .addUnique, .remove: inferred = .array
        case .addRelation(let pointers), .removeRelation(let pointers):
            // An empty list names no class; the bridge refuses it before this check.
            inferred = pointers.first.map { .relation($0.className) }
        case .batch(let operations):
            for inner in operations {
                if let problem = refusal(of: inner) { return problem }
            }
            inferred = nil
        }
        guard let inferred, inferred != self else { return nil }
        return ParseWireError(.wrongFieldType, parseCode: 111,
                              message: "schema mismatch: the column is \(self) but \(operation.name) makes it \(inferred)")
    }
}

/// A Swift type a generated model may give a column, with the schema type it stands for.
protocol ColumnValue {
    /// The schema type of a column of this Swift type.
    static var schemaType: SchemaType { get }
}

extension String: ColumnValue { static var schemaType: SchemaType { .string } }
extension Int: ColumnValue { static var schemaType: SchemaType { .number } }
extension Double: ColumnValue { static var schemaType: SchemaType { .number } }
extension Bool: ColumnValue { static var schemaType: SchemaType { .boolean } }
extension Date: ColumnValue { static var schemaType: SchemaType { .date } }
extension ParseACL: ColumnValue { static var schemaType: SchemaType { .acl } }
extension GeoPoint: ColumnValue { static var schemaType: SchemaType { .geoPoint } }
extension ParsePolygon: ColumnValue { static var schemaType: SchemaType { .polygon } }
extension ParseFile: ColumnValue { static var schemaType: SchemaType { .file } }
extension ParseBytes: ColumnValue { static var schemaType: SchemaType { .bytes } }
extension Array: ColumnValue { static var schemaType: SchemaType { .array } }
extension Dictionary: ColumnValue where Key == String { static var schemaType: SchemaType { .object } }
extension TypedPointer: ColumnValue { static var schemaType: SchemaType { .pointer(Target.className) } }
extension TypedRelation: ColumnValue { static var schemaType: SchemaType { .relation(Target.className) } }

/// A property of a generated model, asked for the schema type of its column: every column of a
/// model generated from `Vectors/classes` is optional, since no field there is required.
protocol SchemaColumn {
    var schemaType: SchemaType { get }
}

extension Optional: SchemaColumn where Wrapped: ColumnValue {
    var schemaType: SchemaType { Wrapped.schemaType }
}
