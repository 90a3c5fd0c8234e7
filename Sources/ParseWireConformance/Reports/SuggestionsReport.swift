import ParseWire

/// Suggested changes to an implementation's expected-failures list, for its maintainer:
/// `add.json` (draft entries for the unexpected failures, reason to be written) and `remove.json`
/// (entries that now pass or match nothing).
public enum SuggestionsReport {
    /// The reason a draft entry carries until the maintainer writes the real one.
    public static let placeholderReason = "describe why this check fails"

    /// `add.json`: a valid expected-failures list of draft entries, one per failing (id, op).
    public static func additions(_ result: RunResult) -> String {
        var seen: Set<String> = []
        var entries: [JSONNode] = []
        for record in result.suggestedAdditions where seen.insert("\(record.id) \(record.operation.rawValue)").inserted {
            let mode = record.outcome == .timeout || record.outcome == .crash ? "skip" : "xfail"
            entries.append(.record([("id", .string(record.id)), ("op", .string(record.operation.rawValue)), ("mode", .string(mode)),
                                    ("reason", .string(placeholderReason))]))
        }
        return list(entries, implementation: result.hello.name)
    }

    /// `remove.json`: the entries to delete, each with why.
    public static func removals(_ result: RunResult) -> String {
        list(result.suggestedRemovals.map { JSONNode.record([("remove", .string($0))]) }, implementation: result.hello.name)
    }

    static func list(_ entries: [JSONNode], implementation: String) -> String {
        var text = "{\n  \"format\": 1,\n  \"implementation\": \(JSONNode.quoted(implementation)),\n  \"entries\": ["
        text += entries.isEmpty ? "]\n}\n" : "\n" + entries.map { "    " + $0.compactText }.joined(separator: ",\n") + "\n  ]\n}\n"
        return text
    }
}
