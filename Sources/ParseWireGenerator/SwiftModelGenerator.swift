/// Generates Swift model types with direct wire coding from Parse class schemas.
///
/// Each class becomes a struct conforming to `ParseWireGeneratedObject` (so `ParseObject` and
/// `Codable` too) with one property per field, typed from the schema; its structs and enums are
/// nested inside it. `ParseWireEncoder` and `ParseWireDecoder` code the type through the generated
/// code; Foundation's coders and the Codable bridge use its `Codable` conformance.
///
///     let files = try SwiftModelGenerator.generate([.init(name: "Recipe.json", bytes: bytes)])
public enum SwiftModelGenerator {
    /// A schema file: its name (for messages and the generated header) and its bytes.
    public struct SchemaFile: Sendable {
        /// The name, as the user gave it.
        public var name: String
        /// The JSON text.
        public var bytes: [UInt8]

        /// Creates a schema file.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// A generated Swift file.
    public struct OutputFile: Sendable, Equatable {
        /// The file name: the class's Swift type name and `.swift`.
        public var name: String
        /// The Swift source.
        public var text: String
        /// The name of the schema file the class came from, as given in ``SchemaFile/name``; a
        /// build tool that writes one output per schema file groups the classes by it.
        public var schema: String
    }

    /// Generates one Swift file per class of the schema files.
    ///
    /// - Parameters:
    ///   - files: Schema files: `/schemas` responses or single classes.
    ///   - tool: How the header names the generator.
    /// - Returns: The files, in the order of the classes.
    /// - Throws: ``SchemaError`` for invalid JSON, an unknown field type, a bad annotation, two
    ///   classes of one name, or a Pointer or Relation to a class not among the schemas.
    public static func generate(_ files: [SchemaFile], tool: String = "parse-wire generate swift") throws(SchemaError) -> [OutputFile] {
        var classes: [ClassModel] = []
        for file in files {
            classes += try SchemaReader(file: file.name).read(file.bytes)
        }
        guard !classes.isEmpty else { throw SchemaError(file: files.first?.name ?? "", location: "", message: "no classes to generate") }
        var classTypes: [String: String] = [:]
        var typeNames: Set<String> = []
        for model in classes {
            guard classTypes[model.className] == nil, typeNames.insert(model.typeName).inserted else {
                throw SchemaError(file: model.file, location: model.className, message: "a second class named \(model.className) (Swift type \(model.typeName))")
            }
            classTypes[model.className] = model.typeName
        }
        for model in classes {
            let memberTargets = model.structs.flatMap { $0.members.flatMap { pointerTargets($0.type) } }
                .map { (className: $0, location: "\(model.className).swiftTypes.structs") }
            // A nested type hides a class's type of the same name inside the class's own code.
            let referenced = Set((model.targets + memberTargets).compactMap { classTypes[$0.className] })
            for nested in model.structs.map(\.name) + model.enums.map(\.name) where referenced.contains(nested) || nested == model.typeName {
                throw SchemaError(file: model.file, location: "\(model.className).swiftTypes.\(nested)",
                                  message: "\(nested) is also the name of a class's type this class refers to; name the nested type otherwise")
            }
            for target in model.targets + memberTargets where classTypes[target.className] == nil {
                throw SchemaError(file: model.file, location: target.location,
                                  message: "\(target.className) is not among the schemas given; give its schema too, so that TypedPointer<\(target.className)> has a type")
            }
        }
        return classes.map { model in
            OutputFile(name: "\(model.typeName).swift", text: SwiftEmitter.source(of: model, classTypes: classTypes, tool: tool), schema: model.file)
        }
    }

    private static func pointerTargets(_ type: SwiftType) -> [String] {
        switch type {
        case .pointer(let className), .relation(let className): [className]
        case .array(let inner), .map(let inner), .optional(let inner): pointerTargets(inner)
        case .string, .int, .double, .float, .bool, .date, .file, .geoPoint, .polygon, .bytes, .acl, .value, .named: []
        }
    }
}
