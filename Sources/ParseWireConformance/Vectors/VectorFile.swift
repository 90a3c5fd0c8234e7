/// One file of the corpus: the cases of one area, with the flags it defines.
public struct VectorFile: Sendable {
    /// The path relative to `Vectors/`, such as `cases/date/date.json`.
    public let path: String
    public let schemaVersion: String
    public let title: String
    /// The area, equal to the directory under `cases/`.
    public let area: String
    public let description: String?
    public let spec: [String]
    /// Flags defined for this file's cases, in addition to `flags.json`.
    public let flags: [String: FlagDefinition]
    public let cases: [VectorCase]
}

/// A named reason a case exists or may be treated differently.
public struct FlagDefinition: Sendable, Hashable {
    /// The categories a flag may have.
    public static let categories = ["basic", "edge-case", "leniency", "strictness", "precision", "legacy",
                                    "resource-limit", "security", "known-divergence", "protects-data", "canonical-only"]
    /// The categories allowed on an implementation-defined case.
    public static let implementationDefinedCategories: Set<String> = ["leniency", "strictness", "precision", "legacy", "known-divergence"]

    public let category: String
    public let description: String
}

/// A problem found in the corpus: where, which case, what.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to `Vectors/`.
    public let file: String
    /// The case id, when the problem is in one case.
    public let id: String?
    public let message: String
    /// The 1-based line and column in ``file`` where the problem is written, when known.
    public var line: Int?
    public var column: Int?
    /// Text inside the case that the problem is about (a citation, a tag), to point the column at it.
    package var needle: String?

    /// Creates a finding.
    public init(file: String, id: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.id = id
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: ID: message`, with the parts that are known.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return id.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
    }
}
