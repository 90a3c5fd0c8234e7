import ParseWire

/// Suggested changes to an implementation's expected-failures list, for its maintainer:
/// `add.json` (entries for the unexpected results) and `remove.json` (entries that now pass or
/// match nothing).
///
/// Where every check of a tag, an area or an expected error kind fails the same way, one entry
/// covers the group; the rest are listed by id (and operation, unless every operation of the case
/// fails). Checks that crash, hang or break the protocol get mode `skip`, so the next run does
/// not send them; the others `xfail`. Each reason is drafted from what happened.
public enum SuggestionsReport {
    /// The fewest checks a group entry covers; smaller groups are listed by id.
    public static let smallestGroup = 3

    /// A draft entry and the checks it covers.
    struct Draft {
        var node: JSONNode
        var covered: [Int]
    }

    /// `add.json`: a valid expected-failures list.
    public static func additions(_ result: RunResult) -> String {
        let parts = result.corpusVersion.split(separator: ".")
        let range = parts.count >= 2 ? Int(parts[0]).map { ">=\($0).\(parts[1]) <\($0 + 1)" } : nil
        return list(drafts(result).map(\.node), implementation: result.hello.name, corpus: range)
    }

    /// `remove.json` (`Vectors/schema/suggested-removals.schema.json`): each entry of the list that
    /// should go, as it stands in the list, with why ("now passes", "matches nothing", …), the checks
    /// that now pass, and for an entry that partly passes the entries that replace it.
    public static func removals(_ result: RunResult) -> String {
        list(result.suggestedRemovals.map(\.node), implementation: result.hello.name)
    }

    /// Whether a check should not be sent again: it crashed, hung or broke the protocol.
    static func mustSkip(_ record: CheckRecord) -> Bool {
        record.outcome == .crash || record.outcome == .timeout || (record.outcome == .error && record.actual == nil)
    }

    static func drafts(_ result: RunResult) -> [Draft] {
        let records = result.records
        let failing = Set(records.indices.filter { records[$0].unexpected && records[$0].outcome != .xpass && records[$0].sent })
        var covered = Set<Int>()
        var drafts: [Draft] = []
        if !result.isFiltered {
            for group in groups(records, failing: failing) {
                let fresh = group.members.filter { !covered.contains($0) }
                guard fresh.count >= smallestGroup else { continue }
                covered.formUnion(group.members)
                let first = records[group.members[0]]
                let scope = group.operation.map { "every \($0.rawValue) check" } ?? "every check"
                let reason = "\(scope) of \(group.selector.0) \(group.selector.1) fails (\(group.members.count)); e.g. \(first.id): \(drafted(first))"
                drafts.append(Draft(node: entry([(group.selector.0, group.selector.1)], group.operation, mode: mustSkip(first), reason: reason),
                                    covered: group.members))
            }
        }
        var byCase: [String: [Int]] = [:]
        for index in records.indices where records[index].outcome != .unsupported { byCase[records[index].id, default: []].append(index) }
        var done = Set<String>()
        for index in failing.sorted() where !covered.contains(index) {
            let record = records[index]
            let siblings = byCase[record.id] ?? []
            let wholeCase = siblings.count > 1 && siblings.allSatisfy { failing.contains($0) && !covered.contains($0) && mustSkip(records[$0]) == mustSkip(record) }
            let key = wholeCase ? record.id : "\(record.id) \(record.operation.rawValue)"
            guard done.insert(key).inserted else { continue }
            drafts.append(Draft(node: entry([("id", record.id)], wholeCase ? nil : record.operation, mode: mustSkip(record),
                                             reason: "\(record.description): \(drafted(record))"), covered: wholeCase ? siblings : [index]))
        }
        return drafts
    }

    /// A group of checks sharing a selector (and an operation, or all of them), each failing the
    /// same way, largest first.
    static func groups(_ records: [CheckRecord], failing: Set<Int>) -> [(selector: (String, String), operation: AdapterOperation?, members: [Int])] {
        var members: [String: [Int]] = [:]
        var keys: [String: ((String, String), AdapterOperation?)] = [:]
        for (index, record) in records.enumerated() where record.outcome != .unsupported {
            let selectors = [("area", record.area)] + record.tags.map { ("tag", $0) } + (record.expectedError.map { [("error", $0)] } ?? [])
            for selector in selectors {
                for operation in [nil, record.operation] {
                    let key = "\(selector.0) \(selector.1) \(operation?.rawValue ?? "*")"
                    members[key, default: []].append(index)
                    keys[key] = (selector, operation)
                }
            }
        }
        return members.compactMap { key, indices -> (selector: (String, String), operation: AdapterOperation?, members: [Int])? in
            guard indices.count >= smallestGroup, indices.allSatisfy(failing.contains) else { return nil }
            let skip = mustSkip(records[indices[0]])
            guard indices.allSatisfy({ mustSkip(records[$0]) == skip }), let (selector, operation) = keys[key] else { return nil }
            return (selector, operation, indices)
        }.sorted(by: comesFirst)
    }

    /// The order groups are considered in, so suggestions are the same from run to run: larger
    /// first, then all operations before one, then tag, area, error, then by name and operation.
    static func comesFirst(_ a: (selector: (String, String), operation: AdapterOperation?, members: [Int]),
                           _ b: (selector: (String, String), operation: AdapterOperation?, members: [Int])) -> Bool {
        if a.members.count != b.members.count { return a.members.count > b.members.count }
        if (a.operation == nil) != (b.operation == nil) { return a.operation == nil }
        let rank = ["tag": 0, "area": 1, "error": 2]
        if a.selector.0 != b.selector.0 { return rank[a.selector.0, default: 3] < rank[b.selector.0, default: 3] }
        if a.selector.1 != b.selector.1 { return a.selector.1 < b.selector.1 }
        return (a.operation?.rawValue ?? "") < (b.operation?.rawValue ?? "")
    }

    /// What happened to a check, in words a reason can start from: "accepts …", "writes …".
    static func drafted(_ record: CheckRecord) -> String {
        let happened: String
        switch record.outcome {
        case .crash: happened = "crashes the adapter (\(record.message.components(separatedBy: " while").first ?? record.message))"
        case .timeout: happened = "hangs: " + (record.message.components(separatedBy: ";").first ?? record.message)
        case .skip: happened = record.message.replacingOccurrences(of: "skipped by the adapter", with: "the adapter skips it")
        case .error where record.actual == nil:
            happened = "breaks the protocol: " + record.message.replacingOccurrences(of: "protocol violation: ", with: "")
                .replacingOccurrences(of: "; the adapter was restarted", with: "")
        case .error: happened = record.message.replacingOccurrences(of: "the adapter errored", with: "the adapter errors")
        default:
            if let kind = record.expectedError, record.actual?["error"] == nil {
                happened = record.operation == .encode ? "writes it, though the corpus rejects it as \(kind)"
                    : "accepts it, though the corpus rejects it as \(kind)"
            } else if let kind = record.actual?["error"]?["kind"]?.stringValue {
                happened = "rejects it with \(kind)" + (record.actual?["error"]?["message"]?.stringValue.map { ": \($0)" } ?? "")
            } else {
                happened = record.message.replacingOccurrences(of: "decoded differently", with: "decodes differently")
                    .replacingOccurrences(of: "wrote a different document", with: "writes a different document")
            }
        }
        return FirstDifference.excerpt(happened)
    }

    static func entry(_ selector: [(String, String)], _ operation: AdapterOperation?, mode skip: Bool, reason: String) -> JSONNode {
        .record(selector.map { ($0.0, JSONNode.string($0.1)) } + [
            ("op", operation.map { .string($0.rawValue) }), ("mode", .string(skip ? "skip" : "xfail")), ("reason", .string(reason)),
        ])
    }

    static func list(_ entries: [JSONNode], implementation: String, corpus: String? = nil) -> String {
        var text = "{\n  \"format\": 1,\n  \"implementation\": \(JSONNode.quoted(implementation)),\n"
        if let corpus { text += "  \"corpus\": \(JSONNode.quoted(corpus)),\n" }
        text += "  \"entries\": ["
        text += entries.isEmpty ? "]\n}\n" : "\n" + entries.map { "    " + $0.compactText }.joined(separator: ",\n") + "\n  ]\n}\n"
        return text
    }
}
