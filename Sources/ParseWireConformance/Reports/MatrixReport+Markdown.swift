extension MatrixReport {
    /// The matrix as Markdown: the warnings, a line per implementation, then every disagreement,
    /// a section per area and tags.
    package var markdown: String {
        var text = "# Conformance matrix\n\n"
        for warning in warnings { text += "> **Warning:** \(MarkdownReport.cell(warning))\n\n" }
        text += "| implementation | profile | verdict | checks | outcomes |\n|---|---|---|---:|---|\n"
        for summary in summaries {
            let outcomes = CheckOutcome.nonZero(summary.counts).map { "\($0.count) \($0.outcome.rawValue)" }.joined(separator: ", ")
            text += "| \(MarkdownReport.cell(summary.column)) | \(summary.profile) | \(summary.verdict) | \(summary.file.checks.count) | \(outcomes) |\n"
        }
        for (index, summary) in summaries.enumerated() where !summary.file.causes.isEmpty {
            text += "\n**\(MarkdownReport.cell(columns[index]))**, causes:\n\n"
            for cause in summary.file.causes {
                text += "- `\(MarkdownReport.cell(cause.cause))`: \(cause.checks) checks" + (cause.unexpected > 0 ? ", \(cause.unexpected) unexpected" : "") + "\n"
            }
        }
        let rows = self.rows
        text += "\n\(rows.count) of \(checkCount) checks on which the implementations that ran them disagree.\n"
        for group in groups {
            text += "\n## \(MarkdownReport.cell(group.area)) › \(MarkdownReport.cell(group.tags)) (\(group.rows.count))\n\n"
            text += "| check | description | " + columns.map { MarkdownReport.cell($0) }.joined(separator: " | ") + " |\n"
            text += "|---|---|" + String(repeating: "---|", count: columns.count) + "\n"
            for row in group.rows {
                let cells = row.outcomes.map { $0.map { "\($0.symbol) \($0.rawValue)" } ?? "— missing" }
                text += "| `\(row.name)` | \(MarkdownReport.cell(row.description)) | " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return text
    }
}
