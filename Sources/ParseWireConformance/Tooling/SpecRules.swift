import Foundation

/// The rules of the specification in `Vectors/spec/`, and the forms a citation may take.
///
/// A case's `spec` entries are rule ids (`DATE-3`), each defined by an anchor `<a id="DATE-3"></a>`
/// in one of the Markdown files, or a general standard in one checked form (`RFC 8259 §7`,
/// `RFC 5234 Appendix B.1`, `ECMA-262 QuoteJSONString`). Anything else does not resolve.
package struct SpecRules: Sendable {
    /// One rule: its id, its title and the file that defines it.
    package struct Rule: Sendable, Hashable {
        package let id: String
        package let title: String
        /// The file, relative to `Vectors/`, such as `spec/date.md`.
        package let file: String
        /// Why the rule has no valid case, when its text says (`- **No positive case:** …`).
        package let noPositiveReason: String?
        /// Why the rule has no negative case, when its text says (`- **No negative case:** …`).
        package let noNegativeReason: String?
        /// Why no code of the package enforces the rule, when its text says (`- **Corpus-only:** …`):
        /// the rule is about what an SDK or the server does, and only the corpus's cases check it.
        package let corpusOnlyReason: String?
    }

    /// Every rule, in file order and then in the order of the file.
    package let rules: [Rule]
    /// Problems in the specification itself: a rule defined twice, an anchor without a heading.
    package let findings: [Finding]

    /// The RFCs the corpus may cite.
    package static let standards: Set<Int> = [8259, 7493, 3629, 3339, 4648, 5234]
    /// The ECMA-262 abstract operations the corpus may cite.
    package static let ecmaOperations: Set<String> = ["Number::toString", "QuoteJSONString"]

    /// Reads every `spec/*.md` file under a corpus root; no rules when the folder is missing.
    package static func load(from root: URL) -> SpecRules {
        let folder = root.appendingPathComponent("spec")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        var files: [(String, String)] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            files.append(("spec/\(name)", String(decoding: data, as: UTF8.self)))
        }
        return SpecRules(files: files)
    }

    /// Reads rules from Markdown texts: `(path, text)` pairs.
    package init(files: [(path: String, text: String)]) {
        var rules: [Rule] = []
        var findings: [Finding] = []
        var seen: [String: String] = [:]
        for (path, text) in files {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let id = Self.anchor(in: line) else { continue }
                let heading = lines.dropFirst(index + 1).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                guard let heading, heading.hasPrefix("#"), heading.contains(" \(id) ") || heading.hasSuffix(" \(id)") else {
                    findings.append(Finding(file: path, line: index + 1, column: 1, "the anchor \(id) is not followed by a heading naming \(id)"))
                    continue
                }
                if let other = seen[id] {
                    findings.append(Finding(file: path, line: index + 1, column: 1, "rule \(id) is also defined in \(other)"))
                    continue
                }
                seen[id] = path
                let title = heading.split(separator: "—", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? String(heading)
                let body = lines.dropFirst(index + 1).drop { !$0.hasPrefix("#") }.dropFirst().prefix { Self.anchor(in: $0) == nil }
                rules.append(Rule(id: id, title: title, file: path, noPositiveReason: Self.note("No positive case", in: body),
                                  noNegativeReason: Self.note("No negative case", in: body),
                                  corpusOnlyReason: Self.note("Corpus-only", in: body)))
            }
        }
        self.rules = rules
        self.findings = findings
        self.ids = Set(rules.map(\.id))
    }

    private let ids: Set<String>

    /// Whether a rule id is defined.
    package func defines(_ id: String) -> Bool { ids.contains(id) }

    /// Why a citation does not resolve; `nil` when it names a defined rule or a standard in its checked form.
    package func problem(with citation: String) -> String? {
        if Self.isRuleId(citation) {
            return defines(citation) ? nil : "cites \(citation), which no file in spec/ defines"
        }
        if Self.isStandard(citation) { return nil }
        return "cites \"\(citation)\", which is neither a rule id of spec/ (DATE-3) nor a standard in the form "
            + "\"RFC 8259 §7\", \"RFC 5234 Appendix B.1\" or \"ECMA-262 QuoteJSONString\""
    }

    /// Whether text has the shape of a rule id: capitals, a hyphen, a number without a leading zero.
    package static func isRuleId(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let prefix = parts.first, let number = parts.last, !prefix.isEmpty, !number.isEmpty else { return false }
        return prefix.allSatisfy { $0.isASCII && $0.isUppercase } && number.allSatisfy { $0.isASCII && $0.isNumber } && !number.hasPrefix("0")
    }

    /// Whether text names one of the known standards in its checked form.
    package static func isStandard(_ text: String) -> Bool {
        if text.hasPrefix("ECMA-262 ") { return ecmaOperations.contains(String(text.dropFirst("ECMA-262 ".count))) }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 3, words[0] == "RFC", let number = Int(words[1]), standards.contains(number) else { return false }
        if words.count == 3, words[2].hasPrefix("§") { return isSectionNumber(words[2].dropFirst()) }
        if words.count == 4, words[2] == "Appendix", let letter = words[3].first, letter.isASCII, letter.isUppercase {
            let rest = words[3].dropFirst()
            return rest.isEmpty || (rest.hasPrefix(".") && isSectionNumber(rest.dropFirst()))
        }
        return false
    }

    private static func isSectionNumber(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The text of a bullet `- **<label>:** text` in a rule's body.
    static func note(_ label: String, in body: ArraySlice<Substring>) -> String? {
        let prefix = "- **\(label):**"
        guard let line = body.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }

    /// The id of an anchor line `<a id="X-1"></a>`, if the line is one.
    static func anchor(in line: Substring) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<a id=\""), trimmed.hasSuffix("\"></a>") else { return nil }
        let id = String(trimmed.dropFirst("<a id=\"".count).dropLast("\"></a>".count))
        return isRuleId(id) ? id : nil
    }
}
