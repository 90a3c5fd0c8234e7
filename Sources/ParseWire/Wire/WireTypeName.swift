/// The `__type` names of the typed values the codec knows: one closed set, so that a reader that
/// switches over it is flagged by the compiler when a Parse type is added.
///
/// An unknown name from the wire is not one of these: it stays open input, refused with
/// `unknown-type` (or kept nested under `UnknownType`).
package enum WireTypeName: String, CaseIterable, Sendable {
    case date = "Date"
    case bytes = "Bytes"
    case pointer = "Pointer"
    case relation = "Relation"
    case geoPoint = "GeoPoint"
    case file = "File"
    case polygon = "Polygon"
    /// An embedded Parse object; never a field value of a save body.
    case object = "Object"

    /// Every name, for messages: `Date, Bytes, …, Object`.
    package static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// The key that names a typed value's type: `"__type"`.
    package static let key: StaticString = "__type"

    /// The name as a static string, for comparing with the input's bytes in place.
    package var staticName: StaticString {
        switch self {
        case .date: "Date"
        case .bytes: "Bytes"
        case .pointer: "Pointer"
        case .relation: "Relation"
        case .geoPoint: "GeoPoint"
        case .file: "File"
        case .polygon: "Polygon"
        case .object: "Object"
        }
    }
}

/// The `__op` names of a save body's field operations (``FieldOperation``): one closed set.
package enum OperationName: String, CaseIterable, Sendable {
    case increment = "Increment"
    case add = "Add"
    case addUnique = "AddUnique"
    case remove = "Remove"
    case addRelation = "AddRelation"
    case removeRelation = "RemoveRelation"
    case delete = "Delete"
    case batch = "Batch"

    /// Every name, for messages: `Increment, Add, …, Batch`.
    package static let list = allCases.map(\.rawValue).joined(separator: ", ")
}
