/// The plain-text summary printed at the end of a run: the unexpected results, then a line of
/// counts (skipped, expected failures, crashes, timeouts), then `N passed, N failed`.
public enum SummaryReport {
    /// How many unexpected checks are listed one by one before the rest are only counted.
    public static let listedLimit = 50

    /// The summary text, ending in a newline.
    public static func render(_ result: RunResult) -> String {
        let counts = result.counts
        let unexpected = result.unexpected
        var lines: [String] = []
        for record in unexpected.prefix(listedLimit) {
            lines.append("\(record.outcome.rawValue.uppercased())  \(record.name) — \(record.description): \(record.message) [\(record.file)]")
            if let tail = record.stderrTail, !tail.isEmpty {
                lines.append(tail.split(separator: "\n", omittingEmptySubsequences: false).suffix(5).map { "    stderr| \($0)" }.joined(separator: "\n"))
            }
        }
        if unexpected.count > listedLimit { lines.append("… and \(unexpected.count - listedLimit) more unexpected results (see the reports)") }
        for entry in result.unmatchedEntries { lines.append("UNMATCHED  expected-failures entry \(entry.label) matches no check of the corpus") }
        for entry in result.retiredEntries { lines.append("warning: expected-failures entry \(entry.label) names a retired case; delete it") }
        let notEnforced = result.records.filter { $0.outcome == .fail && !$0.unexpected }.count
        var notes: [String] = []
        if notEnforced > 0 { notes.append("\(notEnforced) recommended failures not enforced") }
        if (counts[.accepted] ?? 0) + (counts[.rejected] ?? 0) > 0 {
            notes.append("implementation-defined without a declared choice: \(counts[.accepted] ?? 0) accepted, \(counts[.rejected] ?? 0) rejected")
        }
        if let unsupported = counts[.unsupported], unsupported > 0 { notes.append("\(unsupported) unsupported") }
        if (counts[.xpass] ?? 0) > 0 { notes.append("\(counts[.xpass]!) listed checks now pass (xpass)") }
        if result.restarts > 0 { notes.append("adapter restarted \(result.restarts) times") }
        if result.stoppedEarly { notes.append("the run stopped early") }
        if !notes.isEmpty { lines.append(notes.joined(separator: "; ")) }
        lines.append("\(counts[.skip] ?? 0) skipped, \(counts[.xfail] ?? 0) expected failures, "
            + "\(counts[.crash] ?? 0) crashes, \(counts[.timeout] ?? 0) timeouts")
        lines.append("\(counts[.pass] ?? 0) passed, \(unexpected.count + result.unmatchedEntries.count) failed")
        return lines.joined(separator: "\n") + "\n"
    }
}
