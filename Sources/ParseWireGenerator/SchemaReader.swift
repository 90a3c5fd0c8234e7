import ParseWire

/// Reads class schemas in parse-server's format: a `GET /schemas` response (`{"results":[…]}`) or
/// one class (`{"className":…,"fields":{…}}`), with the optional Swift annotations the generator
/// documents (`swiftType` on a field, `swiftTypes` on a class). parse-server reads only `type`,
/// `targetClass`, `required` and `defaultValue` of a field and only `fields`,
/// `classLevelPermissions` and `indexes` of a class, so an annotated file is still one it accepts.
struct SchemaReader {
    let file: String

    /// The classes of one file.
    func read(_ bytes: [UInt8]) throws(SchemaError) -> [ClassModel] {
        let document: JSONNode
        do throws(ParseWireError) {
            document = try JSONNode.parse(bytes)
        } catch {
            throw SchemaError(file: file, location: "", message: "not valid JSON: \(error.message)")
        }
        guard document.members != nil else {
            throw SchemaError(file: file, location: "", message: "expected a JSON object: a /schemas response {\"results\":[…]} or one class {\"className\":…,\"fields\":{…}}")
        }
        let root = document
        if let results = root["results"] {
            guard let classes = results.arrayValue else { throw fail("results", "\"results\" must be an array of classes") }
            var models: [ClassModel] = []
            for (position, element) in classes.enumerated() {
                guard element.members != nil else { throw fail("results[\(position)]", "each result must be a class object") }
                models.append(try readClass(element, location: "results[\(position)]"))
            }
            return models
        }
        return [try readClass(root, location: "")]
    }

    private func fail(_ location: String, _ message: String) -> SchemaError {
        SchemaError(file: file, location: location, message: message)
    }

    private func readClass(_ map: JSONNode, location: String) throws(SchemaError) -> ClassModel {
        guard let className = map["className"]?.stringValue else {
            throw fail(location, "a class needs \"className\" (a string)")
        }
        if let problem = NameRules.checkClassName(className) { throw fail(join(location, "className"), problem.message) }
        let typeName = className.hasPrefix("_") ? String(className.dropFirst()) : className
        guard SwiftNames.isIdentifier(typeName), !className.hasPrefix("_Join:") else {
            throw fail(join(location, "className"), "\(className) cannot be a Swift type name")
        }
        let here = location.isEmpty ? className : location
        guard let fields = map["fields"]?.members else { throw fail(here, "a class needs \"fields\" (an object)") }
        var declared = try readDeclarations(map["swiftTypes"], location: join(here, "swiftTypes"))
        var model = ClassModel(className: className, typeName: typeName, file: file, fields: [], structs: [], enums: declared.enums, targets: [])
        for (name, definition) in fields {
            let fieldLocation = join(here, "fields.\(name)")
            model.fields.append(try readField(name, definition, declared: declared, location: fieldLocation, targets: &model.targets))
        }
        for index in declared.structs.indices {
            for member in declared.structs[index].members.indices {
                declared.structs[index].members[member].type = try resolve(declared.structs[index].members[member].type, declared: declared,
                                                                          location: join(here, "swiftTypes.structs.\(declared.structs[index].name)"))
            }
        }
        model.structs = declared.structs
        try checkRecursion(model, location: join(here, "swiftTypes.structs"))
        return model
    }

    // MARK: - Fields

    private static let serverFields: [String: String] = ["objectId": "String", "createdAt": "Date", "updatedAt": "Date", "ACL": "ACL"]

    private func readField(_ name: String, _ map: JSONNode, declared: Declarations, location: String,
                           targets: inout [(className: String, location: String)]) throws(SchemaError) -> FieldModel {
        guard map.members != nil, let type = map["type"]?.stringValue else {
            throw fail(location, "a field needs {\"type\":…}")
        }
        if let expected = Self.serverFields[name] {
            guard type == expected else { throw fail(location, "\(name) is the server's own field, of type \(expected), not \(type)") }
            return FieldModel(name: name, type: type == "ACL" ? .acl : type == "Date" ? .date : .string, isRequired: false, schemaType: type)
        }
        if let problem = GeneratedWireNames.fieldNameProblem(name) { throw fail(location, problem.message) }
        guard SwiftNames.isIdentifier(name) else { throw fail(location, "\(name) cannot be a Swift property name") }
        let isRequired = map["required"]?.boolValue ?? false
        let annotation: SwiftType?
        if let text = map["swiftType"] {
            guard let text = text.stringValue else { throw fail(location, "\"swiftType\" must be a string such as \"Int\" or \"[Ingredient]\"") }
            annotation = try resolve(try TypeExpression.parse(text, file: file, location: join(location, "swiftType")), declared: declared,
                                     location: join(location, "swiftType"))
        } else {
            annotation = nil
        }
        let swiftType: SwiftType
        var schemaType = type
        switch type {
        case "String":
            swiftType = try annotated(annotation, default: .string, allowed: { $0 == .string || declared.isEnum($0, raw: .string) },
                                      "a String field is String or an enum with String raw values", location)
        case "Number":
            swiftType = try annotated(annotation, default: .double,
                                      allowed: { [.int, .double, .float].contains($0) || declared.isEnum($0, raw: .int) },
                                      "a Number field is Double (the default), Int, Float or an enum with Int raw values", location)
        case "Boolean": swiftType = try annotated(annotation, default: .bool, allowed: { $0 == .bool }, "a Boolean field is Bool", location)
        case "Date": swiftType = try annotated(annotation, default: .date, allowed: { $0 == .date }, "a Date field is Date", location)
        case "File": swiftType = try annotated(annotation, default: .file, allowed: { $0 == .file }, "a File field is ParseFile", location)
        case "GeoPoint": swiftType = try annotated(annotation, default: .geoPoint, allowed: { $0 == .geoPoint }, "a GeoPoint field is GeoPoint", location)
        case "Polygon": swiftType = try annotated(annotation, default: .polygon, allowed: { $0 == .polygon }, "a Polygon field is ParsePolygon", location)
        case "Bytes": swiftType = try annotated(annotation, default: .bytes, allowed: { $0 == .bytes }, "a Bytes field is ParseBytes", location)
        case "Array":
            swiftType = try annotated(annotation, default: .array(.value), allowed: { if case .array = $0 { true } else { false } },
                                      "an Array field is an array type such as [String] or [Ingredient]", location)
        case "Object":
            swiftType = try annotated(annotation, default: .map(.value), allowed: { type in
                if case .map = type { return true }
                return declared.structs.contains { .named($0.name) == type }
            }, "an Object field is a map type such as [String: String], or a struct declared in swiftTypes", location)
        case "Pointer", "Relation":
            guard let target = map["targetClass"]?.stringValue else { throw fail(location, "a \(type) field needs \"targetClass\"") }
            if let problem = NameRules.checkClassName(target) { throw fail(join(location, "targetClass"), problem.message) }
            guard annotation == nil else { throw fail(location, "a \(type) field takes no swiftType: it is \(type)<\(target)>") }
            if type == "Relation", isRequired { throw fail(location, "Parse Server refuses 'required' on a Relation field") }
            targets.append((target, join(location, "targetClass")))
            swiftType = type == "Pointer" ? .pointer(target) : .relation(target)
            schemaType = "\(type)<\(target)>"
        default:
            throw fail(location, "unknown field type \(type); Parse's types are String, Number, Boolean, Date, File, GeoPoint, Polygon, Bytes, Array, Object, Pointer, Relation and ACL (for the ACL field)")
        }
        return FieldModel(name: name, type: swiftType, isRequired: isRequired, schemaType: schemaType)
    }

    private func annotated(_ annotation: SwiftType?, default standard: SwiftType, allowed: (SwiftType) -> Bool,
                           _ rule: String, _ location: String) throws(SchemaError) -> SwiftType {
        guard let annotation else { return standard }
        guard allowed(annotation) else { throw fail(join(location, "swiftType"), "\(rule), not \(annotation.source([:]))") }
        return annotation
    }

    // MARK: - Declarations

    struct Declarations {
        var structs: [StructModel] = []
        var enums: [EnumModel] = []

        func isEnum(_ type: SwiftType, raw: EnumModel.RawType) -> Bool {
            guard case .named(let name) = type else { return false }
            return enums.contains { $0.name == name && $0.rawType == raw }
        }

        func has(_ name: String) -> Bool {
            structs.contains { $0.name == name } || enums.contains { $0.name == name }
        }
    }

    private func readDeclarations(_ value: JSONNode?, location: String) throws(SchemaError) -> Declarations {
        var declared = Declarations()
        guard let value else { return declared }
        guard let map = value.members else { throw fail(location, "\"swiftTypes\" must be an object with \"structs\" and \"enums\"") }
        for (key, _) in map where key != "structs" && key != "enums" {
            throw fail(join(location, key), "\"swiftTypes\" holds \"structs\" and \"enums\" only")
        }
        for (name, definition) in value["structs"]?.members ?? [] {
            let here = join(location, "structs.\(name)")
            guard SwiftNames.isTypeName(name), !declared.has(name) else { throw fail(here, "\(name) is not a new Swift type name") }
            guard let members = definition.members else { throw fail(here, "a struct is an object of member names and types") }
            var model = StructModel(name: name, members: [])
            for (member, type) in members {
                if let problem = GeneratedWireNames.plainKeyProblem(member) { throw fail(join(here, member), problem.message) }
                guard SwiftNames.isIdentifier(member) else { throw fail(join(here, member), "\(member) cannot be a Swift property name") }
                guard let text = type.stringValue else { throw fail(join(here, member), "a member's type is a string such as \"Float\"") }
                model.members.append((member, try TypeExpression.parse(text, file: file, location: join(here, member))))
            }
            declared.structs.append(model)
        }
        for (name, definition) in value["enums"]?.members ?? [] {
            let here = join(location, "enums.\(name)")
            guard SwiftNames.isTypeName(name), !declared.has(name) else { throw fail(here, "\(name) is not a new Swift type name") }
            guard let raw = definition["rawType"]?.stringValue.flatMap(EnumModel.RawType.init(rawValue:)),
                  let cases = definition["cases"]?.members, !cases.isEmpty else {
                throw fail(here, "an enum is {\"rawType\":\"Int\" or \"String\",\"cases\":{\"name\":value,…}}")
            }
            var model = EnumModel(name: name, rawType: raw, cases: [])
            var literals: Set<String> = []
            for (caseName, value) in cases {
                guard SwiftNames.isIdentifier(caseName) else { throw fail(join(here, "cases.\(caseName)"), "\(caseName) cannot be a Swift case name") }
                let literal: String
                switch raw {
                case .int:
                    guard let number = value.integerValue else { throw fail(join(here, "cases.\(caseName)"), "an Int enum's raw values are integers") }
                    literal = String(number)
                case .string:
                    guard let text = value.stringValue else { throw fail(join(here, "cases.\(caseName)"), "a String enum's raw values are strings") }
                    literal = SwiftNames.stringLiteral(text)
                }
                guard literals.insert(literal).inserted else { throw fail(join(here, "cases.\(caseName)"), "raw value \(literal) is used twice") }
                model.cases.append((caseName, literal))
            }
            declared.enums.append(model)
        }
        return declared
    }

    /// Checks that every named type in `type` is declared.
    private func resolve(_ type: SwiftType, declared: Declarations, location: String) throws(SchemaError) -> SwiftType {
        switch type {
        case .named(let name):
            guard declared.has(name) else { throw fail(location, "\(name) is neither a built-in type nor declared in swiftTypes") }
        case .array(let inner), .map(let inner), .optional(let inner):
            _ = try resolve(inner, declared: declared, location: location)
        case .string, .int, .double, .float, .bool, .date, .file, .geoPoint, .polygon, .bytes, .acl, .value, .pointer, .relation:
            break
        }
        return type
    }

    /// A struct that holds itself, directly or through others, has no end: refused.
    private func checkRecursion(_ model: ClassModel, location: String) throws(SchemaError) {
        func named(_ type: SwiftType) -> [String] {
            switch type {
            case .named(let name): [name]
            case .array, .map: [] // elements live in the collection's own storage
            case .optional(let inner): named(inner)
            case .string, .int, .double, .float, .bool, .date, .file, .geoPoint, .polygon, .bytes, .acl, .value, .pointer, .relation: []
            }
        }
        for start in model.structs {
            var stack = start.members.flatMap { named($0.type) }
            var seen: Set<String> = []
            while let name = stack.popLast() {
                if name == start.name { throw fail(join(location, start.name), "\(start.name) holds itself; use an array of it instead") }
                guard seen.insert(name).inserted, let next = model.structs.first(where: { $0.name == name }) else { continue }
                stack += next.members.flatMap { named($0.type) }
            }
        }
    }

    private func join(_ location: String, _ key: String) -> String {
        location.isEmpty ? key : "\(location).\(key)"
    }
}
