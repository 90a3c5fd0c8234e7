/// The checks whose outcome changed between two results reports of one implementation:
/// `parse-wire report diff OLD.ndjson NEW.ndjson`.
package struct ResultsDiff: Sendable {
    /// One check whose outcome differs, or that is in one report only.
    package struct Change: Sendable, Hashable {
        /// `ID op input`.
        package let name: String
        package let description: String
        /// The outcome in the old report; `nil` when the check is new.
        package let old: CheckOutcome?
        /// The outcome in the new report; `nil` when the check is gone.
        package let new: CheckOutcome?
        /// Whether the check made the old run fail and no longer makes the new one fail.
        package let fixed: Bool
        /// Whether the check did not make the old run fail and makes the new one fail.
        package let broke: Bool
        /// Whether the new run's list has the check as flaky: a change between `xfail` and `pass`
        /// is what that entry expects.
        package var flaky = false
    }

    package let old: ResultsFile
    package let new: ResultsFile
    /// The changes in the new report's order, then the checks only the old report has.
    package let changes: [Change]

    /// Compares two reports.
    package init(old: ResultsFile, new: ResultsFile) {
        self.old = old
        self.new = new
        var before: [String: ResultsFile.Check] = [:]
        for check in old.checks { before[check.name] = check }
        var changes: [Change] = []
        var seen = Set<String>()
        for check in new.checks {
            seen.insert(check.name)
            let previous = before[check.name]
            guard previous?.outcome != check.outcome else { continue }
            var change = Change(name: check.name, description: check.description, old: previous?.outcome, new: check.outcome,
                                fixed: previous?.unexpected == true && !check.unexpected,
                                broke: check.unexpected && previous?.unexpected != true)
            change.flaky = check.flaky
            changes.append(change)
        }
        for check in old.checks where !seen.contains(check.name) {
            changes.append(Change(name: check.name, description: check.description, old: check.outcome, new: nil,
                                  fixed: check.unexpected, broke: false))
        }
        self.changes = changes
    }

    /// The diff as text: a line per change, then a line of totals.
    package var text: String {
        var lines = ["Outcome changes from \(old.implementation) (corpus \(old.corpusVersion)) to \(new.implementation) (corpus \(new.corpusVersion)):"]
        if old.corpusVersion != new.corpusVersion {
            lines.append("note: the corpus versions differ; a change may come from the corpus (see Vectors/CHANGELOG.md)")
        }
        for change in changes {
            let mark = change.broke ? "BROKE " : change.fixed ? "FIXED " : "      "
            lines.append("\(mark)\(change.name): \(change.old?.rawValue ?? "(absent)") → \(change.new?.rawValue ?? "(absent)")\(change.flaky ? " (listed flaky)" : "") — \(change.description)")
        }
        let fixed = changes.filter(\.fixed).count, broke = changes.filter(\.broke).count
        lines.append("\(changes.count) checks changed outcome: \(broke) now fail the run, \(fixed) no longer do, "
            + "\(changes.count - fixed - broke) other (of \(new.checks.count) checks in the new report)")
        return lines.joined(separator: "\n") + "\n"
    }
}
