/// The run as JUnit XML: a test suite per area, a test case per vector case, its checks inside.
///
/// A case is a `failure` when one of its checks makes the run fail; the failure's message starts
/// with the causes of those checks (`Vectors/INTERPRETING.md` §10), then names the checks, and its
/// text gives each one's message. A case with an expected failure (`xfail`,
/// or a listed `skip`) and nothing unexpected is `skipped`, as is a case none of whose checks ran
/// (`unsupported`): CI test views count skips apart, so a known failure stays visible there
/// instead of inflating the passes, and nothing red appears for what the implementation already
/// declares. A `tolerated`, `accepted` or `rejected` check leaves its case passed, with a line in
/// the case's `system-out`: the profile allows it, and the line says so. A case's class name is
/// its area and file (`date.layout`), its name its id alone, the same whatever its outcome so
/// that a CI system's history follows it; a failing case's text starts with its description.
/// A case's time is left out when it rounds to zero.
package enum JUnitReport {
    /// How many characters of one check's message a failure's text keeps.
    package static let messageLimit = 1000

    /// The XML document.
    package static func render(_ result: RunResult) -> String {
        var areas: [String] = []
        var cases: [String: [String]] = [:]
        var checks: [String: [CheckRecord]] = [:]
        for record in result.records {
            if checks[record.id] == nil {
                if cases[record.area] == nil { areas.append(record.area) }
                cases[record.area, default: []].append(record.id)
            }
            checks[record.id, default: []].append(record)
        }
        let verdicts = checks.mapValues(verdict)
        let environmentFailures = result.environments.filter(\.unexpected).count
        let failures = verdicts.values.filter { $0 == .failure }.count + result.unmatchedEntries.count + environmentFailures
        let skipped = verdicts.values.filter { $0 == .skipped }.count
        let name = XMLText.escape("\(result.hello.name) \(result.hello.version)")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(name)\" tests=\"\(checks.count + result.unmatchedEntries.count + result.environments.count)\" failures=\"\(failures)\" "
            + "skipped=\"\(skipped)\" time=\"\(seconds(result.records))\">\n"
        for area in areas {
            let ids = cases[area]!
            let records = ids.flatMap { checks[$0]! }
            xml += "  <testsuite name=\"\(XMLText.escape(area.isEmpty ? "cases" : area))\" tests=\"\(ids.count)\" "
                + "failures=\"\(ids.filter { verdicts[$0] == .failure }.count)\" skipped=\"\(ids.filter { verdicts[$0] == .skipped }.count)\" "
                + "time=\"\(seconds(records))\">\n"
            for id in ids { xml += testCase(checks[id]!, verdict: verdicts[id]!) }
            xml += "  </testsuite>\n"
        }
        if !result.unmatchedEntries.isEmpty {
            xml += "  <testsuite name=\"expected-failures\" tests=\"\(result.unmatchedEntries.count)\" failures=\"\(result.unmatchedEntries.count)\">\n"
            for entry in result.unmatchedEntries {
                xml += "    <testcase classname=\"expected-failures\" name=\"\(XMLText.escape(entry.label))\">"
                xml += "<failure message=\"entry matches no check of the corpus\">\(XMLText.escape(entry.reason))</failure></testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += environments(result)
        return xml + "</testsuites>\n"
    }

    /// A test suite `environments` with a test case per extra environment that ran: a failure when
    /// the environment fails the run (its checks that fail only there are one cause), skipped when an
    /// entry lists it.
    static func environments(_ result: RunResult) -> String {
        guard !result.environments.isEmpty else { return "" }
        let failing = result.environments.filter(\.unexpected).count
        let listed = result.environments.filter { $0.listed != nil && !$0.failures.isEmpty }.count
        var xml = "  <testsuite name=\"environments\" tests=\"\(result.environments.count)\" failures=\"\(failing)\" skipped=\"\(listed)\">\n"
        for found in result.environments {
            xml += "    <testcase classname=\"environments\" name=\"\(XMLText.escape(found.environment.rawValue))\">"
            let names = found.failures.prefix(20).map(\.name).joined(separator: "\n") + (found.failures.count > 20 ? "\n…" : "")
            if found.unexpected {
                let what = found.stopReason ?? "\(found.failures.count) checks that pass under UTC fail here"
                xml += "<failure message=\"\(XMLText.escape(found.cause + ": " + what))\">\(XMLText.escape(names))</failure>"
            } else if let entry = found.listed, !found.failures.isEmpty {
                xml += "<skipped message=\"\(XMLText.escape("listed: " + entry.reason))\"/>"
            }
            xml += "</testcase>\n"
        }
        return xml + "  </testsuite>\n"
    }

    enum Verdict { case passed, failure, skipped }

    static func verdict(_ records: [CheckRecord]) -> Verdict {
        if records.contains(where: \.unexpected) { return .failure }
        if records.contains(where: { $0.outcome == .xfail || $0.outcome == .skip }) { return .skipped }
        return records.allSatisfy { $0.outcome == .unsupported } ? .skipped : .passed
    }

    /// `decode canonical`: a check's name within its case.
    static func label(_ record: CheckRecord) -> String { "\(record.operation.rawValue) \(record.input)" }

    static func testCase(_ records: [CheckRecord], verdict: Verdict) -> String {
        let first = records[0]
        let time = seconds(records)
        var xml = "    <testcase classname=\"\(XMLText.escape(className(first.file)))\" name=\"\(XMLText.escape(first.id))\""
            + (time == "0.000" ? ">" : " time=\"\(time)\">")
        switch verdict {
        case .failure:
            let failing = records.filter(\.unexpected)
            let names = failing.map { "\(label($0)) \($0.outcome.rawValue)" }.joined(separator: "; ")
            // The causes lead, so that a CI view grouping failures by message groups them by behaviour.
            var causes: [String] = []
            for record in failing { if let cause = record.cause, !causes.contains(cause) { causes.append(cause) } }
            let message = (causes.isEmpty ? "" : causes.joined(separator: "; ") + " — ")
                + "\(failing.count) of \(records.count) check\(records.count == 1 ? "" : "s") unexpected: \(names)"
            // Checks of one case that failed the same way (an adapter's one reason for skipping
            // every check of the case) share one line.
            var lines: [String] = []
            var labels: [String: [String]] = [:]
            for record in failing {
                let line = "\(record.outcome.rawValue): \(cut(record.message))"
                if labels[line] == nil { lines.append(line) }
                labels[line, default: []].append(label(record))
            }
            let text = ([first.description] + lines.map { "\(labels[$0]!.joined(separator: ", ")): \($0)" }).joined(separator: "\n")
            xml += "<failure type=\"\(failing[0].outcome.rawValue)\" message=\"\(XMLText.escape(message))\">\(XMLText.escape(text))</failure>"
            let tails = failing.compactMap { record in record.stderrTail.flatMap { $0.isEmpty ? nil : "\(label(record)):\n\($0)" } }
            if !tails.isEmpty { xml += "<system-err>\(XMLText.escape(tails.joined(separator: "\n")))</system-err>" }
        case .skipped:
            let listed = records.filter { $0.outcome == .xfail || $0.outcome == .skip }
            var reasons: [String] = []
            var checks: [String: [String]] = [:]
            for record in listed {
                let reason = cut(record.listed ?? record.message, noteLimit)
                if checks[reason] == nil { reasons.append(reason) }
                checks[reason, default: []].append("\(label(record)) \(record.outcome.rawValue)")
            }
            let message = listed.isEmpty ? "not run: \(cut(first.message, noteLimit))"
                : "expected failure: " + reasons.map { reason in
                    let names = checks[reason]!
                    let same = names.count == records.count && Set(listed.map(\.outcome)).count == 1
                    return same ? reason : "\(names.joined(separator: ", ")) (\(reason))"
                }.joined(separator: "; ")
            xml += "<skipped message=\"\(XMLText.escape(message))\"/>"
        case .passed:
            break
        }
        let notes = records.filter(\.outcome.isInformational)
        if !notes.isEmpty {
            xml += "<system-out>" + XMLText.escape(notes.map { "\(label($0)): \($0.outcome.rawValue): \(cut($0.message, noteLimit))" }.joined(separator: "\n"))
                + "</system-out>"
        }
        return xml + "</testcase>\n"
    }

    /// How many characters of a reason or note (skipped, system-out) a case keeps: they are in
    /// every case of a large run, and the NDJSON report has them whole.
    package static let noteLimit = 100

    static func cut(_ text: String, _ limit: Int = messageLimit) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `date.layout` for `cases/date/layout.json`: area and file, as a package and a class.
    static func className(_ file: String) -> String {
        var parts = file.split(separator: "/").map(String.init)
        if parts.first == "cases" { parts.removeFirst() }
        if let last = parts.last, last.hasSuffix(".json") { parts[parts.count - 1] = String(last.dropLast(5)) }
        return parts.joined(separator: ".")
    }

    /// The checks' total duration in seconds, with three decimals.
    static func seconds(_ records: [CheckRecord]) -> String {
        NDJSONReport.format3(records.reduce(0) { $0 + $1.durationMs } / 1000)
    }
}
