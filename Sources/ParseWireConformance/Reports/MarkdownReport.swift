/// The run as Markdown, for a pull-request comment or a CI job summary (`$GITHUB_STEP_SUMMARY`):
/// the verdict and counts first, then the causes of the unexpected results, the extra environments
/// (one row each, its own failures counted under the one cause that names it), the outcomes per area
/// and per tag, every unexpected result grouped by cause (all of them, however many), the stale
/// entries, and the expected failures by reason.
package enum MarkdownReport {
    /// Above this many unexpected results a row's message is cut shorter, to keep the page readable;
    /// every result still gets its row.
    package static let shortMessagesAbove = 500

    /// The Markdown text.
    package static func render(_ result: RunResult) -> String {
        var text = summary(result)
        text += causes(result)
        text += environments(result)
        text += rollup(result)
        text += unexpected(result)
        if !result.unmatchedEntries.isEmpty {
            text += "## Stale expected-failure entries (\(result.unmatchedEntries.count))\n\n"
            for entry in result.unmatchedEntries { text += "- \(cell(entry.label)): matches no check (\(cell(entry.reason)))\n" }
            text += "\n"
        }
        text += expectedFailures(result)
        return text
    }

    static func summary(_ result: RunResult) -> String {
        let counts = result.counts
        let verdict = result.exitCode == 0 ? "PASSED" : "FAILED"
        let failing = result.unexpected.count + result.unmatchedEntries.count
        var text = "# Conformance: \(cell(result.hello.name)) \(cell(result.hello.version)) — \(verdict)\n\n"
        text += "\(SummaryReport.verdict(result)).\n\n"
        text += "Corpus \(result.corpusVersion) (manifest `\(result.manifestSha256.prefix(12))`), \(cell(result.runner)), "
            + "\(result.profile.rawValue) profile, started \(result.started).\n\n"
        text += "| outcome | checks |\n|---|---:|\n"
        for outcome in CheckOutcome.allCases where (counts[outcome] ?? 0) > 0 {
            text += "| \(outcome.symbol) \(outcome.rawValue) | \(counts[outcome]!) |\n"
        }
        text += "| **all** | **\(result.records.count)** |\n| **unexpected** | **\(failing)** |\n\n"
        for note in SummaryReport.notes(result) { text += "- \(cell(note))\n" }
        return text + (SummaryReport.notes(result).isEmpty ? "" : "\n")
    }

    /// The outcome counts per area and per tag; a check counts once under each of its tags.
    static func rollup(_ result: RunResult) -> String {
        var byArea: [String: [CheckOutcome: Int]] = [:]
        var byTag: [String: [CheckOutcome: Int]] = [:]
        var unexpectedByArea: [String: Int] = [:]
        var unexpectedByTag: [String: Int] = [:]
        for record in result.records {
            byArea[record.area, default: [:]][record.outcome, default: 0] += 1
            if record.unexpected { unexpectedByArea[record.area, default: 0] += 1 }
            for tag in Set(record.tags) {
                byTag[tag, default: [:]][record.outcome, default: 0] += 1
                if record.unexpected { unexpectedByTag[tag, default: 0] += 1 }
            }
        }
        let outcomes = CheckOutcome.nonZero(result.counts).map(\.outcome)
        func table(_ title: String, _ rows: [String: [CheckOutcome: Int]], _ unexpected: [String: Int]) -> String {
            var text = "| \(title) | checks | unexpected | " + outcomes.map { "\($0.symbol) \($0.rawValue)" }.joined(separator: " | ") + " |\n"
            text += "|---|---:|---:|" + String(repeating: "---:|", count: outcomes.count) + "\n"
            for key in rows.keys.sorted() {
                let counts = rows[key]!
                text += "| \(key.isEmpty ? "(none)" : cell(key)) | \(counts.values.reduce(0, +)) | \(unexpected[key] ?? 0) | "
                    + outcomes.map { counts[$0].map(String.init) ?? "" }.joined(separator: " | ") + " |\n"
            }
            return text + "\n"
        }
        guard !result.records.isEmpty else { return "" }
        return "## By area\n\n" + table("area", byArea, unexpectedByArea)
            + "## By tag\n\nA check counts once under each of its case's tags.\n\n" + table("tag", byTag, unexpectedByTag)
    }

    /// The causes of the unexpected results, largest first (`Vectors/INTERPRETING.md` §10).
    static func causes(_ result: RunResult) -> String {
        let unexpected = result.unexpected
        let causes = SuggestionsReport.causes(unexpected)
        guard !causes.isEmpty else { return "" }
        var text = "## Causes (\(causes.count))\n\nEach cause is one behaviour of the implementation; an expected-failures entry "
            + "`{\"cause\": …}` covers all its checks.\n\n| # | cause | checks | cases | rules | example |\n|---:|---|---:|---:|---|---|\n"
        for (rank, group) in causes.enumerated() {
            let members = group.members.map { unexpected[$0] }
            let example = members[0]
            text += "| \(rank + 1) | `\(cell(group.cause))` | \(members.count) | \(Set(members.map(\.id)).count) | "
                + "\(cell(SuggestionsReport.ruleList(members))) | `\(example.name)`: \(cell(example.message, limit: 160)) |\n"
        }
        return text + "\n"
    }

    /// The extra environments (`Vectors/INTERPRETING.md` §9, Environments): one row each, the
    /// failures of its own counted under the one cause that names it, a few checks by name.
    static func environments(_ result: RunResult) -> String {
        guard !result.environments.isEmpty || result.environmentNote != nil else { return "" }
        var text = "## Environments\n\nThe checks that depend on the environment and pass under UTC, run again in a new adapter session "
            + "per environment. A failure only there is one cause, listed as `{\"environment\": …}`.\n\n"
        if !result.environments.isEmpty {
            text += "| environment | checks | failing only here | cases | outcome | first checks |\n|---|---:|---:|---:|---|---|\n"
            for found in result.environments {
                let outcome = found.stopReason.map { "not finished: " + cell($0, limit: 160) }
                    ?? (found.failures.isEmpty ? "as under UTC" : found.listed.map { "listed: " + cell($0.reason, limit: 160) } ?? "**unexpected**")
                let first = found.failures.prefix(5).map { "`\($0.name)`" }.joined(separator: ", ")
                text += "| `\(cell(found.environment.label))` | \(found.checks) | \(found.failures.count) | \(Set(found.failures.map(\.id)).count) | "
                    + "\(outcome) | \(first) |\n"
            }
            text += "\n"
        }
        if let note = result.environmentNote { text += "- \(cell(note))\n\n" }
        return text
    }

    /// Every unexpected result, grouped by cause (largest first), each group in run order.
    static func unexpected(_ result: RunResult) -> String {
        let unexpected = result.unexpected
        guard !unexpected.isEmpty else { return "" }
        let short = unexpected.count > shortMessagesAbove
        var text = "## Unexpected results (\(unexpected.count))\n\n"
        if short { text += "All \(unexpected.count) are listed; with this many, each message is cut at 120 characters (the NDJSON report has them whole).\n\n" }
        text += "| check | area | outcome | cause | description | message |\n|---|---|---|---|---|---|\n"
        let grouped = SuggestionsReport.causes(unexpected).flatMap(\.members)
        let order = grouped + unexpected.indices.filter { unexpected[$0].cause == nil }
        for record in order.map({ unexpected[$0] }) {
            text += "| `\(record.name)` | \(cell(record.area)) | \(record.outcome.symbol) \(record.outcome.rawValue) | "
                + "\(cell(record.cause ?? "")) | \(cell(record.description)) | \(cell(record.message, limit: short ? 120 : 300)) |\n"
        }
        return text + "\n"
    }

    /// The expected failures and expected skips, one row per reason of the expected-failures list.
    static func expectedFailures(_ result: RunResult) -> String {
        let expected = result.records.filter { !$0.unexpected && $0.listed != nil && ($0.outcome == .xfail || $0.outcome == .skip) }
        guard !expected.isEmpty else { return "" }
        var order: [String] = []
        var byReason: [String: [CheckRecord]] = [:]
        for record in expected {
            let reason = record.listed ?? ""
            if byReason[reason] == nil { order.append(reason) }
            byReason[reason, default: []].append(record)
        }
        var text = "## Expected failures (\(expected.count) check\(expected.count == 1 ? "" : "s"), \(order.count) reason\(order.count == 1 ? "" : "s"))\n\n| reason | checks | outcomes | first checks |\n|---|---:|---|---|\n"
        for reason in order {
            let records = byReason[reason]!
            let xfail = records.filter { $0.outcome == .xfail }.count
            let outcomes = [xfail > 0 ? "\(xfail) xfail" : nil, records.count > xfail ? "\(records.count - xfail) skip" : nil].compactMap { $0 }
            let first = records.prefix(3).map { "`\($0.name)`" }.joined(separator: ", ") + (records.count > 3 ? ", …" : "")
            text += "| \(cell(reason)) | \(records.count) | \(outcomes.joined(separator: ", ")) | \(first) |\n"
        }
        return text + "\n"
    }

    /// Text made safe for one table cell, cut at `limit` characters.
    static func cell(_ text: String, limit: Int = 300) -> String {
        var flat = ""
        flat.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\n", "\r", "\r\n": flat += " "
            case "|": flat += "\\|"
            case "<": flat += "&lt;"
            case ">": flat += "&gt;"
            case "&": flat += "&amp;"
            case "`": flat += "\\`"
            default: flat.append(character)
            }
        }
        return flat.count > limit ? String(flat.prefix(limit)) + "…" : flat
    }
}
