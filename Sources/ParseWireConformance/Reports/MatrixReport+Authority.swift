/// The page's parts for the authority's column (``MatrixPage/authorities``): its outcomes shown
/// as what the server did (``AuthorityReading/Category``), never as a conformance verdict.
extension MatrixReport {
    /// Where the page links for why the corpus is stricter than the server (relative to
    /// `Vectors/results/index.html`).
    static let profilesLink = "../INTERPRETING.md#3-kinds-and-checks"
    static let flagsLink = "../INTERPRETING.md#5-flags"

    /// A category's count as a chip.
    static func chip(_ category: AuthorityReading.Category, _ count: Int) -> String {
        "<span class=\"c a-\(category.rawValue)\" title=\"\(XMLText.escape(category.label))\">\(category.symbol) \(count)</span>"
    }

    /// The authority's cells of the implementations table, after its heading: no verdict, the count
    /// of unexplained checks, and the categories in place of the outcome columns.
    func authorityRow(_ reading: AuthorityReading, _ summary: Summary, outcomeColumns: Int) -> String {
        let counts = reading.counts(summary.file.checks)
        let unexplained = counts[.unexplained] ?? 0
        var html = "<td>\(XMLText.escape(summary.profile))</td><td class=\"v-authority\"><b>◆</b> the authority<small>\(unexplained) unexplained</small></td>"
            + "<td class=\"n\(unexplained > 0 ? " unexpected" : "")\">\(unexplained > 0 ? String(unexplained) : "·")</td>"
            + "<td class=\"n\">\(summary.file.checks.count)</td>"
        html += "<td colspan=\"\(max(outcomeColumns, 1))\" class=\"what\">what the server did (<a href=\"#authority\">below</a>): "
        html += AuthorityReading.Category.allCases.compactMap { category in
            let count = counts[category] ?? 0
            return count > 0 || category == .unexplained ? Self.chip(category, count) + " " + XMLText.escape(category.label) : nil
        }.joined(separator: " · ") + "</td>"
        return html
    }

    /// A section per authority: why its column is no verdict, and its checks by category.
    func authoritySections(_ page: MatrixPage) -> String {
        var html = ""
        for index in columns.indices {
            guard let reading = authorities[index] else { continue }
            let checks = summaries[index].file.checks
            let counts = reading.counts(checks)
            let breakdown = reading.breakdown(checks)
            html += "<h2 id=\"authority\">The authority: what \(heading(index, page)) did with each case</h2>\n"
            html += "<p class=\"note authority\">parse-server is the authority of the wire format: its column is no conformance verdict "
                + "but what the server did with each case's document. \(XMLText.escape(AuthorityReading.whyStricter)) See "
                + "<a href=\"\(Self.profilesLink)\">INTERPRETING §3, kinds, checks and profiles</a> and "
                + "<a href=\"\(Self.flagsLink)\">§5, flags</a>. The runner, scoring the server as a strict reader, "
                + "counts \(checks.filter { $0.outcome == .fail }.count) of its checks failed; each is explained below.</p>\n"
            html += "<table class=\"authority\"><thead><tr><th scope=\"col\">what the server did</th><th scope=\"col\" class=\"n\">checks</th>"
                + "<th scope=\"col\">of which</th><th scope=\"col\">meaning</th></tr></thead><tbody>\n"
            for category in AuthorityReading.Category.allCases {
                let count = counts[category] ?? 0
                guard count > 0 || category == .unexplained else { continue }
                html += "<tr><th scope=\"row\"><span class=\"a-\(category.rawValue) chip\"><b>\(category.symbol)</b></span> "
                    + "\(XMLText.escape(category.label))</th><td class=\"n\(category == .unexplained && count > 0 ? " unexpected" : "")\">\(count)</td>"
                    + "<td>" + XMLText.escape((breakdown[category] ?? []).map { "\($0.detail) \($0.count)" }.joined(separator: ", ")) + "</td>"
                    + "<td>\(XMLText.escape(category.meaning))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        return html
    }

    /// The bar of an authority's area: its categories.
    func authorityBar(_ reading: AuthorityReading, _ checks: [ResultsFile.Check]) -> String {
        let counts = reading.counts(checks)
        let shown = AuthorityReading.Category.allCases.compactMap { category in counts[category].flatMap { $0 > 0 ? (category, $0) : nil } }
        let total = shown.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return "<span class=\"none\">—</span>" }
        var html = "<div class=\"bar\" aria-hidden=\"true\">"
        for (category, count) in shown {
            let permille = count * 1000 / total
            if permille > 0 { html += "<i class=\"a-\(category.rawValue)\" style=\"width:\(permille / 10).\(permille % 10)%\"></i>" }
        }
        return html + "</div>" + shown.map { Self.chip($0.0, $0.1) }.joined(separator: " ")
    }

    /// A disagreement cell of the authority's column: the category, and the runner's message.
    func authorityCell(_ reading: AuthorityReading, name: String, outcome: CheckOutcome, expectsError: Bool, reason: String?) -> String {
        var check = ResultsFile.Check(name: name, id: "", description: "", outcome: outcome, message: "")
        check.expectsError = expectsError
        let category = reading.category(of: check)
        var html = "<td class=\"a-\(category.rawValue)\"><b>\(category.symbol)</b> \(XMLText.escape(category.label))"
        if let reason, !reason.isEmpty { html += "<small>\(XMLText.escape(Self.cut(reason)))</small>" }
        return html + "</td>"
    }

    /// The legend of the categories, when the page has an authority.
    func authorityLegend() -> String {
        guard !authorities.isEmpty else { return "" }
        var html = "<p class=\"note\">The authority's cells say what the server did (<a href=\"#authority\">above</a>). Its "
            + "checks are compared by that: what it does not apply to is not compared, a save body it keeps as written agrees with "
            + "a pass, and a document it accepts where the corpus refuses it agrees with a reader that accepts it too.</p>\n<ul class=\"legend\">"
        for category in AuthorityReading.Category.allCases {
            html += "<li><span class=\"a-\(category.rawValue) chip\"><b>\(category.symbol)</b></span> "
                + "\(XMLText.escape(category.label))</li>"
        }
        return html + "</ul>\n"
    }
}
