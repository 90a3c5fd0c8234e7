/// How the matrix page is titled and linked.
package struct MatrixPage: Sendable {
    /// The page's title and heading.
    package var title: String
    /// A link per implementation (to its findings, its repository), keyed by the column label or
    /// the implementation's name; the column's heading becomes the link.
    package var links: [String: String]
    /// Further documents per implementation, keyed like ``links``: `(label, URL)` pairs shown
    /// after its name in the summary table.
    package var documents: [String: [(label: String, url: String)]] = [:]
    /// Lines of text at the end of the page (what it was made from); none by default.
    package var footer: [String] = []

    /// A page titled `Conformance matrix`, without links.
    package init(title: String = "Conformance matrix", links: [String: String] = [:]) {
        self.title = title
        self.links = links
    }
}

extension MatrixReport {
    /// How many characters of a reason a cell shows.
    static let reasonLength = 100

    /// The matrix as one self-contained HTML page (inline style and script, no address outside it):
    /// the warnings, a summary per implementation, the outcomes per area, a legend, then the
    /// disagreements with a filter box. The same reports give the same bytes.
    package func html(_ page: MatrixPage = MatrixPage()) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<title>\(XMLText.escape(page.title))</title>\n<style>\(MatrixPageAssets.style)</style></head><body>\n"
        html += "<h1>\(XMLText.escape(page.title))</h1>\n"
        html += "<p>\(columns.count) implementation\(columns.count == 1 ? "" : "s"), \(checkCount) checks; "
            + "corpus \(XMLText.escape(Set(summaries.map(\.file.corpusVersion)).sorted().joined(separator: ", "))).</p>\n"
        for warning in warnings { html += "<p class=\"warning\" role=\"alert\"><b>⚠ Warning:</b> \(XMLText.escape(warning))</p>\n" }
        html += implementationsTable(page)
        html += authoritySections(page)
        html += areaTable(page)
        html += causesSection(page)
        html += legend(page)
        html += disagreements(page)
        if !page.footer.isEmpty {
            html += "<footer><p class=\"note\">" + page.footer.map(XMLText.escape).joined(separator: "<br>\n") + "</p></footer>\n"
        }
        return html + "<script>\(MatrixPageAssets.script)</script>\n</body></html>\n"
    }

    /// Each implementation's causes (`Vectors/INTERPRETING.md` §10), largest first: what it does
    /// differently, one behaviour per line, listed or not.
    /// An authority's failures are not its behaviours to fix: its section says what explains them.
    func causesSection(_ page: MatrixPage) -> String {
        let listed = summaries.enumerated().filter { !$0.element.file.causes.isEmpty && authorities[$0.offset] == nil }
        guard !listed.isEmpty else { return "" }
        var html = "<h2 id=\"causes\">Causes per implementation</h2>\n<p class=\"note\">Each line is one behaviour: the checks it fails "
            + "(listed as expected failures or not) and how many of them fail the run.</p>\n"
        for (index, summary) in listed {
            let causes = summary.file.causes
            let checks = causes.reduce(0) { $0 + $1.checks }
            html += "<details><summary>\(XMLText.escape(columns[index])): \(causes.count) cause\(causes.count == 1 ? "" : "s"), \(checks) checks</summary><ol>"
            html += causes.map { cause in
                "<li><code>\(XMLText.escape(ConsoleText.escaped(cause.cause)))</code> — \(cause.checks) check\(cause.checks == 1 ? "" : "s")"
                    + (cause.unexpected > 0 ? ", <b>\(cause.unexpected) unexpected</b>" : "") + "</li>"
            }.joined()
            html += "</ol></details>\n"
        }
        return html
    }

    /// A column's heading: the label, linked when the page has a link for it.
    func heading(_ index: Int, _ page: MatrixPage) -> String {
        let label = XMLText.escape(columns[index])
        let file = summaries[index].file
        guard let link = page.links[columns[index]] ?? page.links[file.implementation] ?? page.links[file.name] else { return label }
        return "<a href=\"\(XMLText.escape(link))\">\(label)</a>"
    }

    func implementationsTable(_ page: MatrixPage) -> String {
        // Outcomes no report has are left out, so that the table fits a window.
        let counted = CheckOutcome.allCases.filter { outcome in summaries.contains { ($0.counts[outcome] ?? 0) > 0 } }
        var html = "<h2>Implementations</h2>\n<table class=\"summary\"><thead><tr><th scope=\"col\">implementation</th>"
            + "<th scope=\"col\">profile</th><th scope=\"col\">verdict</th><th scope=\"col\" class=\"n\">unexpected</th><th scope=\"col\" class=\"n\">checks</th>"
        html += counted.map { "<th scope=\"col\" class=\"n\"><span class=\"o-\($0.rawValue)\">\($0.symbol)</span> \($0.rawValue)</th>" }.joined()
        html += "<th scope=\"col\">corpus, manifest, started</th></tr></thead><tbody>\n"
        for (index, summary) in summaries.enumerated() {
            let verdict = summary.verdict
            let mark = verdict == "PASSED" ? "✓" : verdict == "FAILED" ? "✗" : "?"
            let documents = (page.documents[columns[index]] ?? page.documents[summary.file.name] ?? [])
                .map { " <small>(<a href=\"\(XMLText.escape($0.url))\">\(XMLText.escape($0.label))</a>)</small>" }.joined()
            html += "<tr><th scope=\"row\">\(heading(index, page))\(documents)</th>"
            if let reading = authorities[index] {
                html += authorityRow(reading, summary, outcomeColumns: counted.count) + runCell(summary) + "</tr>\n"
                continue
            }
            html += "<td>\(XMLText.escape(summary.profile))</td>"
            html += "<td class=\"v-\(verdict.lowercased())\"><b>\(mark)</b> \(verdict)</td>"
                + "<td class=\"n\(summary.unexpected > 0 ? " unexpected" : "")\">\(summary.unexpected)</td><td class=\"n\">\(summary.file.checks.count)</td>"
            html += counted.map { "<td class=\"n\">\(summary.counts[$0].map(String.init) ?? "·")</td>" }.joined()
            html += runCell(summary) + "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The corpus, manifest and start of a run.
    func runCell(_ summary: Summary) -> String {
        "<td class=\"run\">\(XMLText.escape(summary.file.corpusVersion)) <code>\(XMLText.escape(String(summary.file.manifestSha256.prefix(12))))</code>"
            + "<small>\(XMLText.escape(summary.file.started))</small></td>"
    }

    func areaTable(_ page: MatrixPage) -> String {
        let areas = Set(summaries.flatMap { $0.areas.map(\.area) }).sorted()
        var html = "<h2>Outcomes per area</h2>\n<table class=\"areas\"><thead><tr><th scope=\"col\">area</th>"
        html += columns.indices.map { "<th scope=\"col\">\(heading($0, page))</th>" }.joined() + "</tr></thead><tbody>\n"
        for area in areas {
            html += "<tr><th scope=\"row\">\(XMLText.escape(area.isEmpty ? "(no area)" : area))</th>"
            for (index, summary) in summaries.enumerated() {
                if let reading = authorities[index] {
                    html += "<td>" + authorityBar(reading, summary.file.checks.filter { $0.area == area }) + "</td>"
                    continue
                }
                let counts = summary.areas.first { $0.area == area }?.counts ?? [:]
                html += "<td>" + bar(counts) + "</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// A bar of the outcomes' shares, and their counts in words beside it.
    func bar(_ counts: [CheckOutcome: Int]) -> String {
        let shown = CheckOutcome.nonZero(counts)
        let total = shown.reduce(0) { $0 + $1.count }
        guard total > 0 else { return "<span class=\"none\">—</span>" }
        var html = "<div class=\"bar\" aria-hidden=\"true\">"
        for (outcome, count) in shown {
            let permille = count * 1000 / total
            if permille > 0 { html += "<i class=\"o-\(outcome.rawValue)\" style=\"width:\(permille / 10).\(permille % 10)%\"></i>" }
        }
        html += "</div>"
        return html + shown.map { "<span class=\"c o-\($0.outcome.rawValue)\" title=\"\($0.outcome.rawValue)\">"
            + "\($0.outcome.symbol) \($0.count)</span>" }.joined(separator: " ")
    }

    func legend(_ page: MatrixPage) -> String {
        var html = "<h2 id=\"legend\">Legend</h2>\n<ul class=\"legend\">"
        for outcome in CheckOutcome.allCases {
            html += "<li><span class=\"o-\(outcome.rawValue) chip\"><b>\(outcome.symbol)</b> \(outcome.rawValue)</span> "
                + "\(XMLText.escape(outcome.meaning))</li>"
        }
        html += "<li><span class=\"o-missing chip\"><b>—</b> missing</span> the report has no such check</li></ul>\n"
        html += "<p class=\"note\">A check is listed below when the implementations that ran it disagree: "
            + "\(Self.outcomes(.conforming)) all conform; \(Self.outcomes(.failing)) all fail; \(Self.outcomes(.tolerated)) is apart. "
            + "Checks that are \(Self.outcomes(nil)) or missing are not compared.</p>\n"
        return html + authorityLegend()
    }

    /// The outcomes of one agreement, in words: `pass, xpass, accepted and rejected`.
    static func outcomes(_ agreement: CheckOutcome.Agreement?) -> String {
        let names = CheckOutcome.allCases.filter { $0.agreement == agreement }.map(\.rawValue)
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
    }

    func disagreements(_ page: MatrixPage) -> String {
        let rows = groups.reduce(0) { $0 + $1.rows.count }
        var html = "<h2 id=\"disagreements\">Where the implementations disagree</h2>\n"
        html += "<p>\(rows) of \(checkCount) checks, in \(groups.count) groups of area and tags.</p>\n"
        guard rows > 0 else { return html }
        html += "<p class=\"filter\"><label for=\"q\">Filter</label> <input type=\"search\" id=\"q\" "
            + "placeholder=\"id, area, tag, outcome or reason; several words all match\" size=\"60\"> <output id=\"shown\" for=\"q\"></output></p>\n"
        // A table per group, each with the same fixed columns: the browser lays out only the
        // groups on screen (content-visibility), so a page of 12,000 rows opens quickly.
        let share = 100 - 16 - 22
        let head = "<colgroup><col style=\"width:16%\"><col style=\"width:22%\">"
            + String(repeating: "<col style=\"width:\(share / max(columns.count, 1))%\">", count: columns.count) + "</colgroup>"
            + "<thead><tr><th scope=\"col\">check</th><th scope=\"col\">description</th>"
            + columns.indices.map { "<th scope=\"col\">\(heading($0, page))</th>" }.joined() + "</tr></thead>"
        for group in groups {
            html += "<section class=\"g\" style=\"contain-intrinsic-size:auto \(group.rows.count * 40 + 80)px\">"
                + "<h3>\(XMLText.escape(group.area.isEmpty ? "(no area)" : group.area)) › \(XMLText.escape(group.tags)) "
                + "<span class=\"k\">(\(group.rows.count))</span></h3>\n<table class=\"matrix\">\(head)<tbody>\n"
            for row in group.rows { html += self.row(row, page) }
            html += "</tbody></table></section>\n"
        }
        return html
    }

    func row(_ row: Row, _ page: MatrixPage) -> String {
        var html = "<tr><td><code>\(XMLText.escape(row.name))</code></td><td>\(XMLText.escape(row.description))</td>"
        for (index, (outcome, reason)) in zip(row.outcomes, row.reasons).enumerated() {
            guard let outcome else {
                html += "<td class=\"o-missing\"><b>—</b> missing</td>"
                continue
            }
            if let reading = authorities[index] {
                html += authorityCell(reading, name: row.name, outcome: outcome, expectsError: row.expectsError, reason: reason)
                continue
            }
            html += "<td class=\"o-\(outcome.rawValue)\"><b>\(outcome.symbol)</b> \(outcome.rawValue)"
            if let reason, !reason.isEmpty { html += "<small>\(XMLText.escape(Self.cut(reason)))</small>" }
            html += "</td>"
        }
        return html + "</tr>\n"
    }

    /// A reason on one line, cut to ``reasonLength`` characters.
    static func cut(_ reason: String) -> String {
        let flat = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > reasonLength ? String(flat.prefix(reasonLength)) + "…" : flat
    }
}
