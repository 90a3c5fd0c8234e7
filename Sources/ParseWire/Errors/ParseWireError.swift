/// The one error type of the codec: what went wrong, where, and which Parse error code it matches.
///
/// Every failure of the scanner, the wire decoder, the wire encoder and the model's validating
/// initialisers is a `ParseWireError`. It carries:
/// - a ``Kind`` from a closed list shared with the conformance corpus,
/// - the Parse Server error code the same defect earns (`nil` where the server has none),
/// - the byte offset in the input where the offending value starts (`nil` when encoding),
/// - the path of the offending value, such as `$.ingredients[2].quantity`,
/// - a sentence a person can act on.
public struct ParseWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of the failure; the names are the corpus's error kinds.
    public let kind: Kind
    /// The Parse error code the same defect earns from Parse Server, when there is one.
    public let parseCode: Int?
    /// The byte offset in the decoded input where the offending value starts; `nil` when encoding.
    public internal(set) var offset: Int?
    /// The path of the offending value from the document root, such as `$.ingredients[2].quantity`.
    public internal(set) var path: String
    /// What went wrong, in words a person can act on.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The category of the failure.
    ///   - parseCode: The Parse error code; `nil` uses the kind's usual code (``Kind/defaultParseCode``).
    ///   - offset: The byte offset in the input, when decoding.
    ///   - path: The path of the offending value; `$` is the document root.
    ///   - message: What went wrong, in words a person can act on.
    public init(_ kind: Kind, parseCode: Int? = nil, offset: Int? = nil, path: String = "$", message: String) {
        self.kind = kind
        self.parseCode = parseCode ?? kind.defaultParseCode
        self.offset = offset
        self.path = path
        self.message = message
    }

    /// The same error placed at a position; a position already set is kept.
    func located(offset: Int?, path: @autoclosure () -> String) -> ParseWireError {
        var copy = self
        if copy.offset == nil { copy.offset = offset }
        if copy.path == "$" { copy.path = path() }
        return copy
    }

    /// One line: kind, Parse code, offset, path and message.
    public var description: String {
        var text = kind.name
        if let parseCode { text += " (Parse code \(parseCode))" }
        // A missing key has no byte of its own: the offset is where the object lacking it starts.
        if let offset { text += kind == .missingField ? " in the object at byte \(offset)" : " at byte \(offset)" }
        text += ", \(path): \(message)"
        return text
    }

    /// The 1-based line and column of ``offset`` in `input`, counting columns in bytes.
    ///
    /// Computed on demand so that decoding never pays for line bookkeeping.
    /// - Returns: `nil` when the error has no offset.
    public func lineAndColumn(in input: some Collection<UInt8>) -> (line: Int, column: Int)? {
        guard let offset else { return nil }
        var line = 1
        var column = 1
        for (index, byte) in input.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

extension ParseWireError {
    /// A category of failure. The set is closed and shared with the conformance corpus
    /// (`Vectors/INTERPRETING.md`); it is a struct rather than an enum so that adding a kind in a
    /// later version breaks nobody's `switch`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The corpus name of the kind, such as `invalid-date`.
        public let name: String
        /// The Parse error code usually earned by this kind of defect, if any.
        public let defaultParseCode: Int?

        private init(_ name: String, _ code: Int?) {
            self.name = name
            self.defaultParseCode = code
        }

        public var description: String { name }

        /// The input is not RFC 8259 JSON (Parse code 107, INVALID_JSON).
        public static let jsonSyntax = Kind("json-syntax", 107)
        /// The input is not valid UTF-8, or a `\u` escape names a lone surrogate (Parse code 107).
        public static let invalidUTF8 = Kind("invalid-utf8", 107)
        /// An object repeats a key; Parse Server would silently keep the last one.
        public static let duplicateKey = Kind("duplicate-key", nil)
        /// Arrays and objects nest deeper than the configured limit.
        public static let depthLimit = Kind("depth-limit", nil)
        /// The input or one of its parts is larger than a configured limit.
        public static let sizeLimit = Kind("size-limit", nil)
        /// A `__type` the codec does not know (Parse code 111).
        public static let unknownType = Kind("unknown-type", 111)
        /// A typed value or operation lacks a key it needs (Parse code 111).
        public static let missingField = Kind("missing-field", 111)
        /// A typed value or operation has a key it may not have.
        public static let unexpectedField = Kind("unexpected-field", nil)
        /// A key holds a JSON value of the wrong type (Parse code 111).
        public static let wrongFieldType = Kind("wrong-field-type", 111)
        /// A date is not in the accepted ISO 8601 form, or is outside years 0001–9999 (Parse code 111).
        public static let invalidDate = Kind("invalid-date", 111)
        /// A Bytes payload is not base64 in the accepted alphabet and padding (Parse code 111).
        public static let invalidBase64 = Kind("invalid-base64", 111)
        /// A number is outside the range its field allows, such as a latitude of 91.
        public static let outOfRange = Kind("out-of-range", nil)
        /// A class name breaks Parse's naming rule (Parse code 103).
        public static let invalidClassName = Kind("invalid-class-name", 103)
        /// A field name breaks Parse's naming rule (Parse code 105).
        public static let invalidFieldName = Kind("invalid-field-name", 105)
        /// A key inside a nested object contains `$` or `.` (Parse code 121).
        public static let invalidNestedKey = Kind("invalid-nested-key", 121)
        /// A key the server owns or reserves, such as `objectId` in a save body (Parse code 105).
        public static let reservedKey = Kind("reserved-key", 105)
        /// A key or value on Parse Server's request keyword denylist (Parse code 105).
        public static let prohibitedKeyword = Kind("prohibited-keyword", 105)
        /// An objectId that is empty or that storage would corrupt.
        public static let invalidObjectId = Kind("invalid-object-id", nil)
        /// An ACL that is not a map of principals to read/write grants (Parse code 123).
        public static let invalidACL = Kind("invalid-acl", 123)
        /// A field operation that is malformed or out of place (Parse code 107).
        public static let invalidOperation = Kind("invalid-operation", 107)
        /// A Polygon with fewer than three distinct points.
        public static let invalidPolygon = Kind("invalid-polygon", nil)
        /// A value the target cannot hold exactly, or that the wire format cannot express.
        public static let unrepresentable = Kind("unrepresentable", nil)

        /// Every kind, in the order of the corpus contract.
        public static let allKinds: [Kind] = [
            .jsonSyntax, .invalidUTF8, .duplicateKey, .depthLimit, .sizeLimit, .unknownType,
            .missingField, .unexpectedField, .wrongFieldType, .invalidDate, .invalidBase64,
            .outOfRange, .invalidClassName, .invalidFieldName, .invalidNestedKey, .reservedKey,
            .prohibitedKeyword, .invalidObjectId, .invalidACL, .invalidOperation, .invalidPolygon,
            .unrepresentable,
        ]

        /// The kind with a corpus name, if there is one.
        public init?(name: String) {
            guard let kind = Kind.allKinds.first(where: { $0.name == name }) else { return nil }
            self = kind
        }
    }
}
