import ParseWire

/// Which cases a run includes: `--area`, `--tag`, `--id`, `--kind`, `--level`. Each list is a
/// union; an empty list allows everything; a case must pass every list.
package struct CaseFilter: Sendable, Hashable {
    package var areas: Set<String> = []
    package var tags: Set<String> = []
    package var ids: Set<String> = []
    package var kinds: Set<VectorCase.Kind> = []
    package var levels: Set<VectorCase.Level> = []

    /// Creates a filter that allows every case.
    package init() {}

    /// Whether the run includes `vector` of `file`.
    package func includes(_ vector: VectorCase, in file: VectorFile) -> Bool {
        (areas.isEmpty || areas.contains(file.area))
            && (tags.isEmpty || !tags.isDisjoint(with: vector.tags))
            && (ids.isEmpty || ids.contains(vector.id))
            && (kinds.isEmpty || kinds.contains(vector.kind))
            && (levels.isEmpty || levels.contains(vector.level))
    }

    /// The filter in words, for messages: `--area nosuch --tag date`.
    package var summary: String {
        let parts = [("--area", areas), ("--tag", tags), ("--id", ids), ("--kind", Set(kinds.map(\.rawValue))),
                     ("--level", Set(levels.map(\.rawValue)))]
        let named = parts.filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1.sorted().joined(separator: ","))" }
        return named.isEmpty ? "no filter" : named.joined(separator: " ")
    }

    /// The filter as a JSON object for the report header.
    package var node: JSONNode {
        .record([("areas", list(areas)), ("tags", list(tags)), ("ids", list(ids)),
                 ("kinds", list(Set(kinds.map(\.rawValue)))), ("levels", list(Set(levels.map(\.rawValue))))])
    }

    private func list(_ values: Set<String>) -> JSONNode? {
        values.isEmpty ? nil : .array(values.sorted().map(JSONNode.string))
    }
}
