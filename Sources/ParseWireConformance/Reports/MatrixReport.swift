/// A cross-implementation matrix from several results reports: a summary per implementation, and
/// the checks on which the implementations disagree, grouped by area and by the case's tags.
///
/// Two outcomes disagree when they say different things about conformance
/// (``CheckOutcome/agreement``): all conforming answers agree (an implementation-defined case
/// rejected with no declared choice agrees with one rejected by declaration), all failures agree,
/// `tolerated` is apart. Only implementations that ran a check are compared: `unsupported`, or a
/// check a report lacks, is no disagreement.
package struct MatrixReport: Sendable {
    /// One check on which the implementations disagree.
    package struct Row: Sendable, Hashable {
        /// `ID op input`.
        package let name: String
        package let id: String
        package let description: String
        /// Whether the case expects an error (a pass is then a rejection).
        package let expectsError: Bool
        /// The outcome per column; `nil` when that report has no such check.
        package let outcomes: [CheckOutcome?]
        /// Per column, why the check did not pass: the expected-failures reason, else the message;
        /// `nil` for a conforming answer.
        package let reasons: [String?]
    }

    /// The disagreements of one area whose cases carry one set of tags.
    package struct Group: Sendable, Hashable {
        package let area: String
        /// The case's tags, sorted and joined with `, ` (`untagged` when the reports do not record them).
        package let tags: String
        package let rows: [Row]
    }

    /// One implementation at a glance.
    package struct Summary: Sendable {
        /// The column's label.
        package let column: String
        package let file: ResultsFile
        /// `PASSED`, `FAILED` or `INCOMPLETE`, by the report's own profile.
        package var verdict: String { file.verdict }
        /// The profile the run scored by.
        package var profile: String { file.profile }
        /// The outcome counts of the whole report.
        package let counts: [CheckOutcome: Int]
        /// How many checks made the run fail.
        package let unexpected: Int
        /// The outcome counts per area, areas sorted by name.
        package let areas: [AreaCounts]
    }

    /// The outcome counts of one area in one report.
    package struct AreaCounts: Sendable, Hashable {
        package let area: String
        package let counts: [CheckOutcome: Int]
    }

    /// The implementations, in the order given.
    package let columns: [String]
    /// The disagreements, grouped; areas in sorted order, then tag sets, then the corpus order.
    package let groups: [Group]
    /// How many checks appear in at least one report.
    package let checkCount: Int
    package let summaries: [Summary]
    /// What makes the reports hard to compare: different corpus versions or manifests, a report cut short.
    package let warnings: [String]
    /// The columns whose implementation is the format's authority, by column index: their checks
    /// are shown and compared as what the server did (``AuthorityReading``).
    package let authorities: [Int: AuthorityReading]

    /// Every disagreement, in group order.
    package var rows: [Row] { groups.flatMap(\.rows) }

    /// Builds the matrix; `labels` name the columns when two reports come from the same implementation.
    /// - Parameter authorities: The authority's reading, keyed by its label (its name without labels).
    package init(_ files: [ResultsFile], labels: [String]? = nil, authorities: [String: AuthorityReading] = [:]) {
        let names = files.map(\.implementation)
        let columns = zip(names, labels ?? names).map { name, label in
            names.filter { $0 == name }.count > 1 && label != name ? "\(name) (\(label))" : name
        }
        self.columns = columns
        let authorities = Dictionary(uniqueKeysWithValues: zip(files.indices, labels ?? names).compactMap { index, label in
            authorities[label].map { (index, $0) }
        })
        self.authorities = authorities
        // An authority's check is compared by what the server did; every other by its outcome.
        func agreement(_ column: Int, _ check: ResultsFile.Check) -> CheckOutcome.Agreement? {
            authorities[column].map { $0.agreement(of: check) } ?? check.outcome.agreement
        }
        var order: [String] = []
        var first: [String: ResultsFile.Check] = [:]
        var cells: [String: [ResultsFile.Check?]] = [:]
        for (column, file) in files.enumerated() {
            for check in file.checks {
                if first[check.name] == nil {
                    order.append(check.name)
                    first[check.name] = check
                    cells[check.name] = Array(repeating: nil, count: files.count)
                }
                cells[check.name]![column] = check
            }
        }
        checkCount = order.count
        var grouped: [GroupKey: [Row]] = [:]
        for name in order {
            let row = cells[name]!
            let classes = Set(row.enumerated().compactMap { column, cell in cell.flatMap { agreement(column, $0) } })
            guard classes.count > 1, let check = first[name] else { continue }
            let tags = row.lazy.compactMap { $0?.tags }.first { !$0.isEmpty } ?? []
            let key = GroupKey(area: row.lazy.compactMap { $0?.area }.first { !$0.isEmpty } ?? "",
                               tags: tags.isEmpty ? "untagged" : tags.sorted().joined(separator: ", "))
            let reasons = row.enumerated().map { column, cell -> String? in
                guard let cell, agreement(column, cell) != .conforming else { return nil }
                return cell.listed ?? cell.message
            }
            grouped[key, default: []].append(Row(name: name, id: check.id, description: check.description,
                                                 expectsError: row.contains { $0?.expectsError == true },
                                                 outcomes: row.map { $0?.outcome }, reasons: reasons))
        }
        groups = grouped.keys.sorted().map { Group(area: $0.area, tags: $0.tags, rows: grouped[$0]!) }
        summaries = zip(columns, files).map { column, file in
            var byArea: [String: [CheckOutcome: Int]] = [:]
            var counts: [CheckOutcome: Int] = [:]
            var unexpected = 0
            for check in file.checks {
                if check.unexpected { unexpected += 1 }
                byArea[check.area, default: [:]][check.outcome, default: 0] += 1
                counts[check.outcome, default: 0] += 1
            }
            return Summary(column: column, file: file, counts: counts, unexpected: unexpected,
                           areas: byArea.keys.sorted().map { AreaCounts(area: $0, counts: byArea[$0]!) })
        }
        warnings = Self.warnings(files, columns: columns)
    }

    struct GroupKey: Hashable, Comparable {
        let area: String
        let tags: String
        static func < (lhs: GroupKey, rhs: GroupKey) -> Bool { (lhs.area, lhs.tags) < (rhs.area, rhs.tags) }
    }

    static func warnings(_ files: [ResultsFile], columns: [String]) -> [String] {
        var warnings: [String] = []
        func each(_ value: (ResultsFile) -> String) -> String {
            zip(columns, files).map { "\($0): \(value($1))" }.joined(separator: "; ")
        }
        if Set(files.map(\.corpusVersion)).count > 1 {
            warnings.append("The corpus versions differ, so a check may differ because the corpus changed: " + each(\.corpusVersion) + ".")
        } else if Set(files.map(\.manifestSha256)).count > 1 {
            warnings.append("The corpus manifests differ (same version, different data): " + each { String($0.manifestSha256.prefix(12)) } + ".")
        }
        for (column, file) in zip(columns, files) where file.exitCode == nil {
            warnings.append("The report of \(column) has no footer: the run was cut short, and its checks may be incomplete.")
        }
        return warnings
    }
}
