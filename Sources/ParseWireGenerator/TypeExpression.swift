/// The Swift type expressions of annotations: a name (`String`, `Int`, `Ingredient`,
/// `TypedPointer<Author>`), `[T]`, `[String: T]`, and `T?` for a struct member that may be absent.
enum TypeExpression {
    static func parse(_ text: String, file: String, location: String) throws(SchemaError) -> SwiftType {
        var parser = Parser(text: Array(text.unicodeScalars), position: 0)
        let fail = SchemaError(file: file, location: location,
                               message: "\(text) is not a type: write a name (String, Int, Double, Float, Bool, Date, ParseFile, GeoPoint, "
                                   + "ParsePolygon, ParseBytes, ParseValue, TypedPointer<Class>, or a declared struct or enum), [T], [String: T] or T?")
        guard let type = parser.type(), parser.atEnd else { throw fail }
        return type
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        var position: Int

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return position == text.count
            }
        }

        mutating func skipSpaces() {
            while position < text.count, text[position] == " " { position += 1 }
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard position < text.count, text[position] == character else { return false }
            position += 1
            return true
        }

        mutating func name() -> String? {
            skipSpaces()
            let start = position
            while position < text.count, text[position].properties.isAlphabetic || ("0"..."9").contains(text[position]) || text[position] == "_" {
                position += 1
            }
            return position > start ? String(String.UnicodeScalarView(text[start..<position])) : nil
        }

        mutating func type() -> SwiftType? {
            var type: SwiftType
            if take("[") {
                guard let first = self.type() else { return nil }
                if take(":") {
                    guard first == .string, let value = self.type() else { return nil }
                    type = .map(value)
                } else {
                    type = .array(first)
                }
                guard take("]") else { return nil }
            } else {
                guard let name = name() else { return nil }
                switch name {
                case "String": type = .string
                case "Int": type = .int
                case "Double": type = .double
                case "Float": type = .float
                case "Bool": type = .bool
                case "Date": type = .date
                case "ParseFile": type = .file
                case "GeoPoint": type = .geoPoint
                case "ParsePolygon": type = .polygon
                case "ParseBytes": type = .bytes
                case "ParseValue": type = .value
                case "Pointer":
                    guard take("<"), let target = self.name(), take(">") else { return nil }
                    type = .pointer(target)
                default:
                    guard SwiftNames.isTypeName(name) else { return nil }
                    type = .named(name)
                }
            }
            if take("?") {
                if case .optional = type { return nil }
                type = .optional(type)
            }
            return type
        }
    }
}

/// Swift spellings.
enum SwiftNames {
    /// Swift's reserved words, which a property name must be written in backticks to use.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "_",
    ]

    /// `^[A-Za-z][A-Za-z0-9_]*$`: no leading `_`, which generated code keeps for its own names.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// An identifier starting with an upper-case letter, and not one of the built-in names.
    static func isTypeName(_ name: String) -> Bool {
        guard isIdentifier(name), let first = name.unicodeScalars.first, first.properties.isUppercase else { return false }
        return !["String", "Int", "Double", "Float", "Bool", "Date", "ParseFile", "GeoPoint", "ParsePolygon", "ParseBytes", "ParseValue",
                 "Pointer", "Relation", "ParseACL", "Array", "Dictionary", "Optional", "Self", "Any", "Type", "Protocol", "CodingKeys"].contains(name)
    }

    /// The name as a Swift identifier: in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal holding `text`.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}
