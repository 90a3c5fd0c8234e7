extension AuthorityReading.Explanation {
    /// What the explanation says about the failed checks it accounts for.
    var text: String {
        switch self {
        case .flagged: "decode-error cases the server accepts, each flagged ServerMangles or CanonicalOnly"
        case .flaggedWrite: "encode-error cases whose unchecked written form the server accepts, each flagged ServerMangles or CanonicalOnly"
        case .knownDivergence: "valid cases flagged with a known-divergence flag (the server changes or refuses valid data)"
        case .direction: "valid cases marked direction: a form the server emits but refuses written, or writes but keeps otherwise"
        case .stateAfterUpdate: "save bodies the server keeps as written, answered as the object's state after the update"
        case .numberLost: "implementation-defined numbers beyond a double that the server emits as null (NumberBeyondDouble)"
        }
    }
}

extension AuthorityReading {
    /// Why the corpus is stricter than the server, in a sentence or two (the page links the
    /// sections of `Vectors/INTERPRETING.md` it names).
    static let whyStricter = "The corpus is a validator's rules, deliberately stricter than the server: it refuses documents the server "
        + "accepts and then loses or changes (flag ServerMangles), and non-canonical forms the server happens to keep (flag CanonicalOnly), "
        + "so that what a client writes means one thing to every reader. A strict reader enforces both; the client profile only ServerMangles."

    /// The authority's `summary.md`: what the server did with each case, by category and by area,
    /// the runner's failures by explanation, and every unexplained check. No conformance verdict.
    package func markdown(_ file: ResultsFile) -> String {
        let cell: (String) -> String = { MarkdownReport.cell($0) }
        let counts = counts(file.checks)
        var text = "# \(cell(file.implementation)), the authority: what the server did with each case\n\n"
        text += "Corpus \(file.corpusVersion) (manifest `\(file.manifestSha256.prefix(12))`), \(cell(file.runner)), started \(file.started).\n\n"
        text += "parse-server is the authority of the wire format, so this is no conformance verdict: each check says what the server "
            + "did with the case's document. \(Self.whyStricter) (`Vectors/INTERPRETING.md` §3 Kinds and checks, §5 Flags.)\n\n"
        let breakdown = breakdown(file.checks)
        text += "| what the server did | checks | of which | meaning |\n|---|---:|---|---|\n"
        for category in Category.allCases where category != .unexplained || counts[category]! > 0 {
            let parts = (breakdown[category] ?? []).map { "\($0.detail) \($0.count)" }.joined(separator: ", ")
            text += "| \(category.markdownLabel) | \(counts[category]!) | \(cell(parts)) | \(cell(category.meaning)) |\n"
        }
        text += "| **all** | **\(file.checks.count)** | | |\n\n"
        let unexplained = file.checks.filter { category(of: $0) == .unexplained }
        text += "**\(unexplained.count) unexplained**" + (unexplained.isEmpty ? ": every check is accounted for.\n\n" : ": listed below.\n\n")
        text += areas(file, cell: cell)
        text += "## The runner's failures, by explanation\n\nScored as a strict reader, the run has "
            + "\(file.checks.filter { $0.outcome == .fail }.count) failed checks; each is one of these "
            + "(`Examples/adapters/parse-server-oracle/explain.js`):\n\n"
        for (explanation, details) in explanationCounts(file.checks) {
            let total = details.reduce(0) { $0 + $1.count }
            text += "- \(total): \(cell(explanation.text)) [" + details.map { "\(cell($0.detail)) \($0.count)" }.joined(separator: ", ") + "]\n"
        }
        if !unexplained.isEmpty {
            text += "\n## Unexplained checks (\(unexplained.count))\n\n"
            for check in unexplained { text += "- `\(cell(check.name))` (\(check.outcome.rawValue)): \(cell(check.message))\n" }
        }
        var outcomes: [CheckOutcome: Int] = [:]
        for check in file.checks { outcomes[check.outcome, default: 0] += 1 }
        text += "\nThe runner's own counts, strict profile: "
            + CheckOutcome.nonZero(outcomes).map { "\($0.count) \($0.outcome.rawValue)" }.joined(separator: ", ")
            + (file.exitCode.map { " (exit status \($0))" } ?? "") + ".\n"
        return text
    }

    /// The categories per area.
    func areas(_ file: ResultsFile, cell: (String) -> String) -> String {
        var byArea: [String: [Category: Int]] = [:]
        for check in file.checks { byArea[check.area, default: [:]][category(of: check), default: 0] += 1 }
        let shown = Category.allCases.filter { category in byArea.values.contains { ($0[category] ?? 0) > 0 } }
        var text = "## Per area\n\n| area | " + shown.map { "\($0.symbol) \($0.label)" }.map(cell).joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---:|", count: shown.count) + "\n"
        for area in byArea.keys.sorted() {
            text += "| \(cell(area.isEmpty ? "(no area)" : area)) | " + shown.map { String(byArea[area]![$0] ?? 0) }.joined(separator: " | ") + " |\n"
        }
        return text + "\n"
    }
}
