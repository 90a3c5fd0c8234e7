/// Counts over the corpus (`parse-wire vectors stats`, the manifest).
package struct CorpusStatistics: Sendable {
    package let cases: Int
    /// Cases per area, kind, level and tag, keyed by name.
    package let byArea: [String: Int]
    package let byKind: [String: Int]
    package let byLevel: [String: Int]
    package let byTag: [String: Int]
    /// Per cited rule id: valid, negative (decode-error and encode-error) and implementation-defined cases; a
    /// valid case also counts for the rules its `equivalents` name.
    package let byRule: [String: RuleCounts]
    /// The rules of `spec/`, for the rules × cases table.
    package let rules: [SpecRules.Rule]

    /// How many cases of each kind cite a rule.
    package struct RuleCounts: Sendable, Equatable {
        package var positive = 0
        package var negative = 0
        package var implementationDefined = 0
    }

    /// Counts the cases of a corpus.
    package init(_ corpus: Corpus) {
        var area: [String: Int] = [:], kind: [String: Int] = [:], level: [String: Int] = [:], tag: [String: Int] = [:]
        var rule: [String: RuleCounts] = [:]
        for (file, vector) in corpus.cases {
            for id in vector.spec where SpecRules.isRuleId(id) {
                switch vector.kind {
                case .valid: rule[id, default: RuleCounts()].positive += 1
                case .decodeError, .encodeError: rule[id, default: RuleCounts()].negative += 1
                case .implementationDefined: rule[id, default: RuleCounts()].implementationDefined += 1
                }
            }
            // An equivalence rule is tested by the valid cases that list its forms (`equivalents`).
            if vector.kind == .valid {
                for id in Set(vector.equivalents.flatMap(\.rules)).subtracting(vector.spec) where SpecRules.isRuleId(id) {
                    rule[id, default: RuleCounts()].positive += 1
                }
            }
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
        byRule = rule
        rules = corpus.rules.rules
    }

    /// The rules × cases table: each rule of `spec/` with its valid, negative and implementation-defined
    /// cases, and why it has no valid or no negative case where its text says; `(none; no reason given)`
    /// marks a gap.
    package var ruleReport: String {
        var lines = ["rule        valid  negative  impl-defined  title"]
        for rule in rules {
            let counts = byRule[rule.id] ?? RuleCounts()
            func column(_ value: Int, _ width: Int) -> String { String(repeating: " ", count: max(0, width - String(value).count)) + String(value) }
            lines.append(rule.id.padding(toLength: 10, withPad: " ", startingAt: 0) + column(counts.positive, 7) + column(counts.negative, 10)
                + column(counts.implementationDefined, 14) + "  " + rule.title)
            if counts.positive == 0 { lines.append("            no valid case: " + (rule.noPositiveReason ?? "(none; no reason given)")) }
            if counts.negative == 0 { lines.append("            no negative case: " + (rule.noNegativeReason ?? "(none; no reason given)")) }
        }
        return lines.joined(separator: "\n")
    }

    /// The rules that lack valid or negative cases without a reason in their text.
    package var unexplainedGaps: [String] {
        rules.compactMap { rule in
            let counts = byRule[rule.id] ?? RuleCounts()
            let gap = (counts.positive == 0 && rule.noPositiveReason == nil) || (counts.negative == 0 && rule.noNegativeReason == nil)
            return gap ? rule.id : nil
        }
    }

    /// The share of negative cases (decode-error and encode-error), in percent.
    package var negativePercent: Double {
        guard cases > 0 else { return 0 }
        return Double(byKind["decode-error", default: 0] + byKind["encode-error", default: 0]) * 100 / Double(cases)
    }

    /// A plain-text table.
    package var report: String {
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
        lines.append("rules × cases:")
        lines.append(ruleReport)
        return lines.joined(separator: "\n")
    }
}
