extension SummaryReport {
    /// The extra environments: each one with failures of its own as one cause naming it (its
    /// checks counted, one example), the others on one line, or why none ran.
    static func environmentLines(_ result: RunResult) -> [String] {
        var lines: [String] = []
        for found in result.environments where !found.failures.isEmpty || found.stopReason != nil {
            let cases = Set(found.failures.map(\.id)).count
            let head = found.unexpected ? "ENVIRONMENT" : "environment (listed: \(found.listed?.reason ?? ""))"
            if !found.failures.isEmpty {
                lines.append("\(head) \(found.environment.label): \(found.failures.count) check\(found.failures.count == 1 ? "" : "s") "
                    + "(\(cases) case\(cases == 1 ? "" : "s")) that pass under UTC fail here, of \(found.checks) run again; one cause: "
                    + "the implementation depends on the time zone or the locale"
                    + (found.unexpected ? "; list it as {\"environment\":\"\(found.environment.rawValue)\",\"reason\":…}" : ""))
                let example = found.failures[0]
                lines.append("     e.g. \(example.name): \(FirstDifference.excerpt(example.message))")
            }
            if let reason = found.stopReason { lines.append("\(head) \(found.environment.label): not finished: \(reason)") }
        }
        let clean = result.environments.filter { $0.failures.isEmpty && $0.stopReason == nil }
        if !clean.isEmpty {
            lines.append("environments: no failure of their own under " + clean.map { "\($0.environment.label), \($0.checks) checks" }.joined(separator: "; "))
        }
        if let note = result.environmentNote { lines.append("environments: \(note)") }
        return lines
    }
}
