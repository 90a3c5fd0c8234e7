import Foundation

/// Reading a ``ParseValue``: members and elements by subscript, and each case's payload by a
/// typed accessor that is `nil` for every other case.
extension ParseValue {
    /// The member `key` of a map, or the field `key` of an object (its `objectId`, `createdAt`,
    /// `updatedAt` and `ACL` included); `nil` for another value or a missing key.
    public subscript(key: String) -> ParseValue? {
        switch self {
        case .map(let map): return map[key]
        case .object(let object): return object[key]
        default: return nil
        }
    }

    /// The element at `index` of an array; `nil` for another value or an index out of range.
    public subscript(index: Int) -> ParseValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The boolean; `nil` unless the value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number with its exact value; `nil` unless the value is one.
    public var numberValue: ParseNumber? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The number as an `Int`, when it is an integer that fits; otherwise `nil`.
    public var intValue: Int? {
        numberValue?.int64Value.flatMap { Int(exactly: $0) }
    }

    /// The number as an `Int64`, when it is an integer that fits; otherwise `nil`.
    public var int64Value: Int64? {
        numberValue?.int64Value
    }

    /// The number as the nearest `Double`; `nil` when the value is not a number or is beyond
    /// `Double`'s range.
    public var doubleValue: Double? {
        numberValue?.doubleValue
    }

    /// The string; `nil` unless the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The elements; `nil` unless the value is an array.
    public var arrayValue: [ParseValue]? {
        if case .array(let value) = self { value.elements } else { nil }
    }

    /// The members, in order; `nil` unless the value is a plain map.
    public var mapValue: ParseMap? {
        if case .map(let value) = self { value } else { nil }
    }

    /// The instant of a Date value; `nil` for any other value (an ISO string included).
    public var dateValue: Date? {
        parseDateValue?.date
    }

    /// The Date value with its exact millisecond; `nil` for any other value.
    public var parseDateValue: ParseDate? {
        if case .date(let value) = self { value } else { nil }
    }

    /// The bytes; `nil` unless the value is a Bytes value.
    public var bytesValue: ParseBytes? {
        if case .bytes(let value) = self { value } else { nil }
    }

    /// The Pointer; `nil` for any other value (an included object is an ``objectValue``).
    public var pointerValue: ParsePointer? {
        if case .pointer(let value) = self { value } else { nil }
    }

    /// The Relation; `nil` for any other value.
    public var relationValue: ParseRelation? {
        if case .relation(let value) = self { value } else { nil }
    }

    /// The GeoPoint; `nil` for any other value.
    public var geoPointValue: GeoPoint? {
        if case .geoPoint(let value) = self { value } else { nil }
    }

    /// The File; `nil` for any other value.
    public var fileValue: ParseFile? {
        if case .file(let value) = self { value } else { nil }
    }

    /// The Polygon; `nil` for any other value.
    public var polygonValue: ParsePolygon? {
        if case .polygon(let value) = self { value } else { nil }
    }

    /// The Parse object, embedded or fetched; `nil` for any other value.
    public var objectValue: ParseObjectValue? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The ACL; `nil` for any other value (an ACL read outside an `ACL` key is a map).
    public var aclValue: ParseACL? {
        if case .acl(let value) = self { value } else { nil }
    }

    /// The field operation; `nil` for any other value.
    public var operationValue: FieldOperation? {
        if case .operation(let value) = self { value } else { nil }
    }
}

extension ParseObjectValue {
    /// The field `key`, or the server-owned key of that name (`objectId`, `createdAt`,
    /// `updatedAt`, `ACL`) as a value; `nil` when the object has none.
    public subscript(key: String) -> ParseValue? {
        switch key {
        case "objectId": objectId.map(ParseValue.string)
        case "createdAt": createdAt.map(ParseValue.date)
        case "updatedAt": updatedAt.map(ParseValue.date)
        case "ACL": acl.map(ParseValue.acl)
        default: fields[key]
        }
    }
}
