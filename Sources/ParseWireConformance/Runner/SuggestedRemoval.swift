import ParseWire

/// An entry of an expected-failures list that a run says should go, and why: one entry of
/// `remove.json` (`Vectors/schema/suggested-removals.schema.json`, INTERPRETING §10).
package struct SuggestedRemoval: Sendable, Hashable {
    /// Why an entry should go.
    package enum Why: String, Sendable, Hashable, CaseIterable {
        /// Every check the entry covered in the run passed (`xpass`): delete it.
        case nowPasses = "now passes"
        /// Some of its checks passed and others still fail: replace it with entries for the case
        /// and operation of each check that still fails (`replaceWith` in `remove.json`).
        case partlyPasses = "partly passes"
        /// It names no check the corpus plans: delete it.
        case matchesNothing = "matches nothing"
        /// It names a retired case: delete it.
        case retired = "names a retired case"
        /// A tag, area or error entry with checks that passed in a filtered or sharded run, which
        /// saw only some of the checks it covers: only a whole run can tell whether it should go,
        /// so applying the suggestions keeps it.
        case passesInPartialRun = "passes in a partial run"
    }

    /// The entry as it stands in the list, its members in the list's order.
    package let entry: JSONNode
    /// The entry's label (`id D5PB1N decode`, `tag polygon`), which names it in the list.
    package let label: String
    /// Why it should go.
    package let why: Why
    /// The checks the entry covered that now pass (`ID op input`), for the maintainer.
    package let passing: [String]
    /// For ``Why/partlyPasses``: the entries that keep covering the checks that still fail, each
    /// the old entry's members (its reason, mode, issue) with the selector narrowed to one case and,
    /// where the case's other operations pass, one operation.
    package let replacements: [JSONNode]

    /// The `remove.json` entry: `{"entry": …, "why": …, "checks": […], "replaceWith": […]}`.
    package var node: JSONNode {
        .record([("entry", entry), ("why", .string(why.rawValue)),
                 ("checks", passing.isEmpty ? nil : .array(passing.map(JSONNode.string))),
                 ("replaceWith", why == .partlyPasses ? .array(replacements) : nil)])
    }
}

extension RunResult {
    /// The entries of the run's list that should go (`remove.json`), in list order.
    ///
    /// An entry whose checks all passed goes; one whose checks partly passed is narrowed to the
    /// cases and operations that still fail. An id entry is judged in any run, since a filter and a
    /// shard take or leave a case whole; a tag, area or error entry only in a run that was neither
    /// filtered nor sharded. An entry of mode `flaky` or `skip` never passes (its checks are never
    /// `xpass`): it goes only when it matches nothing.
    package var suggestedRemovals: [SuggestedRemoval] {
        guard let list = expectedFailures else { return [] }
        var covered: [Int: [CheckRecord]] = [:]
        for record in records where record.listedMode == .xfail && record.outcome != .unsupported {
            if let position = record.listedEntry { covered[position, default: []].append(record) }
        }
        var ran: [String: [CheckRecord]] = [:]
        for record in records where record.outcome != .unsupported { ran[record.id, default: []].append(record) }
        var removals: [SuggestedRemoval] = []
        let stale = Set(unmatchedEntries.map(\.position)), retired = Set(retiredEntries.map(\.position))
        for entry in list.entries {
            let node = list.node(of: entry)
            if stale.contains(entry.position) {
                removals.append(SuggestedRemoval(entry: node, label: entry.label, why: .matchesNothing, passing: [], replacements: []))
                continue
            }
            if retired.contains(entry.position) {
                removals.append(SuggestedRemoval(entry: node, label: entry.label, why: .retired, passing: [], replacements: []))
                continue
            }
            let checks = covered[entry.position] ?? []
            let passing = checks.filter { $0.outcome == .xpass }
            guard !passing.isEmpty else { continue }
            let failing = checks.filter { $0.outcome != .xpass }
            let why: SuggestedRemoval.Why = entry.id == nil && isPartial ? .passesInPartialRun : failing.isEmpty ? .nowPasses : .partlyPasses
            removals.append(SuggestedRemoval(entry: node, label: entry.label, why: why, passing: passing.map(\.name),
                                             replacements: why == .partlyPasses ? Self.narrowed(node, entry, checks, ran: ran) : []))
        }
        return removals
    }

    /// The entries that replace `entry` for the checks of `checks` (those it covers) that still
    /// fail: per case, one entry without `op` when the entry has none and covers every check of the
    /// case that ran, all failing; else one per operation whose covered checks fail. An operation
    /// whose inputs went both ways (one passes, another fails) cannot be narrowed further, since an
    /// entry cannot name an input, so it is listed `flaky`.
    /// - Parameter ran: The checks of the run that were not `unsupported`, by case.
    static func narrowed(_ entry: JSONNode, _ listed: ExpectedFailures.Entry, _ checks: [CheckRecord], ran: [String: [CheckRecord]]) -> [JSONNode] {
        var order: [String] = []
        var byCase: [String: [CheckRecord]] = [:]
        for check in checks {
            if byCase[check.id] == nil { order.append(check.id) }
            byCase[check.id, default: []].append(check)
        }
        var nodes: [JSONNode] = []
        for id in order {
            let caseChecks = byCase[id] ?? []
            guard caseChecks.contains(where: { $0.outcome != .xpass }) else { continue }
            if listed.operation == nil, caseChecks.allSatisfy({ $0.outcome != .xpass }),
               (ran[id] ?? []).allSatisfy({ $0.listedEntry == listed.position }) {
                nodes.append(ExpectedFailures.narrow(entry, id: id, operation: nil, flaky: false))
                continue
            }
            for operation in AdapterOperation.allCases {
                let ofOperation = caseChecks.filter { $0.operation == operation }
                let failing = ofOperation.filter { $0.outcome != .xpass }
                guard !failing.isEmpty else { continue }
                nodes.append(ExpectedFailures.narrow(entry, id: id, operation: operation, flaky: failing.count < ofOperation.count))
            }
        }
        return nodes
    }
}

extension ExpectedFailures {
    /// The members of an entry that are not its selector.
    static let entryDetails: Set<String> = ["op", "mode", "errorKind", "reason", "issue"]

    /// The entry as it stands in the list: its node in the file read, else its members in the
    /// canonical order.
    package func node(of entry: Entry) -> JSONNode {
        if let nodes = document?["entries"]?.arrayValue, entry.position < nodes.count, entries.count == nodes.count {
            return nodes[entry.position]
        }
        return .record([("id", entry.id.map(JSONNode.string)), ("tag", entry.tag.map(JSONNode.string)),
                        ("area", entry.area.map(JSONNode.string)), ("error", entry.error.map(JSONNode.string)),
                        ("op", entry.operation.map { .string($0.rawValue) }),
                        ("mode", entry.mode == .xfail ? nil : .string(entry.mode.rawValue)),
                        ("errorKind", entry.errorKind.map(JSONNode.string)), ("reason", .string(entry.reason)),
                        ("issue", entry.issue.map(JSONNode.string))])
    }

    /// `entry` with mode `flaky`, its other members as they are.
    static func flaky(_ entry: JSONNode) -> JSONNode {
        let members = entry.members ?? []
        guard members.contains(where: { $0.key == "mode" }) else {
            var flaky = members
            flaky.insert(JSONMember(key: "mode", value: .string(Entry.Mode.flaky.rawValue)), at: flaky.firstIndex { $0.key == "reason" } ?? flaky.endIndex)
            return .object(flaky)
        }
        return .object(members.map { $0.key == "mode" ? JSONMember(key: "mode", value: .string(Entry.Mode.flaky.rawValue)) : $0 })
    }

    /// Entries of mode `flaky` narrowed from `entry`, one per case and operation of the checks
    /// named in `passing` (`ID op input`), in their order.
    static func flakyEntries(_ entry: JSONNode, passing: [String]) -> [JSONNode] {
        var seen = Set<String>()
        return passing.compactMap { name -> JSONNode? in
            let words = name.split(separator: " ")
            guard words.count >= 2, let operation = AdapterOperation(rawValue: String(words[1])),
                  seen.insert("\(words[0]) \(operation.rawValue)").inserted else { return nil }
            return narrow(entry, id: String(words[0]), operation: operation, flaky: true)
        }
    }

    /// `entry` with its selector replaced by case `id` (and `operation`), its other members kept
    /// in their order; mode `flaky` when asked.
    static func narrow(_ entry: JSONNode, id: String, operation: AdapterOperation?, flaky: Bool) -> JSONNode {
        var members = [JSONMember(key: "id", value: .string(id))]
        if let operation { members.append(JSONMember(key: "op", value: .string(operation.rawValue))) }
        members += (entry.members ?? []).filter { entryDetails.contains($0.key) && $0.key != "op" }
        return flaky ? Self.flaky(.object(members)) : .object(members)
    }
}
