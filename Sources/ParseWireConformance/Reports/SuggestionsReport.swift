import ParseWire

/// Suggested changes to an implementation's expected-failures list, for its maintainer:
/// `add.json` (entries for the unexpected results) and `remove.json` (entries that now pass or
/// match nothing).
///
/// One entry per cause (``Cause``): every unexpected check with the same cause is one behaviour
/// of the implementation, covered by one `cause` entry whatever its case, area or rule. Checks
/// that crash or hang the adapter are the exception: a cause is known only once a check has run,
/// and these must not run again, so they get `skip` entries by id. Each reason is drafted from
/// the cause: how many checks and cases, the rules, and one example. Checks the run shows answered
/// in two orders where the same output is expected (``UnstableOrder``) leave their cause and get
/// entries of mode `flaky` by case and operation, since their outcome changes from run to run.
package enum SuggestionsReport {
    /// A draft entry and the checks it covers.
    struct Draft {
        var node: JSONNode
        var covered: [Int]
    }

    /// `add.json`: a valid expected-failures list.
    package static func additions(_ result: RunResult) -> String {
        let parts = result.corpusVersion.split(separator: ".")
        let range = parts.count >= 2 ? Int(parts[0]).map { ">=\($0).\(parts[1]) <\($0 + 1)" } : nil
        return list(drafts(result).map(\.node), implementation: result.hello.name, corpus: range)
    }

    /// `remove.json` (`Vectors/schema/suggested-removals.schema.json`): each entry of the list that
    /// should go, as it stands in the list, with why ("now passes", "matches nothing", …), the checks
    /// that now pass, and for an entry that partly passes the entries that replace it.
    package static func removals(_ result: RunResult) -> String {
        list(result.suggestedRemovals.map(\.node), implementation: result.hello.name)
    }

    /// Whether a check should not be sent again: it crashed or hung the adapter.
    static func mustSkip(_ record: CheckRecord) -> Bool {
        record.outcome == .crash || record.outcome == .timeout
    }

    /// The unexpected checks of a run grouped by cause, largest first (then by the cause's text,
    /// so the order is the same from run to run); checks without a cause are left out.
    package static func causes(_ records: [CheckRecord]) -> [(cause: String, members: [Int])] {
        var members: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            if let cause = record.cause { members[cause, default: []].append(index) }
        }
        return members.map { ($0.key, $0.value) }.sorted { a, b in
            a.members.count != b.members.count ? a.members.count > b.members.count : a.cause < b.cause
        }
    }

    static func drafts(_ result: RunResult) -> [Draft] {
        let records = result.records
        let failing = records.indices.filter { records[$0].unexpected && records[$0].outcome != .xpass && records[$0].sent }
        var drafts: [Draft] = []
        let unstable = UnstableOrder.find(records)
        let chosen = failing.filter { !mustSkip(records[$0]) && unstable[$0] == nil }
        let byCause = causes(chosen.map { records[$0] })
        for (cause, positions) in byCause {
            let members = positions.map { chosen[$0] }
            drafts.append(Draft(node: .record([("cause", .string(cause)), ("mode", .string("xfail")),
                                               ("reason", .string(reason(cause, members.map { records[$0] })))]),
                                covered: members))
        }
        drafts += flakyDrafts(records, unstable)
        // One entry per extra environment whose own failures no entry lists: they are one
        // behaviour (the implementation reads the time zone or the locale), not one per check.
        for found in result.environments where found.unexpected && !found.failures.isEmpty {
            let cases = Set(found.failures.map(\.id)).count
            let why = "fails only under \(found.environment.label): \(found.failures.count) check\(found.failures.count == 1 ? "" : "s") "
                + "of \(cases) case\(cases == 1 ? "" : "s") that pass under UTC; e.g. \(found.failures[0].name): \(drafted(found.failures[0]))"
            drafts.append(Draft(node: entry([("environment", found.environment.rawValue)], nil, mode: .xfail, reason: why), covered: []))
        }
        var byCase: [String: [Int]] = [:]
        for index in records.indices where records[index].outcome != .unsupported { byCase[records[index].id, default: []].append(index) }
        var done = Set<String>()
        for index in failing where mustSkip(records[index]) {
            let record = records[index]
            let siblings = byCase[record.id] ?? []
            let wholeCase = siblings.count > 1 && siblings.allSatisfy { records[$0].unexpected && mustSkip(records[$0]) }
            let key = wholeCase ? record.id : "\(record.id) \(record.operation.rawValue)"
            guard done.insert(key).inserted else { continue }
            drafts.append(Draft(node: entry([("id", record.id)], wholeCase ? nil : record.operation, mode: .skip,
                                             reason: "\(record.description): \(drafted(record))"), covered: wholeCase ? siblings : [index]))
        }
        return drafts
    }

    /// Entries of mode `flaky` for the checks whose output order changes from run to run
    /// (``UnstableOrder``), one per case and operation, in the order of the run: each check that
    /// failed, and each that passed unlisted, since the next run may fail it.
    static func flakyDrafts(_ records: [CheckRecord], _ unstable: [Int: Int]) -> [Draft] {
        var drafts: [Draft] = []
        var byLabel: [String: Int] = [:]
        for index in unstable.keys.sorted() {
            let record = records[index]
            guard record.unexpected && record.outcome != .xpass || record.outcome == .pass && record.listedEntry == nil,
                  let witness = unstable[index].map({ records[$0] }) else { continue }
            let label = "\(record.id) \(record.operation.rawValue)"
            if let known = byLabel[label] {
                drafts[known].covered.append(index)
                continue
            }
            byLabel[label] = drafts.count
            let seen = (record.cause.map { "\($0); " } ?? "") + "answered in another order than \(witness.name), which expects the same output"
            drafts.append(Draft(node: entry([("id", record.id)], record.operation, mode: .flaky,
                                             reason: "\(seen): the order changes from run to run (a hash order), so either outcome is expected"),
                                covered: [index]))
        }
        return drafts
    }

    /// A cause entry's reason: `342 checks of 120 cases (BYTES-1, CONT-2, …); e.g. 6ES76D decode wire: …`.
    static func reason(_ cause: String, _ members: [CheckRecord]) -> String {
        let cases = Set(members.map(\.id)).count
        let rules = ruleList(members)
        let example = members[0]
        return "\(cause): \(members.count) check\(members.count == 1 ? "" : "s") of \(cases) case\(cases == 1 ? "" : "s")"
            + (rules.isEmpty ? "" : " (\(rules))") + "; e.g. \(example.name): \(drafted(example))"
    }

    /// The rules of some checks, most checks first, at most five named.
    package static func ruleList(_ members: [CheckRecord]) -> String {
        var counts: [String: Int] = [:]
        for record in members { if let rule = record.rule { counts[rule, default: 0] += 1 } }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        return ranked.prefix(5).joined(separator: ", ") + (ranked.count > 5 ? ", and \(ranked.count - 5) more" : "")
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
        case .pass, .fail, .xfail, .xpass, .unsupported, .tolerated, .accepted, .rejected:
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

    static func entry(_ selector: [(String, String)], _ operation: AdapterOperation?, mode: ExpectedFailures.Entry.Mode, reason: String) -> JSONNode {
        .record(selector.map { ($0.0, JSONNode.string($0.1)) } + [
            ("op", operation.map { .string($0.rawValue) }), ("mode", .string(mode.rawValue)), ("reason", .string(reason)),
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
