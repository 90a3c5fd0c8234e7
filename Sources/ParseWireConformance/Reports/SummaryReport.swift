/// The plain-text summary printed at the end of a run: the unexpected results one by one when
/// asked (`--show-checks`), then the summary proper, which leads with the profile's verdict, then
/// the causes of the unexpected results ranked by size, notes (what `unsupported` covers,
/// restarts, informational outcomes), and last one line of counts with every outcome apart.
package enum SummaryReport {
    /// How many causes are shown before the rest are only counted.
    package static let causeLimit = 40

    /// The summary text, ending in a newline. Control characters and lone surrogates are escaped
    /// (``ConsoleText``), with a legend line when there are any.
    /// - Parameters:
    ///   - reportsWritten: Whether the run writes a report holding every unexpected result
    ///     (NDJSON, JUnit or Markdown), so the checks behind each cause can be found there.
    ///   - showsChecks: Whether every unexpected check gets its own line (`--show-checks`).
    package static func render(_ result: RunResult, reportsWritten: Bool = false, showsChecks: Bool = false) -> String {
        var lines: [String] = []
        if showsChecks {
            for record in result.unexpected {
                lines.append("\(record.outcome.rawValue.uppercased())  \(record.name) — \(record.description): \(record.message) [\(record.file)]")
                if let tail = record.stderrTail, !tail.isEmpty {
                    lines += tail.split(separator: "\n", omittingEmptySubsequences: false).suffix(5).map { "    stderr| \($0)" }
                }
            }
        }
        for entry in result.unmatchedEntries {
            lines.append(entry.cause == nil && entry.environment == nil ? "UNMATCHED  expected-failures entry \(entry.label) names no failure: no check of the corpus, or only checks the adapter answered unsupported; delete it"
                : "UNMATCHED  expected-failures entry \(entry.label) covered no failure of this run of every check; delete it")
        }
        for entry in result.retiredEntries { lines.append("warning: expected-failures entry \(entry.label) names a retired case; delete it") }
        for entry in result.unconfirmedEntries {
            lines.append(entry.mode == .flaky
                ? "note: expected-failures entry \(entry.label) (mode flaky) covered no failure this run"
                : "warning: expected-failures entry \(entry.label) covered no failure; this run left checks out, so it is not an error here")
        }
        lines.append(verdict(result))
        lines += causeLines(result, reportsWritten: reportsWritten, showsChecks: showsChecks)
        lines += environmentLines(result)
        lines += notes(result)
        lines.append(countsLine(result))
        var escaped = lines.map(ConsoleText.escaped)
        // The legend goes just above the counts line, which stays last.
        if lines.contains(where: ConsoleText.needsEscape) { escaped.insert(ConsoleText.legend, at: escaped.count - 1) }
        return escaped.joined(separator: "\n") + "\n"
    }

    /// The causes of the unexpected results, largest first: the cause, its checks, cases and rules,
    /// and one example check with its difference. A listed check that now passes (xpass) has no
    /// cause and gets a line of its own.
    static func causeLines(_ result: RunResult, reportsWritten: Bool, showsChecks: Bool) -> [String] {
        let unexpected = result.unexpected
        guard !unexpected.isEmpty else { return [] }
        var lines: [String] = []
        let causes = SuggestionsReport.causes(unexpected)
        if !causes.isEmpty {
            lines.append("\(causes.count) cause\(causes.count == 1 ? "" : "s"), largest first (one behaviour each"
                + (showsChecks ? "" : "; --show-checks lists every check") + "):")
        }
        for (rank, group) in causes.prefix(causeLimit).enumerated() {
            let members = group.members.map { unexpected[$0] }
            let cases = Set(members.map(\.id)).count
            let rules = SuggestionsReport.ruleList(members)
            lines.append("  \(rank + 1). \(group.cause) — \(members.count) check\(members.count == 1 ? "" : "s"), \(cases) case\(cases == 1 ? "" : "s")"
                + (rules.isEmpty ? "" : " (\(rules))"))
            let example = members[0]
            lines.append("     e.g. \(example.name): \(FirstDifference.excerpt(example.message))")
        }
        if causes.count > causeLimit {
            let rest = causes.dropFirst(causeLimit).reduce(0) { $0 + $1.members.count }
            lines.append("  … and \(causes.count - causeLimit) more causes (\(rest) checks) "
                + (reportsWritten ? "(every one is in the reports)" : "(--show-checks, or write them with --report-ndjson FILE)"))
        }
        if !showsChecks {
            for record in unexpected where record.cause == nil {
                lines.append("\(record.outcome.rawValue.uppercased())  \(record.name) — \(record.description): \(record.message)")
            }
        }
        return lines
    }

    /// `Verdict (client profile, declared by the adapter): PASSED …` or `FAILED …`.
    package static func verdict(_ result: RunResult) -> String {
        let head = "Verdict (\(result.profile.rawValue) profile, \(result.profileSource.rawValue)): "
        let failing = result.unexpected.count + result.unmatchedEntries.count
        let notEnforced = result.records.lazy.filter { $0.outcome == .fail && !$0.unexpected }.count
        let aside = notEnforced > 0 ? "; \(notEnforced) fail of recommended cases, not enforced" : ""
        guard result.exitCode != 0 else { return head + (notEnforced > 0 ? "PASSED — nothing unexpected" + aside : "PASSED — every check as expected") }
        var reasons: [String] = []
        if failing > 0 { reasons.append("\(failing) unexpected result\(failing == 1 ? "" : "s")") }
        let environments = result.environments.filter(\.unexpected).map(\.environment.rawValue)
        if !environments.isEmpty { reasons.append("failures only under the environment\(environments.count == 1 ? "" : "s") " + environments.joined(separator: ", ")) }
        if result.stoppedEarly { reasons.append("the run stopped early") }
        return head + "FAILED — " + reasons.joined(separator: "; ") + aside
    }

    /// Every outcome's count, apart: `Counts: 10 pass, 0 fail, …`.
    package static func countsLine(_ result: RunResult) -> String {
        let counts = result.counts
        return "Counts: " + CheckOutcome.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
            + " (\(result.records.count) checks)"
    }

    /// `adapter restarted 3 times: 1 crash, 0 timeouts, 2 protocol violations; first: ID op input: …`.
    ///
    /// The causes are the run's record of what each restart was for (``RunResult/restartCauses``):
    /// the check in flight, and whether it crashed, hung or broke the protocol.
    static func restarts(_ result: RunResult) -> String {
        let causes = result.restartCauses
        let crashes = causes.lazy.filter { $0.outcome == .crash }.count
        let timeouts = causes.lazy.filter { $0.outcome == .timeout }.count
        let violations = causes.lazy.filter { $0.outcome == .error }.count
        let plural = result.restarts == 1 ? "" : "s"
        var text = "adapter restarted \(result.restarts) time\(plural): \(crashes) crash\(crashes == 1 ? "" : "es"), "
            + "\(timeouts) timeout\(timeouts == 1 ? "" : "s"), \(violations) protocol violation\(violations == 1 ? "" : "s")"
        if let first = causes.first { text += "; first: \(first.check): \(FirstDifference.excerpt(first.message))" }
        return text
    }

    static func notes(_ result: RunResult) -> [String] {
        let counts = result.counts
        var notes: [String] = []
        let unsupported = result.records.lazy.filter { $0.outcome == .unsupported }.map(\.message)
        if !unsupported.isEmpty {
            let optional = unsupported.filter { $0.hasPrefix("optional case") }.count
            let notSent = unsupported.filter { $0.hasPrefix("not sent") }.count
            let answered = unsupported.filter { $0.hasPrefix(CheckScorer.unsupportedPrefix) }.count
            let operations = (result.counts[.unsupported] ?? 0) - optional - notSent - answered
            var parts: [String] = []
            if optional > 0 { parts.append("\(optional) of optional cases whose tags the adapter does not claim as capabilities") }
            if operations > 0 { parts.append("\(operations) of operations or contexts the adapter does not perform (hello \"ops\")") }
            if answered > 0 { parts.append("\(answered) the adapter answered unsupported, check by check, with what the implementation lacks") }
            if notSent > 0 { parts.append("\(notSent) roundtrips of implementation-defined cases whose decode gave no value to write back") }
            notes.append("unsupported: " + parts.joined(separator: "; "))
        }
        if counts[.tolerated, default: 0] > 0 {
            let read = result.records.lazy.filter { $0.outcome == .tolerated && $0.operation == .decode }.count
            let written = counts[.tolerated, default: 0] - read
            var parts: [String] = []
            if read > 0 { parts.append("\(read) decode-error cases accepted") }
            if written > 0 { parts.append("\(written) encode-error cases written that the server keeps") }
            notes.append("tolerated: " + parts.joined(separator: ", ") + "; the client profile allows it where the case protects no data")
        }
        let notEnforced = result.records.lazy.filter { $0.outcome == .fail && !$0.unexpected }.count
        if notEnforced > 0 {
            notes.append("\(notEnforced) fail of recommended cases, not enforced: counted as fail, not in the verdict (--enforce-recommended)")
        }
        if (counts[.accepted] ?? 0) + (counts[.rejected] ?? 0) > 0 {
            notes.append("implementation-defined without a declared choice: \(counts[.accepted] ?? 0) accepted, \(counts[.rejected] ?? 0) rejected")
        }
        let flaky = result.flakyCounts
        if flaky.failed + flaky.passed > 0 {
            let total = flaky.failed + flaky.passed
            notes.append("\(total) check\(total == 1 ? "" : "s") listed flaky: \(flaky.failed) failed, \(flaky.passed) passed (either is expected)")
        }
        if let xpass = counts[.xpass], xpass > 0 {
            notes.append("\(xpass) listed check\(xpass == 1 ? " now passes" : "s now pass") (xpass): delete \(xpass == 1 ? "its entry" : "their entries")")
        }
        if result.restarts > 0 { notes.append(restarts(result)) }
        if result.stoppedEarly {
            let reason = result.stopReason.map { $0.hasPrefix("the run stopped early") ? $0 : "the run stopped early: \($0)" }
            notes.append((reason ?? "the run stopped early") + "; the checks not sent are errors (\"not run\")")
        }
        return notes
    }
}
