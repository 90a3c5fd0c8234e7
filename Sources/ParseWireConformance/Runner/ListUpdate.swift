import ParseWire

/// A suggestions directory (`add.json`, `remove.json`, written by `--write-suggestions`) applied to
/// an expected-failures list: `parse-wire expected-failures apply` (INTERPRETING §10).
///
/// Entries are told apart by their label: the selector and the operation (`id D5PB1N decode`,
/// `tag bytes`). A suggested addition whose label the list already has is not added, so the
/// maintainer's own entry, reason and mode stay; a suggested removal whose label the list no longer
/// has is done already. Every entry the update keeps keeps its members and its place; added entries
/// come last, in the order of `add.json`; an entry that partly passes is replaced, in its place, by
/// its narrowed entries. Applying the same directory twice changes nothing the second time.
package struct ListUpdate: Sendable {
    /// What the update did to one entry.
    package enum Change: Sendable, Hashable {
        /// A suggested entry, appended (with mode `flaky` when `passingIsFlaky` made it so).
        case added(String, flaky: Bool)
        /// An entry taken out, and why.
        case removed(String, SuggestedRemoval.Why)
        /// An entry that partly passes, replaced in its place by entries with these labels (with
        /// `passingIsFlaky`, those of mode `flaky` for the checks that passed among them).
        case replaced(String, by: [String])
        /// An entry a suggestion named but the update keeps, and why.
        case kept(String, SuggestedRemoval.Why)
        /// An entry whose checks now pass, kept with mode `flaky` (``apply(list:additions:removals:passingIsFlaky:)``).
        case madeFlaky(String)

        /// One line for the console: `+ tag bytes`, `- id D5PB1N decode (now passes)`.
        package var line: String {
            switch self {
            case .added(let label, let flaky): "+ \(label)" + (flaky ? " (mode flaky)" : "")
            case .removed(let label, let why): "- \(label) (\(why.rawValue))"
            case .replaced(let label, let by): "~ \(label) (partly passes): replaced by " + (by.isEmpty ? "nothing" : by.joined(separator: ", "))
            case .kept(let label, let why):
                "= \(label) (\(why.rawValue)): kept; a run with no filter and no --shard tells whether it should go"
            case .madeFlaky(let label): "* \(label) (now passes): mode flaky"
            }
        }
    }

    /// The updated list, formatted: the list's members in its order, one entry per line.
    package let text: String
    /// What changed, removals and replacements in list order, then additions.
    package let changes: [Change]
    /// The number of entries before and after.
    package let before: Int, after: Int
    /// Suggested additions the list already had (by label).
    package let alreadyListed: Int
    /// Suggested removals of entries the list no longer has (or, with `passingIsFlaky`, already
    /// has with mode `flaky`).
    package let alreadyRemoved: Int

    /// `conformance/expected-failures.json: 12 entries → 15 (4 added, 1 removed, 1 replaced)`, with
    /// what was already done.
    package func summary(path: String) -> String {
        func count(_ kind: (Change) -> Bool) -> Int { changes.lazy.filter(kind).count }
        let flaky = count { if case .madeFlaky = $0 { true } else { false } }
        let added = count { if case .added = $0 { true } else { false } }
        let removed = count { if case .removed = $0 { true } else { false } }
        let replaced = count { if case .replaced = $0 { true } else { false } }
        var text = "\(path): \(before) entr\(before == 1 ? "y" : "ies") → \(after) (\(added) added, \(removed) removed, \(replaced) replaced"
            + (flaky > 0 ? ", \(flaky) kept as flaky)" : ")")
        var done: [String] = []
        if alreadyListed > 0 { done.append("\(alreadyListed) suggested entr\(alreadyListed == 1 ? "y was" : "ies were") already listed") }
        if alreadyRemoved > 0 { done.append("\(alreadyRemoved) suggested removal\(alreadyRemoved == 1 ? " was" : "s were") already done") }
        if !done.isEmpty { text += "; " + done.joined(separator: ", ") }
        return text
    }

    /// Applies a suggestions directory to a list.
    /// - Parameters:
    ///   - list: The list's bytes and path; `nil` when there is no list yet (it is made from
    ///     `add.json`'s header).
    ///   - additions: `add.json`.
    ///   - removals: `remove.json`.
    ///   - passingIsFlaky: The implementation has not changed since the run the list was made
    ///     from, so a check whose outcome differs now is one whose outcome changes from run to run:
    ///     an entry that now passes is kept with mode `flaky`, one that partly passes is narrowed
    ///     with an entry of mode `flaky` for the case and operation of each check that passed, and
    ///     a suggested entry (a check that passed then and fails now) is added with mode `flaky`,
    ///     unless it is `skip` (a crash or a hang is not sent again either way).
    /// - Throws: ``CorpusError`` (a usage error) when a file is not what it should be, or the
    ///   suggestions are for another implementation than the list.
    package static func apply(list: (bytes: [UInt8], path: String)?, additions: (bytes: [UInt8], path: String),
                             removals: (bytes: [UInt8], path: String), passingIsFlaky: Bool = false) throws(CorpusError) -> ListUpdate {
        let current = try list.map { list throws(CorpusError) in try ExpectedFailures.read(list.bytes, path: list.path) }
        let suggested = try ExpectedFailures.read(additions.bytes, path: additions.path)
        let removing = try SuggestedRemoval.read(removals.bytes, path: removals.path)
        if let current, let mine = current.implementation, let theirs = suggested.implementation, mine != theirs {
            throw CorpusError(message: "\(additions.path) is for implementation \"\(theirs)\", and \(list?.path ?? "the list") for \"\(mine)\"; "
                + "apply the suggestions of a run of the list's own adapter")
        }
        var entries: [(label: String, node: JSONNode)] = current.map { list in list.entries.map { ($0.label, list.node(of: $0)) } } ?? []
        let before = entries.count
        var changes: [Change] = []
        var alreadyRemoved = 0
        for removal in removing {
            guard let place = entries.firstIndex(where: { $0.label == removal.label }) else {
                alreadyRemoved += 1
                continue
            }
            switch removal.why {
            case .nowPasses where passingIsFlaky && entries[place].node["mode"] == .string(ExpectedFailures.Entry.Mode.flaky.rawValue):
                alreadyRemoved += 1
            case .nowPasses where passingIsFlaky:
                let flaky = try labelled([ExpectedFailures.flaky(entries[place].node)], path: removals.path)
                entries.replaceSubrange(place...place, with: flaky)
                changes.append(.madeFlaky(removal.label))
            case .nowPasses, .matchesNothing, .retired:
                entries.removeAll { $0.label == removal.label }
                changes.append(.removed(removal.label, removal.why))
            case .partlyPasses:
                let others = Set(entries.indices.filter { $0 != place }.map { entries[$0].label })
                var seen = Set<String>()
                let flaky = passingIsFlaky ? ExpectedFailures.flakyEntries(removal.entry, passing: removal.passing) : []
                let replacements = try labelled(removal.replacements + flaky, path: removals.path)
                    .filter { !others.contains($0.label) && seen.insert($0.label).inserted }
                entries.replaceSubrange(place...place, with: replacements)
                changes.append(.replaced(removal.label, by: replacements.map(\.label)))
            case .passesInPartialRun:
                changes.append(.kept(removal.label, removal.why))
            }
        }
        var alreadyListed = 0
        var listed = Set(entries.map(\.label))
        for entry in suggested.entries {
            guard listed.insert(entry.label).inserted else {
                alreadyListed += 1
                continue
            }
            let flaky = passingIsFlaky && entry.mode == .xfail
            let node = suggested.node(of: entry)
            entries.append((entry.label, flaky ? ExpectedFailures.flaky(node) : node))
            changes.append(.added(entry.label, flaky: flaky))
        }
        let header = current?.document ?? suggested.document ?? .object([])
        let text = render(header, entries: entries.map(\.node))
        _ = try ExpectedFailures.read(Array(text.utf8), path: list?.path ?? "the updated list")
        return ListUpdate(text: text, changes: changes, before: before, after: entries.count,
                          alreadyListed: alreadyListed, alreadyRemoved: alreadyRemoved)
    }

    /// Entries read as a list (so each is checked as a list checks it), with their labels.
    static func labelled(_ nodes: [JSONNode], path: String) throws(CorpusError) -> [(label: String, node: JSONNode)] {
        let document = JSONNode.record([("format", .integer(1)), ("entries", .array(nodes))])
        let list = try ExpectedFailures.read(Array(document.compactText.utf8), path: path)
        return zip(list.entries, nodes).map { ($0.label, $1) }
    }

    /// A list's text: the members of `header` in its order (with `format` and `entries` added when
    /// missing), two spaces of indent, each entry compact on a line of its own.
    static func render(_ header: JSONNode, entries: [JSONNode]) -> String {
        var members = header.members ?? []
        if !members.contains(where: { $0.key == "format" }) { members.insert(JSONMember(key: "format", value: .integer(1)), at: 0) }
        if !members.contains(where: { $0.key == "entries" }) { members.append(JSONMember(key: "entries", value: .array([]))) }
        let lines = members.map { member -> String in
            let key = "  " + JSONNode.quoted(member.key) + ": "
            guard member.key == "entries" else { return key + member.value.compactText }
            return key + (entries.isEmpty ? "[]" : "[\n" + entries.map { "    " + $0.compactText }.joined(separator: ",\n") + "\n  ]")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}

extension SuggestedRemoval {
    /// Reads `remove.json`.
    /// - Throws: ``CorpusError`` (a usage error) when it is not a valid suggested-removals file.
    package static func read(_ bytes: [UInt8], path: String) throws(CorpusError) -> [SuggestedRemoval] {
        func problem(_ message: String) -> CorpusError { CorpusError(message: "\(path): \(message)") }
        let (_, nodes) = try ListDocument.read(bytes, path: path, what: "a suggested-removals file",
                                               members: ["$schema", "format", "implementation", "entries"])
        var removals: [SuggestedRemoval] = []
        for (index, node) in nodes.enumerated() {
            let place = "entries[\(index)]"
            guard let fields = node.members else { throw problem("\(place) must be an object") }
            if fields.contains(where: { $0.key == "remove" }) {
                throw problem("\(place) is a free-text removal of an earlier runner; run 'parse-wire conformance --write-suggestions' again")
            }
            if let extra = fields.first(where: { !["entry", "why", "checks", "replaceWith"].contains($0.key) }) {
                throw problem("\(place) has unknown member \"\(extra.key)\"")
            }
            guard let entry = node["entry"] else { throw problem("\(place) needs the \"entry\" to remove") }
            guard let why = node["why"]?.stringValue.flatMap(Why.init(rawValue:)) else {
                throw problem("\(place): \"why\" is one of " + Why.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            var passing: [String] = []
            if let checks = node["checks"] {
                guard let names = checks.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                    throw problem("\(place): \"checks\" is an array of check names")
                }
                passing = names.compactMap(\.stringValue)
            }
            guard (node["replaceWith"] != nil) == (why == .partlyPasses) else {
                throw problem("\(place): \"replaceWith\" is given exactly when \"why\" is \"partly passes\"")
            }
            var replacements: [JSONNode] = []
            if let given = node["replaceWith"] {
                guard let array = given.arrayValue else { throw problem("\(place): \"replaceWith\" is an array of entries") }
                replacements = array
            }
            let label = try ListUpdate.labelled([entry], path: "\(path): \(place).entry")[0].label
            _ = try ListUpdate.labelled(replacements, path: "\(path): \(place).replaceWith")
            removals.append(SuggestedRemoval(entry: entry, label: label, why: why, passing: passing, replacements: replacements))
        }
        return removals
    }
}
