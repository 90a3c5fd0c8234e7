/// The run as Markdown, for a pull-request comment or a CI step summary.
public enum MarkdownReport {
    /// How many unexpected checks get a table row.
    public static let rowLimit = 200

    /// The Markdown text.
    public static func render(_ result: RunResult) -> String {
        let counts = result.counts
        let verdict = result.exitCode == 0 ? "PASSED" : "FAILED"
        var text = "# Conformance: \(result.hello.name) \(result.hello.version) — \(verdict)\n\n"
        text += "Corpus \(result.corpusVersion) (manifest `\(result.manifestSha256.prefix(12))`), \(result.runner), started \(result.started).\n\n"
        text += "| outcome | checks |\n|---|---:|\n"
        for outcome in CheckOutcome.allCases where (counts[outcome] ?? 0) > 0 {
            text += "| \(outcome.rawValue) | \(counts[outcome]!) |\n"
        }
        text += "| **unexpected** | **\(result.unexpected.count + result.unmatchedEntries.count)** |\n\n"
        let unexpected = result.unexpected
        if !unexpected.isEmpty {
            text += "## Unexpected results\n\n| check | outcome | description | message |\n|---|---|---|---|\n"
            for record in unexpected.prefix(rowLimit) {
                text += "| `\(record.name)` | \(record.outcome.rawValue) | \(cell(record.description)) | \(cell(record.message)) |\n"
            }
            if unexpected.count > rowLimit { text += "\n… and \(unexpected.count - rowLimit) more: every check is in the NDJSON and JUnit reports.\n" }
            text += "\n"
        }
        if !result.unmatchedEntries.isEmpty {
            text += "## Stale expected-failure entries\n\n"
            for entry in result.unmatchedEntries { text += "- \(entry.label): matches no check (\(cell(entry.reason)))\n" }
            text += "\n"
        }
        let expected = result.records.filter { $0.outcome == .xfail || ($0.outcome == .skip && !$0.unexpected) }
        if !expected.isEmpty {
            text += "## Expected failures\n\n| check | outcome | reason |\n|---|---|---|\n"
            for record in expected.prefix(rowLimit) { text += "| `\(record.name)` | \(record.outcome.rawValue) | \(cell(record.listed ?? "")) |\n" }
            text += "\n"
        }
        if result.restarts > 0 || result.stoppedEarly {
            text += "The adapter was restarted \(result.restarts) times\(result.stoppedEarly ? "; the run stopped early" : "").\n"
        }
        return text
    }

    /// Text made safe for one table cell.
    static func cell(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
        return flat.count > 300 ? String(flat.prefix(300)) + "…" : flat
    }
}
