import ParseWire

/// An implementation's list of checks known to fail (`Vectors/schema/expected-failures.schema.json`).
///
/// Strict by design: a listed check that passes (`xpass`) and an entry that matches no check of
/// the corpus both fail the run, so the list shrinks as bugs are fixed.
public struct ExpectedFailures: Sendable {
    /// One entry: an id or a tag, optionally one operation, and why.
    public struct Entry: Sendable, Hashable {
        /// What a listed check does.
        public enum Mode: String, Sendable, Hashable {
            /// Run it; a failure is `xfail`, a pass is `xpass`.
            case xfail
            /// Do not run it (for hangs and crashes only).
            case skip
        }

        public let id: String?
        public let tag: String?
        /// The operation; `nil` for every operation (`"*"`).
        public let operation: AdapterOperation?
        public let mode: Mode
        /// The rejection kind the failure currently has; a failure of another shape is not covered.
        public let errorKind: String?
        public let reason: String
        public let issue: String?

        /// `id D5PB1N decode` or `tag polygon`, for messages.
        public var label: String {
            (id.map { "id \($0)" } ?? "tag \(tag ?? "")") + (operation.map { " \($0.rawValue)" } ?? "")
        }

        func matches(_ vector: VectorCase, _ operation: AdapterOperation) -> Bool {
            if let only = self.operation, only != operation { return false }
            if let id { return id == vector.id }
            return tag.map(vector.tags.contains) ?? false
        }
    }

    /// The implementation the list belongs to, when it says.
    public let implementation: String?
    public let entries: [Entry]
    /// The SHA-256 of the file, for the report header.
    public let sha256: String

    /// Reads a list.
    /// - Throws: ``CorpusError`` (a usage error, exit 2) when the file is not a valid list.
    public static func read(_ bytes: [UInt8], path: String) throws(CorpusError) -> ExpectedFailures {
        func problem(_ message: String) -> CorpusError { CorpusError(message: "\(path): \(message)") }
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            throw problem("not strict JSON: \(error)")
        }
        guard let members = root.members else { throw problem("an expected-failures list is a JSON object") }
        if let extra = members.first(where: { !["$schema", "format", "implementation", "corpus", "entries"].contains($0.key) }) {
            throw problem("unknown member \"\(extra.key)\"")
        }
        guard root["format"]?.integerValue == 1 else { throw problem("\"format\" must be 1") }
        guard let nodes = root["entries"]?.arrayValue else { throw problem("\"entries\" must be an array") }
        var entries: [Entry] = []
        for (index, node) in nodes.enumerated() {
            let place = "entries[\(index)]"
            guard let fields = node.members else { throw problem("\(place) must be an object") }
            let allowed = ["id", "tag", "op", "mode", "errorKind", "reason", "issue"]
            if let extra = fields.first(where: { !allowed.contains($0.key) }) { throw problem("\(place) has unknown member \"\(extra.key)\"") }
            let id = node["id"]?.stringValue, tag = node["tag"]?.stringValue
            guard (id == nil) != (tag == nil) else { throw problem("\(place) names exactly one of \"id\" and \"tag\"") }
            if let id, !VectorID.isWellFormed(id) { throw problem("\(place): \"\(id)\" is not a case id") }
            guard let reason = node["reason"]?.stringValue, reason.count >= 5 else { throw problem("\(place) needs a \"reason\" (at least 5 characters)") }
            var operation: AdapterOperation?
            if let op = node["op"]?.stringValue, op != "*" {
                guard let known = AdapterOperation(rawValue: op) else { throw problem("\(place): \"op\" is decode, encode, roundtrip or *") }
                operation = known
            }
            guard let mode = Entry.Mode(rawValue: node["mode"]?.stringValue ?? "xfail") else { throw problem("\(place): \"mode\" is xfail or skip") }
            let errorKind = node["errorKind"]?.stringValue
            if let errorKind, !ProtocolVersion.errorKinds.contains(errorKind) { throw problem("\(place): \"\(errorKind)\" is not an error kind") }
            entries.append(Entry(id: id, tag: tag, operation: operation, mode: mode, errorKind: errorKind,
                                 reason: reason, issue: node["issue"]?.stringValue))
        }
        return ExpectedFailures(implementation: root["implementation"]?.stringValue, entries: entries, sha256: SHA256.hex(bytes))
    }

    /// The entry covering a check: an id entry before a tag entry.
    public func entry(for vector: VectorCase, _ operation: AdapterOperation) -> Entry? {
        entries.first { $0.id != nil && $0.matches(vector, operation) } ?? entries.first { $0.matches(vector, operation) }
    }

    /// The entries that match no check of the corpus, split into retired ids (a warning) and the
    /// rest (a failure).
    public func unmatched(in corpus: Corpus) -> (stale: [Entry], retired: [Entry]) {
        let operations = CheckPlanner.operations(in: corpus)
        let retired = Set(corpus.retiredIds)
        var stale: [Entry] = [], retiredEntries: [Entry] = []
        for entry in entries {
            let matched = corpus.cases.contains { _, vector in
                (operations[vector.id] ?? []).contains { entry.matches(vector, $0) }
            }
            guard !matched else { continue }
            if let id = entry.id, retired.contains(id) { retiredEntries.append(entry) } else { stale.append(entry) }
        }
        return (stale, retiredEntries)
    }
}
