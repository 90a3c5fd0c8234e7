/// One file of the corpus: the cases of one area, with the flags it defines.
package struct VectorFile: Sendable {
    /// The path relative to `Vectors/`, such as `cases/date/date.json`.
    package let path: String
    package let schemaVersion: String
    package let title: String
    /// The area, equal to the directory under `cases/`.
    package let area: String
    package let description: String?
    package let spec: [String]
    /// Flags defined for this file's cases, in addition to `flags.json`.
    package let flags: [String: FlagDefinition]
    package let cases: [VectorCase]
}

/// A named reason a case exists or may be treated differently.
package struct FlagDefinition: Sendable, Hashable {
    /// The categories a flag may have.
    package static let categories = ["basic", "edge-case", "leniency", "strictness", "precision", "legacy",
                                    "resource-limit", "security", "known-divergence", "protects-data", "canonical-only"]
    /// The categories allowed on an implementation-defined case.
    package static let implementationDefinedCategories: Set<String> = ["leniency", "strictness", "precision", "legacy", "known-divergence"]

    package let category: String
    package let description: String
}

/// A problem found in the corpus: where, which case, what.
package struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to `Vectors/`.
    package let file: String
    /// The case id, when the problem is in one case.
    package let id: String?
    package let message: String
    /// The 1-based line and column in ``file`` where the problem is written, when known.
    package var line: Int?
    package var column: Int?
    /// Text inside the case that the problem is about (a citation, a tag), to point the column at it.
    package var needle: String?

    /// Creates a finding.
    package init(file: String, id: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.id = id
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: ID: message`, with the parts that are known.
    package var description: String {
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return id.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
    }
}
