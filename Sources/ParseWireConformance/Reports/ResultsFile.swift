import ParseWire

/// An NDJSON results report read back, for the cross-implementation matrix.
public struct ResultsFile: Sendable {
    /// One check line of a report.
    public struct Check: Sendable, Hashable {
        /// `ID op input`.
        public let name: String
        public let id: String
        public let description: String
        public let outcome: String
        public let message: String
        /// Whether the check made its run fail.
        public var unexpected = false
    }

    /// `name version` from the header's implementation.
    public let implementation: String
    public let corpusVersion: String
    public let checks: [Check]

    /// Reads a report.
    /// - Throws: ``CorpusError`` when a line is not JSON or the header is missing.
    public static func read(_ text: String, path: String) throws(CorpusError) -> ResultsFile {
        var implementation: String?
        var corpusVersion = ""
        var checks: [Check] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            guard let node = try? JSONNode.parse(String(line)), let record = node["record"]?.stringValue else {
                throw CorpusError(message: "\(path):\(number + 1): not a results line")
            }
            switch record {
            case "header":
                let name = node["implementation"]?["name"]?.stringValue ?? "?"
                implementation = node["implementation"]?["version"]?.stringValue.map { "\(name) \($0)" } ?? name
                corpusVersion = node["corpusVersion"]?.stringValue ?? ""
            case "check":
                guard let id = node["id"]?.stringValue, let op = node["op"]?.stringValue, let outcome = node["outcome"]?.stringValue else {
                    throw CorpusError(message: "\(path):\(number + 1): a check line has id, op and outcome")
                }
                let input = node["input"]?.stringValue ?? ""
                checks.append(Check(name: "\(id) \(op) \(input)", id: id, description: node["description"]?.stringValue ?? "",
                                    outcome: outcome, message: node["message"]?.stringValue ?? "", unexpected: node["unexpected"] == .bool(true)))
            default:
                continue
            }
        }
        guard let implementation else { throw CorpusError(message: "\(path): no header line") }
        return ResultsFile(implementation: implementation, corpusVersion: corpusVersion, checks: checks)
    }
}
