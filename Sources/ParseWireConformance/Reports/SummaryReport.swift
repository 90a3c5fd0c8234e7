/// The plain-text summary printed at the end of a run: the unexpected results one by one, then
/// the summary proper, which leads with the profile's verdict, then notes (what `unsupported`
/// covers, restarts, informational outcomes), and last one line of counts with every outcome apart.
public enum SummaryReport {
    /// How many unexpected checks are listed one by one before the rest are only counted.
    public static let listedLimit = 50

    /// The order of the counts line.
    public static let countedOutcomes: [CheckOutcome] = [.pass, .fail, .error, .timeout, .crash, .skip, .unsupported,
                                                         .tolerated, .xfail, .xpass, .accepted, .rejected]

    /// The summary text, ending in a newline.
    /// - Parameter reportsWritten: Whether the run writes a report holding every unexpected result
    ///   (NDJSON, JUnit or Markdown), so the unexpected results beyond ``listedLimit`` can be found there.
    public static func render(_ result: RunResult, reportsWritten: Bool = false) -> String {
        let unexpected = result.unexpected
        var lines: [String] = []
        for record in unexpected.prefix(listedLimit) {
            lines.append("\(record.outcome.rawValue.uppercased())  \(record.name) — \(record.description): \(record.message) [\(record.file)]")
            if let tail = record.stderrTail, !tail.isEmpty {
                lines.append(tail.split(separator: "\n", omittingEmptySubsequences: false).suffix(5).map { "    stderr| \($0)" }.joined(separator: "\n"))
            }
        }
        if unexpected.count > listedLimit {
            lines.append("… and \(unexpected.count - listedLimit) more unexpected results "
                + (reportsWritten ? "(every one is in the reports)" : "(write them all with --report-ndjson FILE or --report-junit FILE)"))
        }
        for entry in result.unmatchedEntries { lines.append("UNMATCHED  expected-failures entry \(entry.label) matches no check of the corpus") }
        for entry in result.retiredEntries { lines.append("warning: expected-failures entry \(entry.label) names a retired case; delete it") }
        lines.append(verdict(result))
        lines += notes(result)
        lines.append(countsLine(result))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Verdict (client profile, declared by the adapter): PASSED …` or `FAILED …`.
    public static func verdict(_ result: RunResult) -> String {
        let head = "Verdict (\(result.profile.rawValue) profile, \(result.profileSource.rawValue)): "
        let failing = result.unexpected.count + result.unmatchedEntries.count
        guard result.exitCode != 0 else { return head + "PASSED — every check as expected" }
        var reasons: [String] = []
        if failing > 0 { reasons.append("\(failing) unexpected result\(failing == 1 ? "" : "s")") }
        if result.stoppedEarly { reasons.append("the run stopped early") }
        return head + "FAILED — " + reasons.joined(separator: "; ")
    }

    /// Every outcome's count, apart: `Counts: 10 pass, 0 fail, …`.
    public static func countsLine(_ result: RunResult) -> String {
        let counts = result.counts
        return "Counts: " + countedOutcomes.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
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
            let operations = (result.counts[.unsupported] ?? 0) - optional - notSent
            var parts: [String] = []
            if optional > 0 { parts.append("\(optional) of optional cases whose tags the adapter does not claim as capabilities") }
            if operations > 0 { parts.append("\(operations) of operations or contexts the adapter does not perform (hello \"ops\")") }
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
        if notEnforced > 0 { notes.append("\(notEnforced) failures of recommended cases, not enforced (--enforce-recommended)") }
        if (counts[.accepted] ?? 0) + (counts[.rejected] ?? 0) > 0 {
            notes.append("implementation-defined without a declared choice: \(counts[.accepted] ?? 0) accepted, \(counts[.rejected] ?? 0) rejected")
        }
        let flaky = result.flakyCounts
        if flaky.failed + flaky.passed > 0 {
            let total = flaky.failed + flaky.passed
            notes.append("\(total) check\(total == 1 ? "" : "s") listed flaky: \(flaky.failed) failed, \(flaky.passed) passed (either is expected)")
        }
        if let xpass = counts[.xpass], xpass > 0 { notes.append("\(xpass) listed checks now pass (xpass): delete their entries") }
        if result.restarts > 0 { notes.append(restarts(result)) }
        if result.stoppedEarly {
            let reason = result.stopReason.map { $0.hasPrefix("the run stopped early") ? $0 : "the run stopped early: \($0)" }
            notes.append((reason ?? "the run stopped early") + "; the checks not sent are errors (\"not run\")")
        }
        return notes
    }
}
