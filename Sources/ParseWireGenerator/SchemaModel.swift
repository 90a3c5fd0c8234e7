/// What the generator knows of a schema: classes, their fields and the Swift types annotated on them.

/// A mistake in a schema file, with where it is.
public struct SchemaError: Error, CustomStringConvertible, Equatable {
    /// The file, as named to the generator.
    public var file: String
    /// Where in the file: `Recipe.fields.servings`.
    public var location: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file: location: message`.
    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}

/// A Swift type a field or struct member has.
indirect enum SwiftType: Equatable {
    case string, int, double, float, bool, date, file, geoPoint, polygon, bytes, acl, value
    case pointer(String)
    case relation(String)
    case array(SwiftType)
    case map(SwiftType)
    /// A struct or enum declared in the class's annotations.
    case named(String)
    case optional(SwiftType)

    /// The type as Swift source; `classTypes` maps Parse class names to Swift type names.
    func source(_ classTypes: [String: String]) -> String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .float: "Float"
        case .bool: "Bool"
        case .date: "Date"
        case .file: "ParseFile"
        case .geoPoint: "GeoPoint"
        case .polygon: "ParsePolygon"
        case .bytes: "ParseBytes"
        case .acl: "ParseACL"
        case .value: "ParseValue"
        case .pointer(let className): "TypedPointer<\(classTypes[className] ?? className)>"
        case .relation(let className): "TypedRelation<\(classTypes[className] ?? className)>"
        case .array(let element): "[\(element.source(classTypes))]"
        case .map(let value): "[String: \(value.source(classTypes))]"
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped.source(classTypes))?"
        }
    }

    /// The type without an optional around it, and whether it had one.
    var unwrapped: (type: SwiftType, isOptional: Bool) {
        if case .optional(let wrapped) = self { return (wrapped, true) }
        return (self, false)
    }
}

/// A field of a class.
struct FieldModel {
    var name: String
    /// The type, without optionality.
    var type: SwiftType
    var isRequired: Bool
    /// The schema's type, for documentation: `Number`, `TypedPointer<Author>`.
    var schemaType: String
}

/// A struct declared in a class's annotations, for Object fields and Array elements.
struct StructModel {
    var name: String
    var members: [(name: String, type: SwiftType)]
}

/// An enum declared in a class's annotations.
struct EnumModel {
    enum RawType: String {
        case int = "Int"
        case string = "String"
    }

    var name: String
    var rawType: RawType
    /// Case names and raw values as Swift literals.
    var cases: [(name: String, literal: String)]
}

/// A class.
struct ClassModel {
    var className: String
    var typeName: String
    var file: String
    var fields: [FieldModel]
    var structs: [StructModel]
    var enums: [EnumModel]
    /// Every class the fields point or relate to.
    var targets: [(className: String, location: String)]
}
