import ParseWire

/// Checks an expected-failures list against a corpus without running anything:
/// `parse-wire expected-failures lint` (INTERPRETING §10), and the suite's check of every
/// committed list.
///
/// What a run would refuse or fail on, found before the run: a list the reader refuses (the
/// schema's rules), a `corpus` range that excludes the corpus, an entry that names no check the
/// corpus plans (a retired id only warns, as in a run), a `cause` that is not `<op>: <kind>` with a
/// kind a run can report, two entries with one label, and an entry that never applies because
/// every check it names is covered by another entry. Whether a `cause` entry covers a failure is
/// known only from a run, so it is not asked here.
package enum ListLint {
    /// One thing wrong with a list.
    package struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// How bad it is.
        package enum Severity: String, Sendable, Hashable {
            /// A run with the list would fail or refuse it (exit status 1).
            case error
            /// Worth a look; a run would only warn.
            case warning
        }

        package let severity: Severity
        /// The entry's place and label (`entries[3] (tag polygon decode)`), or `nil` for the list.
        package let entry: String?
        package let message: String

        /// `error: entries[3] (tag polygon decode): names no check the corpus plans`.
        package var description: String {
            "\(severity.rawValue): " + (entry.map { "\($0): " } ?? "") + message
        }
    }

    /// The findings for the list `bytes` (read from `path`) against `corpus`, in list order, the
    /// list's own first.
    package static func lint(_ bytes: [UInt8], path: String, corpus: Corpus) -> [Finding] {
        let list: ExpectedFailures
        do {
            list = try ExpectedFailures.read(bytes, path: path)
        } catch {
            return [Finding(severity: .error, entry: nil, message: error.message)]
        }
        var findings: [Finding] = []
        do {
            try list.check(corpusVersion: corpus.version, path: path)
        } catch {
            findings.append(Finding(severity: .error, entry: nil, message: error.message))
        }
        func place(_ entry: ExpectedFailures.Entry) -> String { "entries[\(entry.position)] (\(entry.label))" }
        var byEntry: [Int: [Finding]] = [:]
        func add(_ entry: ExpectedFailures.Entry, _ severity: Finding.Severity, _ message: String) {
            byEntry[entry.position, default: []].append(Finding(severity: severity, entry: place(entry), message: message))
        }
        var first: [String: ExpectedFailures.Entry] = [:]
        for entry in list.entries {
            if let earlier = first[entry.label] {
                add(entry, .error, "entries[\(earlier.position)] has the same selector; a check is covered by the first, so this one never applies")
            } else {
                first[entry.label] = entry
            }
            if let cause = entry.cause, let colon = cause.firstIndex(of: ":") {
                let kind = String(cause[cause.index(colon, offsetBy: 2)...])
                if DifferenceKind(spelling: kind) == nil {
                    add(entry, .error, "\"\(kind)\" is no kind of difference a run reports (INTERPRETING §10, Causes); "
                        + "copy the cause from a run's console or add.json")
                }
            }
        }
        let (stale, retired) = list.unmatched(in: corpus)
        for entry in stale { add(entry, .error, "names no check the corpus plans (corpus \(corpus.version))") }
        for entry in retired { add(entry, .warning, "names a retired case; delete it") }
        let unmatched = Set((stale + retired).map(\.position))
        for (entry, coverer) in shadowed(list, corpus) where !unmatched.contains(entry.position) && first[entry.label]?.position == entry.position {
            add(entry, .error, "never applies: every check it names is covered by entries[\(coverer.position)] (\(coverer.label)); "
                + "delete it, or move it above that entry")
        }
        for position in byEntry.keys.sorted() { findings += byEntry[position] ?? [] }
        return findings
    }

    /// The `id`, `tag`, `area` and `error` entries that name checks of the corpus and cover none,
    /// each with the entry that covers the first check it names.
    static func shadowed(_ list: ExpectedFailures, _ corpus: Corpus) -> [(ExpectedFailures.Entry, ExpectedFailures.Entry)] {
        var covering = Set<Int>()
        var firstCoverer: [Int: ExpectedFailures.Entry] = [:]
        let selecting = list.entries.filter { $0.cause == nil && $0.environment == nil }
        guard !selecting.isEmpty else { return [] }
        for file in corpus.files {
            for vector in file.cases {
                for operation in CheckPlanner.operations(of: vector) {
                    guard let coverer = list.entry(for: vector, area: file.area, operation) else { continue }
                    covering.insert(coverer.position)
                    // Only entries whose selector names the check can match it: look those up, not every entry.
                    var candidates = (list.byId[vector.id] ?? []) + (list.byArea[file.area] ?? []) + (vector.error.flatMap { list.byError[$0] } ?? [])
                    for tag in vector.tags { candidates += list.byTag[tag] ?? [] }
                    for index in candidates where index != coverer.position && firstCoverer[index] == nil
                        && list.entries[index].matches(vector, area: file.area, operation) {
                        firstCoverer[index] = coverer
                    }
                }
            }
        }
        return selecting.compactMap { entry in
            guard !covering.contains(entry.position), let coverer = firstCoverer[entry.position] else { return nil }
            return (entry, coverer)
        }
    }
}
