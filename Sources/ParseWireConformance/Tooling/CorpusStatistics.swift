/// Counts over the corpus (`parse-wire vectors stats`, the manifest).
public struct CorpusStatistics: Sendable {
    public let cases: Int
    /// Cases per area, kind, level and tag, keyed by name.
    public let byArea: [String: Int]
    public let byKind: [String: Int]
    public let byLevel: [String: Int]
    public let byTag: [String: Int]

    /// Counts the cases of a corpus.
    public init(_ corpus: Corpus) {
        var area: [String: Int] = [:], kind: [String: Int] = [:], level: [String: Int] = [:], tag: [String: Int] = [:]
        for (file, vector) in corpus.cases {
            area[file.area, default: 0] += 1
            kind[vector.kind.rawValue, default: 0] += 1
            level[vector.level.rawValue, default: 0] += 1
            for name in vector.tags { tag[name, default: 0] += 1 }
        }
        cases = corpus.cases.count
        byArea = area
        byKind = kind
        byLevel = level
        byTag = tag
    }

    /// The share of negative cases (decode-error and encode-error), in percent.
    public var negativePercent: Double {
        guard cases > 0 else { return 0 }
        return Double(byKind["decode-error", default: 0] + byKind["encode-error", default: 0]) * 100 / Double(cases)
    }

    /// A plain-text table.
    public var report: String {
        func section(_ title: String, _ counts: [String: Int]) -> String {
            let rows = counts.sorted { $0.key < $1.key }.map { "  \($0.key.padding(toLength: 24, withPad: " ", startingAt: 0)) \($0.value)" }
            return ([title] + rows).joined(separator: "\n")
        }
        var lines = ["\(cases) cases"]
        lines.append(section("by area:", byArea))
        lines.append(section("by kind:", byKind))
        lines.append(section("by level:", byLevel))
        let percent = (negativePercent * 10).rounded() / 10
        lines.append("negative (decode-error + encode-error): \(percent)%")
        return lines.joined(separator: "\n")
    }
}
