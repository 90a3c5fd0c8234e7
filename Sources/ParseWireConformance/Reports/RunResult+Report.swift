import ParseWire

extension RunResult {
    /// A run read back from its NDJSON report, so that the Markdown summary of a committed result
    /// file can be written again without running the adapter.
    ///
    /// What the report does not record comes back empty: the reasons of stale expected-failure
    /// entries (their labels are kept), retired entries, restart causes and the stop reason.
    /// - Throws: ``CorpusError`` when a line is not JSON, the header is missing, or a check line
    ///   lacks its id, operation, input or outcome.
    package init(report text: String, path: String) throws(CorpusError) {
        var header: JSONNode?
        var footer: JSONNode?
        var records: [CheckRecord] = []
        var environments: [EnvironmentResult] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            let document = Array(line.utf8).withUnsafeBufferPointer { bytes in try? AnswerJSON.parse(bytes) }
            guard let node = document?.node, let kind = node["record"]?.stringValue else {
                throw CorpusError(message: "\(path):\(number + 1): not a results line")
            }
            switch kind {
            case "header": header = node
            case "footer": footer = node
            case "check": records.append(try Self.record(node, at: "\(path):\(number + 1)"))
            case "environment": environments.append(try Self.environment(node, at: "\(path):\(number + 1)"))
            default: continue
            }
        }
        guard let header else { throw CorpusError(message: "\(path): no header line") }
        let implementation = header["implementation"] ?? .record([])
        var hello = AdapterHello(name: implementation["name"]?.stringValue ?? "?", version: implementation["version"]?.stringValue ?? "",
                                 language: implementation["language"]?.stringValue ?? "", operations: [])
        hello.implementation = implementation
        let options = header["options"] ?? .record([])
        let profile = ConformanceProfile(rawValue: header["profile"]?.stringValue ?? "") ?? .strict
        let source: ProfileSource = options["profile"] != nil ? .option : profile == .strict ? .default : .adapter
        let filtered = options["filter"].map { $0 != .record([]) && $0 != .null } ?? false
        let unmatched = footer?["unexpected"]?["unmatchedEntries"]?.arrayValue?.compactMap(\.stringValue).map(Self.entry) ?? []
        self.init(runner: header["runner"]?.stringValue ?? "", corpusVersion: header["corpusVersion"]?.stringValue ?? "",
                  manifestSha256: header["manifestSha256"]?.stringValue ?? "", hello: hello, options: options,
                  started: header["started"]?.stringValue ?? "", records: records, unmatchedEntries: unmatched, retiredEntries: [],
                  restarts: footer?["adapterRestarts"]?.integerValue ?? 0, stoppedEarly: footer?["stoppedEarly"] == .bool(true),
                  profile: profile, profileSource: source, isFiltered: filtered)
        self.environments = environments
        environmentNote = footer?["environmentNote"]?.stringValue
        // A report without a footer is a run cut short.
        if footer == nil { startFailed = records.isEmpty }
    }

    static func record(_ node: JSONNode, at place: String) throws(CorpusError) -> CheckRecord {
        guard let id = node["id"]?.stringValue, let operation = node["op"]?.stringValue.flatMap(AdapterOperation.init(rawValue:)),
              let input = node["input"]?.stringValue, let outcome = node["outcome"]?.stringValue.flatMap(CheckOutcome.init(rawValue:))
        else { throw CorpusError(message: "\(place): a check line has id, op, input and outcome") }
        func flag(_ key: String) -> Bool? {
            switch node[key] {
            case .bool(let value)?: value
            default: nil
            }
        }
        let duration: Double
        if case .number(let text)? = node["durationMs"] { duration = Double(text) ?? 0 } else { duration = 0 }
        var record = CheckRecord(id: id, file: node["file"]?.stringValue ?? "", description: node["description"]?.stringValue ?? "",
                                 operation: operation, input: input,
                                 level: node["level"]?.stringValue.flatMap(VectorCase.Level.init(rawValue:)) ?? .required, outcome: outcome,
                                 errorKindMatch: flag("errorKindMatch"), parseCodeMatch: flag("parseCodeMatch"),
                                 expected: node["expected"], actual: node["actual"], message: node["message"]?.stringValue ?? "",
                                 stderrTail: node["stderrTail"]?.stringValue, durationMs: duration, listed: node["listed"]?.stringValue,
                                 unexpected: flag("unexpected") ?? false)
        record.tags = node["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        record.cause = node["cause"]?.stringValue
        record.rule = node["rule"]?.stringValue
        record.sent = !(outcome == .error && record.message.hasPrefix("not run"))
        return record
    }

    /// An environment line read back: the checks named in `failures` beyond the examples come back
    /// as records with their name only.
    static func environment(_ node: JSONNode, at place: String) throws(CorpusError) -> EnvironmentResult {
        guard let environment = node["environment"]?.stringValue.flatMap(AdapterEnvironment.init(rawValue:)) else {
            throw CorpusError(message: "\(place): an environment line names one of \(AdapterEnvironment.allCases.map(\.rawValue))")
        }
        var failures: [CheckRecord] = []
        for example in node["examples"]?.arrayValue ?? [] { failures.append(try record(example, at: place)) }
        for name in (node["failures"]?.arrayValue ?? []).dropFirst(failures.count).compactMap(\.stringValue) {
            let words = name.split(separator: " ").map(String.init)
            guard words.count == 3, let operation = AdapterOperation(rawValue: words[1]) else { continue }
            failures.append(CheckRecord(id: words[0], file: "", description: "", operation: operation, input: words[2], level: .required,
                                        outcome: .fail, errorKindMatch: nil, expected: nil, actual: nil, message: "", stderrTail: nil,
                                        durationMs: 0, listed: nil, unexpected: true))
        }
        let listed = node["listed"]?.stringValue.map { ExpectedFailures.Entry(environment: environment, reason: $0) }
        return EnvironmentResult(environment: environment, checks: node["checks"]?.integerValue ?? 0, failures: failures,
                                 stopReason: node["stopReason"]?.stringValue, listed: listed)
    }

    /// An expected-failures entry from its label (`id X decode`, `tag T`, `area A`, `error E`).
    static func entry(_ label: String) -> ExpectedFailures.Entry {
        if label.hasPrefix("cause ") { return ExpectedFailures.Entry(cause: String(label.dropFirst("cause ".count)), reason: "") }
        if label.hasPrefix("environment "), let environment = AdapterEnvironment(rawValue: String(label.dropFirst("environment ".count))) {
            return ExpectedFailures.Entry(environment: environment, reason: "")
        }
        let words = label.split(separator: " ").map(String.init)
        let value = words.count > 1 ? words[1] : ""
        let operation = words.count > 2 ? AdapterOperation(rawValue: words[2]) : nil
        switch words.first {
        case "id": return ExpectedFailures.Entry(id: value, operation: operation, reason: "")
        case "tag": return ExpectedFailures.Entry(tag: value, operation: operation, reason: "")
        case "area": return ExpectedFailures.Entry(area: value, operation: operation, reason: "")
        default: return ExpectedFailures.Entry(error: value, operation: operation, reason: "")
        }
    }
}
