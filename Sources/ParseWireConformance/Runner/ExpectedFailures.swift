import ParseWire

/// An implementation's list of checks known to fail (`Vectors/schema/expected-failures.schema.json`).
///
/// Strict by design: a listed check that passes (`xpass`) and an entry that matches no check of
/// the corpus both fail the run, so the list shrinks as bugs are fixed.
package struct ExpectedFailures: Sendable {
    /// One entry: an id, a tag, an area or an expected error kind, optionally one operation, and why.
    package struct Entry: Sendable, Hashable {
        /// What a listed check does.
        package enum Mode: String, Sendable, Hashable {
            /// Run it; a failure is `xfail`, a pass is `xpass`.
            case xfail
            /// Do not run it (for hangs and crashes only).
            case skip
            /// Run it; either outcome is expected: a failure is `xfail`, a pass stays a pass, never
            /// `xpass`. For a check whose outcome changes between runs of the same implementation
            /// (output in hash order), which would otherwise fail one run in two.
            case flaky
        }

        package let id: String?
        package let tag: String?
        /// Every case of an area (a directory under `cases/`).
        package let area: String?
        /// Every case whose expected error kind (the case's `error`) is this one.
        package let error: String?
        /// Every failing check whose cause (``Cause``'s text) is this one, whatever its case.
        package let cause: String?
        /// The failures that show only in this extra environment (``EnvironmentResult``): one
        /// entry for them all; with mode `skip`, the environment is not checked.
        package let environment: AdapterEnvironment?
        /// The operation; `nil` for every operation (`"*"`).
        package let operation: AdapterOperation?
        package let mode: Mode
        /// The rejection kind the failure currently has; a failure of another shape is not covered.
        package let errorKind: String?
        package let reason: String
        package let issue: String?
        /// The entry's position in its list, from 0 (set by the list), so a check's record can say
        /// which entry covered it even when two entries read alike.
        package internal(set) var position = 0

        /// `id D5PB1N decode`, `tag polygon`, `area date`, `error invalid-date` or
        /// `cause decode: expected Bytes, got string`, for messages.
        package var label: String {
            if let cause { return "cause \(cause)" }
            if let environment { return "environment \(environment.rawValue)" }
            let selector = id.map { "id \($0)" } ?? tag.map { "tag \($0)" } ?? area.map { "area \($0)" } ?? "error \(error ?? "")"
            return selector + (operation.map { " \($0.rawValue)" } ?? "")
        }

        /// Creates an entry; exactly one of `id`, `tag`, `area`, `error`, `cause` and `environment` is given.
        package init(id: String? = nil, tag: String? = nil, area: String? = nil, error: String? = nil, cause: String? = nil,
                    environment: AdapterEnvironment? = nil, operation: AdapterOperation? = nil, mode: Mode = .xfail, errorKind: String? = nil, reason: String, issue: String? = nil) {
            self.id = id
            self.tag = tag
            self.area = area
            self.error = error
            self.cause = cause
            self.environment = environment
            self.operation = operation
            self.mode = mode
            self.errorKind = errorKind
            self.reason = reason
            self.issue = issue
        }

        func matches(_ vector: VectorCase, area caseArea: String, _ operation: AdapterOperation) -> Bool {
            if let only = self.operation, only != operation { return false }
            if let id { return id == vector.id }
            if let tag { return vector.tags.contains(tag) }
            if let area { return area == caseArea }
            return error != nil && error == vector.error
        }
    }

    /// The implementation the list belongs to, when it says.
    package let implementation: String?
    package let entries: [Entry]
    /// The SHA-256 of the file, for the report header.
    package let sha256: String
    /// The corpus versions the list was written for (`>=1.1 <2`), when it says.
    package let corpus: String?
    /// The entries' positions by the selector they use, so finding a check's entry costs a few
    /// dictionary look-ups whatever the length of the list.
    let byId: [String: [Int]]
    let byTag: [String: [Int]]
    let byArea: [String: [Int]]
    let byError: [String: [Int]]
    /// The list as read, each entry's members in the file's order, for rewriting it
    /// (``ListUpdate``); `nil` for a list built in code.
    package internal(set) var document: JSONNode?
    /// The first entry for each cause.
    let byCause: [String: Int]

    /// Creates a list.
    package init(implementation: String?, corpus: String? = nil, entries: [Entry], sha256: String) {
        self.implementation = implementation
        self.corpus = corpus
        self.entries = entries.enumerated().map { index, entry in
            var placed = entry
            placed.position = index
            return placed
        }
        self.sha256 = sha256
        var byId: [String: [Int]] = [:], byTag: [String: [Int]] = [:], byArea: [String: [Int]] = [:], byError: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            if let id = entry.id { byId[id, default: []].append(index) }
            if let tag = entry.tag { byTag[tag, default: []].append(index) }
            if let area = entry.area { byArea[area, default: []].append(index) }
            if let error = entry.error { byError[error, default: []].append(index) }
        }
        (self.byId, self.byTag, self.byArea, self.byError) = (byId, byTag, byArea, byError)
        byCause = entries.indices.reversed().reduce(into: [:]) { found, index in
            if let cause = entries[index].cause { found[cause] = index }
        }
    }

    /// The members an entry may have.
    static let entryKeys: Set<String> = ["id", "tag", "area", "error", "cause", "environment", "op", "mode", "errorKind", "reason", "issue"]

    /// Reads a list.
    /// - Throws: ``CorpusError`` (a usage error, exit 2) when the file is not a valid list.
    package static func read(_ bytes: [UInt8], path: String) throws(CorpusError) -> ExpectedFailures {
        func problem(_ message: String) -> CorpusError { CorpusError(message: "\(path): \(message)") }
        let (root, nodes) = try ListDocument.read(bytes, path: path, what: "an expected-failures list",
                                                  members: ["$schema", "format", "implementation", "corpus", "entries"])
        let corpus = root["corpus"]?.stringValue
        if let corpus, CorpusVersionRange(corpus) == nil {
            throw problem("\"corpus\" is a version range such as \">=1.1 <2\", not \"\(corpus)\"")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            var place: String { "entries[\(index)]" }
            guard let fields = node.members else { throw problem("\(place) must be an object") }
            if let extra = fields.first(where: { !Self.entryKeys.contains($0.key) }) { throw problem("\(place) has unknown member \"\(extra.key)\"") }
            let id = node["id"]?.stringValue, tag = node["tag"]?.stringValue, area = node["area"]?.stringValue, error = node["error"]?.stringValue
            let cause = node["cause"]?.stringValue, environmentName = node["environment"]?.stringValue
            guard [id, tag, area, error, cause, environmentName].compactMap({ $0 }).count == 1 else {
                throw problem("\(place) names exactly one of \"id\", \"tag\", \"area\", \"error\", \"cause\" and \"environment\"")
            }
            var environment: AdapterEnvironment?
            if let environmentName {
                guard let known = AdapterEnvironment(rawValue: environmentName) else {
                    let names = AdapterEnvironment.allCases.map(\.rawValue).joined(separator: ", ")
                    throw problem("\(place): \"\(environmentName)\" is not an environment (\(names))")
                }
                if node["op"] != nil || node["errorKind"] != nil {
                    throw problem("\(place): an \"environment\" entry covers every failure of that environment; give no \"op\" or \"errorKind\"")
                }
                environment = known
            }
            if let cause {
                guard let operation = cause.split(separator: ":", maxSplits: 1).first.flatMap({ AdapterOperation(rawValue: String($0)) }),
                      cause.hasPrefix(operation.rawValue + ": "), cause.count > operation.rawValue.count + 2 else {
                    throw problem("\(place): a \"cause\" starts with its operation, as a run reports it (\"decode: expected Bytes, got string\")")
                }
                if node["op"] != nil { throw problem("\(place): a \"cause\" names its operation; give no \"op\"") }
                if node["mode"]?.stringValue == "skip" {
                    throw problem("\(place): a \"cause\" entry cannot be \"skip\": a check's cause is known only once it has run")
                }
            }
            if let error, !ProtocolVersion.errorKinds.contains(error) || error == "other" { throw problem("\(place): \"\(error)\" is not an error kind") }
            if let id, !VectorID.isWellFormed(id) { throw problem("\(place): \"\(id)\" is not a case id") }
            guard let reason = node["reason"]?.stringValue, reason.unicodeScalars.count >= 5 else { throw problem("\(place) needs a \"reason\" (at least 5 characters)") }
            var operation: AdapterOperation?
            if let op = node["op"]?.stringValue, op != "*" {
                guard let known = AdapterOperation(rawValue: op) else { throw problem("\(place): \"op\" is decode, encode, roundtrip or *") }
                operation = known
            }
            guard let mode = Entry.Mode(rawValue: node["mode"]?.stringValue ?? "xfail") else { throw problem("\(place): \"mode\" is xfail, skip or flaky") }
            let errorKind = node["errorKind"]?.stringValue
            if let errorKind, !ProtocolVersion.errorKinds.contains(errorKind) { throw problem("\(place): \"\(errorKind)\" is not an error kind") }
            entries.append(Entry(id: id, tag: tag, area: area, error: error, cause: cause, environment: environment, operation: operation, mode: mode, errorKind: errorKind,
                                 reason: reason, issue: node["issue"]?.stringValue))
        }
        var list = ExpectedFailures(implementation: root["implementation"]?.stringValue, corpus: corpus, entries: entries, sha256: SHA256.hex(bytes))
        list.document = root
        return list
    }

    /// Checks that the list was written for this corpus version.
    /// - Throws: ``CorpusError`` (a usage error, exit 2) when the list's `corpus` range excludes it.
    package func check(corpusVersion: String, path: String) throws(CorpusError) {
        guard let corpus, let range = CorpusVersionRange(corpus) else { return }
        guard range.contains(corpusVersion) else {
            throw CorpusError(message: "\(path): the list is for corpus \(corpus), and this corpus is \(corpusVersion); "
                + "review the list against the corpus CHANGELOG, then update its \"corpus\" range")
        }
    }

    /// The entry covering a check: an id entry first, then the first of the tag, area and error
    /// entries in list order.
    /// - Parameter area: The case's area (its directory under `cases/`); worked out only when the
    ///   list has area entries.
    package func entry(for vector: VectorCase, area caseArea: @autoclosure () -> String, _ operation: AdapterOperation) -> Entry? {
        let area = byArea.isEmpty ? "" : caseArea()
        if let index = byId[vector.id]?.first(where: { entries[$0].matches(vector, area: area, operation) }) { return entries[index] }
        guard !byTag.isEmpty || !byArea.isEmpty || !byError.isEmpty else { return nil }
        var best: Int?
        func consider(_ indices: [Int]?) {
            for index in indices ?? [] where index < best ?? .max && entries[index].matches(vector, area: area, operation) {
                best = index
                break
            }
        }
        consider(byArea[area])
        if let error = vector.error { consider(byError[error]) }
        for tag in vector.tags { consider(byTag[tag]) }
        return best.map { entries[$0] }
    }

    /// The entry for a failing check with this cause (``Cause``'s text): the first `cause` entry
    /// that names it. Consulted only for a failing check no other entry covers.
    package func entry(forCause cause: String) -> Entry? {
        byCause[cause].map { entries[$0] }
    }

    /// The `cause` entries, which match by what a run finds, not by what the corpus plans.
    package var causeEntries: [Entry] { entries.filter { $0.cause != nil } }

    /// The first entry naming an extra environment.
    package func entry(for environment: AdapterEnvironment) -> Entry? {
        entries.first { $0.environment == environment }
    }

    /// The `environment` entries, which match by what a run's extra environments find.
    package var environmentEntries: [Entry] { entries.filter { $0.environment != nil } }

    /// The entries that match no check the corpus plans (whatever the run's filter and the
    /// adapter's answers), split into retired ids (a warning) and the rest (a failure). `cause`
    /// entries are not among them: whether one matches is known only from a run's failures.
    package func unmatched(in corpus: Corpus) -> (stale: [Entry], retired: [Entry]) {
        var matched = Set<Int>()
        for file in corpus.files {
            for vector in file.cases {
                for operation in CheckPlanner.operations(of: vector) {
                    var candidates = (byId[vector.id] ?? []) + (byArea[file.area] ?? []) + (vector.error.flatMap { byError[$0] } ?? [])
                    for tag in vector.tags { candidates += byTag[tag] ?? [] }
                    for index in candidates where entries[index].matches(vector, area: file.area, operation) { matched.insert(index) }
                }
            }
        }
        let retired = Set(corpus.retiredIds)
        var stale: [Entry] = [], retiredEntries: [Entry] = []
        for (index, entry) in entries.enumerated() where !matched.contains(index) && entry.cause == nil && entry.environment == nil {
            if let id = entry.id, retired.contains(id) { retiredEntries.append(entry) } else { stale.append(entry) }
        }
        return (stale, retiredEntries)
    }
}

/// A range of corpus versions: comparators separated by spaces (`>=1.1 <2`, `=1.1.0`, `1.1.0`);
/// missing components are 0.
struct CorpusVersionRange {
    let comparators: [(operator: String, version: [Int])]

    init?(_ text: String) {
        var comparators: [(String, [Int])] = []
        for word in text.split(separator: " ") {
            let symbol = String(word.prefix { "<>=".contains($0) })
            guard ["", "=", "<", "<=", ">", ">="].contains(symbol), let version = Self.version(String(word.dropFirst(symbol.count))) else { return nil }
            comparators.append((symbol.isEmpty ? "=" : symbol, version))
        }
        guard !comparators.isEmpty else { return nil }
        self.comparators = comparators
    }

    /// Whether a version (`1.1.0`) satisfies every comparator.
    func contains(_ text: String) -> Bool {
        guard let version = Self.version(text) else { return false }
        return comparators.allSatisfy { comparator in
            let order = version.lexicographicallyPrecedes(comparator.version) ? -1 : version == comparator.version ? 0 : 1
            switch comparator.operator {
            case "<": return order < 0
            case "<=": return order <= 0
            case ">": return order > 0
            case ">=": return order >= 0
            default: return order == 0
            }
        }
    }

    /// `1.1` → `[1, 1, 0]`; `nil` unless one to three non-negative integers.
    static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return parts.compactMap { $0 } + Array(repeating: 0, count: 3 - parts.count)
    }
}
