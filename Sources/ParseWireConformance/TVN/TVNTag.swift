import ParseWire

/// The keys of TVN nodes (`{"date":…}`, `Vectors/INTERPRETING.md`): one closed set, so that the
/// reader and the writer switch over it exhaustively. A key from a vector or an answer is open
/// input: one outside the set is refused as an unknown TVN node type.
package enum TVNTag: String, CaseIterable, Sendable {
    case null
    case bool
    case number
    case string
    case array
    case map
    case date
    case bytes
    case pointer
    case relation
    case geoPoint = "geopoint"
    case file
    case polygon
    case object
    case acl
    case operation = "op"
    case unknownType
}

extension TVNTag {
    /// The Parse type of the node, for the tags that are one.
    package var wireType: WireTypeName? {
        switch self {
        case .date: .date
        case .bytes: .bytes
        case .pointer: .pointer
        case .relation: .relation
        case .geoPoint: .geoPoint
        case .file: .file
        case .polygon: .polygon
        case .object: .object
        case .null, .bool, .number, .string, .array, .map, .acl, .operation, .unknownType: nil
        }
    }

    /// The node's type as a cause spells it: the wire's type name for a Parse type (`Bytes`,
    /// `GeoPoint`), JSON's for the rest (`string`, `map`).
    var causeName: String {
        switch self {
        case .bool: "boolean"
        case .acl: "ACL"
        case .operation: "operation"
        case .unknownType: "unknown type"
        case .null, .number, .string, .array, .map: rawValue
        case .date, .bytes, .pointer, .relation, .geoPoint, .file, .polygon, .object: wireType?.rawValue ?? rawValue
        }
    }
}

extension TVNValue {
    /// The node's key in TVN.
    package var tag: TVNTag {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .map: .map
        case .date: .date
        case .bytes: .bytes
        case .pointer: .pointer
        case .relation: .relation
        case .geoPoint: .geoPoint
        case .file: .file
        case .polygon: .polygon
        case .object: .object
        case .acl: .acl
        case .operation: .operation
        case .unknownType: .unknownType
        }
    }
}

extension OperationName {
    /// The operation's key in TVN (`{"op":{"addUnique":[…]}}`): the wire name, lower camel case.
    package var tvnKey: String {
        switch self {
        case .increment: "increment"
        case .add: "add"
        case .addUnique: "addUnique"
        case .remove: "remove"
        case .addRelation: "addRelation"
        case .removeRelation: "removeRelation"
        case .delete: "delete"
        case .batch: "batch"
        }
    }

    /// The operation named by a TVN key; `nil` for a key that names none.
    package init?(tvnKey: String) {
        guard let name = Self.allCases.first(where: { $0.tvnKey == tvnKey }) else { return nil }
        self = name
    }
}

extension TVNOperation {
    /// The operation's `__op` name, as the closed set of names.
    package var operationName: OperationName {
        switch self {
        case .increment: .increment
        case .add: .add
        case .addUnique: .addUnique
        case .remove: .remove
        case .addRelation: .addRelation
        case .removeRelation: .removeRelation
        case .delete: .delete
        case .batch: .batch
        }
    }
}
