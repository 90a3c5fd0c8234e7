/// A cross-implementation matrix from several results reports: a row per check on which the
/// implementations disagree, a column per implementation, each cell the outcome.
public struct MatrixReport: Sendable {
    /// One disagreement.
    public struct Row: Sendable, Hashable {
        /// `ID op input`.
        public let name: String
        public let description: String
        /// The outcome per column; `nil` when that report has no such check.
        public let outcomes: [String?]
    }

    /// The implementations, in the order given.
    public let columns: [String]
    public let rows: [Row]
    /// How many checks appear in at least one report.
    public let checkCount: Int

    /// Builds the matrix; `labels` name the columns when two reports come from the same implementation.
    public init(_ files: [ResultsFile], labels: [String]? = nil) {
        let names = files.map(\.implementation)
        columns = zip(names, labels ?? names).map { name, label in
            names.filter { $0 == name }.count > 1 && label != name ? "\(name) (\(label))" : name
        }
        var order: [String] = []
        var descriptions: [String: String] = [:]
        var outcomes: [String: [String?]] = [:]
        for (column, file) in files.enumerated() {
            for check in file.checks {
                if outcomes[check.name] == nil {
                    order.append(check.name)
                    outcomes[check.name] = Array(repeating: nil, count: files.count)
                    descriptions[check.name] = check.description
                }
                outcomes[check.name]![column] = check.outcome
            }
        }
        checkCount = order.count
        rows = order.compactMap { name in
            let cells = outcomes[name]!
            let verdicts = Set(cells.map { $0.map(Self.verdict) ?? "missing" })
            return verdicts.count > 1 ? Row(name: name, description: descriptions[name] ?? "", outcomes: cells) : nil
        }
    }

    /// What an outcome means for agreement: a listed failure is still a failure, a listed pass a pass.
    static func verdict(_ outcome: String) -> String {
        switch outcome {
        case "pass", "xpass": "pass"
        case "fail", "xfail", "error", "timeout", "crash": "fail"
        case "skip", "unsupported": "not run"
        default: outcome
        }
    }

    /// The matrix as Markdown.
    public var markdown: String {
        var text = "# Conformance matrix\n\n\(rows.count) of \(checkCount) checks on which the implementations disagree.\n\n"
        guard !rows.isEmpty else { return text }
        text += "| check | description | " + columns.map(MarkdownReport.cell).joined(separator: " | ") + " |\n"
        text += "|---|---|" + String(repeating: "---|", count: columns.count) + "\n"
        for row in rows {
            text += "| `\(row.name)` | \(MarkdownReport.cell(row.description)) | " + row.outcomes.map { $0 ?? "—" }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The matrix as a self-contained HTML page (inline style, no scripts).
    public var html: String {
        let style = """
        body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}
        th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;font-size:.9em}th{background:#eee;position:sticky;top:0}
        .pass,.xpass{background:#d4f4d4}.fail,.xfail,.error,.timeout,.crash{background:#f8d0d0}
        .skip,.unsupported,.missing{background:#eee;color:#666}.accepted,.rejected{background:#fff3c4}code{font-size:.95em}
        """
        var page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Conformance matrix</title><style>\(style)</style></head><body>\n"
        page += "<h1>Conformance matrix</h1>\n<p>\(rows.count) of \(checkCount) checks on which the implementations disagree.</p>\n"
        page += "<table><thead><tr><th>check</th><th>description</th>"
        page += columns.map { "<th>\(XMLText.escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in rows {
            page += "<tr><td><code>\(XMLText.escape(row.name))</code></td><td>\(XMLText.escape(row.description))</td>"
            page += row.outcomes.map { "<td class=\"\($0 ?? "missing")\">\(XMLText.escape($0 ?? "—"))</td>" }.joined() + "</tr>\n"
        }
        return page + "</tbody></table>\n</body></html>\n"
    }
}
