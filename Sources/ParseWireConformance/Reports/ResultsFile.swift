import ParseWire

/// An NDJSON results report read back, for the cross-implementation matrix and `report diff`.
///
/// Reading is lenient about what later runners added: a report without `tags` on its check lines
/// (written before they were recorded) reads with empty tags, and one without a footer (a run cut
/// short) reads with ``exitCode`` `nil`. Lines are read by the adapter answers' reader, which
/// allows the depth of an answer.
package struct ResultsFile: Sendable {
    /// One check line of a report.
    package struct Check: Sendable, Hashable {
        /// `ID op input`.
        package let name: String
        package let id: String
        package let description: String
        package let outcome: CheckOutcome
        package let message: String
        /// Whether the check made its run fail.
        package var unexpected = false
        /// The vector file, relative to `Vectors/` (`cases/date/basic.json`); empty when not recorded.
        package var file = ""
        /// The case's tags; empty in reports written before they were recorded.
        package var tags: [String] = []
        /// The reason of the expected-failures entry covering the check.
        package var listed: String?
        /// Whether that entry has mode `flaky`: the check's outcome, failing or not, was expected.
        package var flaky = false
        /// The check's cause, for a failing outcome (`xfail` included); `nil` in reports written
        /// before causes were recorded.
        package var cause: String?
        /// Whether the case expects an error (its `expected` names one): a decode-error or
        /// encode-error check, whose pass is a rejection.
        package var expectsError = false

        /// The case's area: its directory under `cases/`, or empty.
        package var area: String {
            let parts = file.split(separator: "/", maxSplits: 2)
            return parts.count > 2 ? String(parts[1]) : ""
        }
    }

    /// `name version` from the header's implementation.
    package let implementation: String
    package let corpusVersion: String
    package let checks: [Check]
    /// The implementation's name alone.
    package var name = ""
    /// The implementation's version; empty when the adapter gave none.
    package var version = ""
    /// The SHA-256 of the corpus manifest the run used.
    package var manifestSha256 = ""
    /// The profile the run scored by (`strict` when the header does not say).
    package var profile = "strict"
    /// When the run started, as the header says.
    package var started = ""
    /// The runner's name and version.
    package var runner = ""
    /// The run's exit status from the footer; `nil` when the report has no footer.
    package var exitCode: Int?
    /// Expected-failure entries that matched no check (from the footer).
    package var unmatchedEntries: [String] = []
    /// Whether the run stopped before every check was sent.
    package var stoppedEarly = false

    /// Reads a report.
    /// - Throws: ``CorpusError`` when a line is not JSON, a check's outcome is not one the runner
    ///   writes, or the header is missing.
    package static func read(_ text: String, path: String) throws(CorpusError) -> ResultsFile {
        var header: JSONNode?
        var footer: JSONNode?
        var checks: [Check] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            // A check line holds the adapter's answer, which may be nested far deeper than the
            // codec's limit (an accepted 513-deep input); the answers' own reader does not recurse.
            let document = Array(line.utf8).withUnsafeBufferPointer { bytes in try? AnswerJSON.parse(bytes) }
            guard let node = document?.node, let record = node["record"]?.stringValue else {
                throw CorpusError(message: "\(path):\(number + 1): not a results line")
            }
            switch record {
            case "header": header = node
            case "footer": footer = node
            case "check":
                guard let id = node["id"]?.stringValue, let op = node["op"]?.stringValue, let spelling = node["outcome"]?.stringValue else {
                    throw CorpusError(message: "\(path):\(number + 1): a check line has id, op and outcome")
                }
                guard let outcome = CheckOutcome(rawValue: spelling) else {
                    throw CorpusError(message: "\(path):\(number + 1): unknown outcome \(JSONNode.quoted(spelling)) (known: "
                        + CheckOutcome.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                let input = node["input"]?.stringValue ?? ""
                var check = Check(name: "\(id) \(op) \(input)", id: id, description: node["description"]?.stringValue ?? "",
                                  outcome: outcome, message: node["message"]?.stringValue ?? "", unexpected: node["unexpected"] == .bool(true))
                check.file = node["file"]?.stringValue ?? ""
                check.tags = node["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
                check.listed = node["listed"]?.stringValue
                check.flaky = node["flaky"] == .bool(true)
                check.cause = node["cause"]?.stringValue
                check.expectsError = node["expected"]?["error"] != nil
                checks.append(check)
            default:
                continue
            }
        }
        guard let header else { throw CorpusError(message: "\(path): no header line") }
        let name = header["implementation"]?["name"]?.stringValue ?? "?"
        let version = header["implementation"]?["version"]?.stringValue
        var file = ResultsFile(implementation: version.map { "\(name) \($0)" } ?? name,
                               corpusVersion: header["corpusVersion"]?.stringValue ?? "", checks: checks)
        file.name = name
        file.version = version ?? ""
        file.manifestSha256 = header["manifestSha256"]?.stringValue ?? ""
        file.profile = header["profile"]?.stringValue ?? "strict"
        file.started = header["started"]?.stringValue ?? ""
        file.runner = header["runner"]?.stringValue ?? ""
        if let footer {
            file.exitCode = footer["exitCode"]?.integerValue
            file.unmatchedEntries = footer["unexpected"]?["unmatchedEntries"]?.arrayValue?.compactMap(\.stringValue) ?? []
            file.stoppedEarly = footer["stoppedEarly"] == .bool(true)
        }
        return file
    }

    /// The causes of the report's failing checks (listed ones included), largest first: each cause,
    /// its checks, and how many of them made the run fail.
    package var causes: [(cause: String, checks: Int, unexpected: Int)] {
        var counts: [String: (checks: Int, unexpected: Int)] = [:]
        for check in checks {
            guard let cause = check.cause else { continue }
            counts[cause, default: (0, 0)].checks += 1
            if check.unexpected { counts[cause, default: (0, 0)].unexpected += 1 }
        }
        return counts.map { ($0.key, $0.value.checks, $0.value.unexpected) }
            .sorted { $0.checks != $1.checks ? $0.checks > $1.checks : $0.cause < $1.cause }
    }

    /// `PASSED`, `FAILED`, or `INCOMPLETE` for a report without a footer.
    package var verdict: String {
        guard let exitCode else { return "INCOMPLETE" }
        return exitCode == 0 ? "PASSED" : "FAILED"
    }
}
