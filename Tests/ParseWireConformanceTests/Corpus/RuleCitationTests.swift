import Foundation
import Testing
@testable import ParseWireConformance

/// Rule ids are the way into the code: the place that enforces a rule of `Vectors/spec/` names its
/// id, so `grep -rn DATE-6 Sources` finds every file a change of that rule touches. These tests keep
/// that true as the code and the specification change:
/// - every rule is cited by a Swift file under `Sources/`, unless its text marks it corpus-only
///   (`- **Corpus-only:** why`, see `Vectors/spec/README.md`), and a rule so marked is cited by none;
/// - no Swift file under `Sources/` or `Fuzz/` cites a rule id the specification does not define;
/// - a comment under `Sources/`, `Tests/` or `Fuzz/` cites only documents that are in the repository.
@Suite("Rule ids and documents cited in the code")
struct RuleCitationTests {
    static let package = CorpusLocation.root.deletingLastPathComponent()
    static let spec = SpecRules.load(from: CorpusLocation.root)

    @Test("the specification is read: rules, and the corpus-only marks")
    func specificationRead() {
        #expect(Self.spec.rules.count > 100)
        #expect(Self.spec.findings.isEmpty)
    }

    @Test("every rule is cited by a source file, or marked corpus-only and cited by none")
    func everyRuleCited() {
        let cited = CodeCitations.ruleIds(in: Self.swiftFiles(under: ["Sources"]), prefixes: Self.spec.prefixes)
        let uncited = Self.spec.rules.filter { $0.corpusOnlyReason == nil && cited[$0.id] == nil }.map(\.id)
        #expect(uncited.isEmpty, "rules no file under Sources/ cites (cite them where the code enforces them, or mark them corpus-only): \(uncited)")
        let marked = Self.spec.rules.filter { $0.corpusOnlyReason != nil && cited[$0.id] != nil }.map { "\($0.id) in \(cited[$0.id]!.sorted())" }
        #expect(marked.isEmpty, "rules marked corpus-only that code cites (drop the mark): \(marked)")
    }

    @Test("no source cites a rule id the specification does not define")
    func noUnknownRule() {
        let cited = CodeCitations.ruleIds(in: Self.swiftFiles(under: ["Sources", "Fuzz"]), prefixes: Self.spec.prefixes)
        let unknown = cited.filter { !Self.spec.defines($0.key) }.map { "\($0.key) in \($0.value.sorted())" }.sorted()
        #expect(unknown.isEmpty, "rule ids cited but not defined in Vectors/spec: \(unknown)")
    }

    @Test("comments cite only documents that are in the repository")
    func documentsExist() {
        let files = Self.swiftFiles(under: ["Sources", "Tests", "Fuzz"])
        let missing = CodeCitations.missingDocuments(in: files, repository: Self.repositoryFiles())
        #expect(missing.isEmpty, "comments cite documents that are not in the repository: \(missing)")
    }

    // The scanner itself, on texts whose answer is known.

    @Test("a rule id is read as a whole word, with a known prefix only")
    func ruleIdScan() {
        let ids = CodeCitations.ruleIds(in: [("a.swift", "// DATE-6: digits; see ops.md#OP-10 and (NUM-2).\nlet x = \"LQ-12\" // UTF-8, ECMA-262, XDATE-1, DATE-6x")],
                                        prefixes: ["DATE", "OP", "NUM", "LQ"])
        #expect(Set(ids.keys) == ["DATE-6", "OP-10", "NUM-2", "LQ-12"])
    }

    @Test("a cited document resolves by its path or its name; web addresses and standards are not documents")
    func documentScan() {
        let repository = ["Vectors/INTERPRETING.md", "Vectors/spec/date.md", "Fuzz/README.md"]
        let text = """
            /// See `Vectors/spec/date.md#DATE-6`, spec/date.md, INTERPRETING §5 and README.md.
            /// RFC 8259 §7; https://example.com/NOTES.md; ECMA-262 §6.
            // A reader of WIRE-FORMAT
            // §1.2 and of DESIGN.md.
            let s = "CORPUS-NOTES §6" // fine: that one is not in a comment
            """
        let missing = CodeCitations.missingDocuments(in: [("x.swift", text)], repository: repository)
        #expect(missing == ["x.swift:3: WIRE-FORMAT", "x.swift:4: DESIGN.md"])
    }

    @Test("the corpus-only mark is read from a rule's text")
    func corpusOnlyMark() {
        let rules = SpecRules(files: [("spec/a.md", "<a id=\"A-1\"></a>\n## A-1 — x\n\n- Text.\n- **Corpus-only:** what an SDK does.\n\n<a id=\"A-2\"></a>\n## A-2 — y\n")])
        #expect(rules.rules.map(\.corpusOnlyReason) == ["what an SDK does.", nil])
    }

    /// Every Swift file under the given top-level folders, as (path from the package root, text).
    static func swiftFiles(under folders: [String]) -> [(path: String, text: String)] {
        repositoryFiles().filter { path in path.hasSuffix(".swift") && folders.contains { path.hasPrefix($0 + "/") } }.compactMap { path in
            FileManager.default.contents(atPath: package.appendingPathComponent(path).path).map { (path, String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// Every file of the package, relative to its root; hidden folders (`.build`, `.git`) left out.
    static func repositoryFiles() -> [String] {
        let root = package.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
        }
        return files.sorted()
    }
}

/// Reads what Swift texts cite: rule ids anywhere in the text, documents in comments.
enum CodeCitations {
    /// The rule ids with one of `prefixes` (`DATE-6`, not `XDATE-6` nor `DATE-6x`), each with the
    /// files that cite it.
    static func ruleIds(in files: [(path: String, text: String)], prefixes: Set<String>) -> [String: Set<String>] {
        let pattern = "(?<![A-Za-z0-9_-])(?:\(prefixes.sorted().joined(separator: "|")))-[0-9]+(?![A-Za-z0-9_])"
        let expression = try! NSRegularExpression(pattern: pattern)
        var cited: [String: Set<String>] = [:]
        for (path, text) in files {
            let range = NSRange(text.startIndex..., in: text)
            for match in expression.matches(in: text, range: range) {
                cited[String(text[Range(match.range, in: text)!]), default: []].insert(path)
            }
        }
        return cited
    }

    /// The documents comments cite that are not among `repository` (paths from the package root),
    /// as `file:line: document`. A document is cited as a path ending in `.md` (found when a file of
    /// the repository has that path or ends with it), or as a capitalised name before a section sign
    /// (`INTERPRETING §5`, found when a file of that name plus `.md` exists). A comment's lines are
    /// read as one text, so a name and its `§` may sit on two lines.
    static func missingDocuments(in files: [(path: String, text: String)], repository: [String]) -> [String] {
        let path = try! NSRegularExpression(pattern: "[A-Za-z0-9_./-]*[A-Za-z0-9_]\\.md(?![A-Za-z0-9_])")
        let named = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_./-])([A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)*)(\\.md)?\\s+§")
        var missing: [String] = []
        func exists(_ document: String) -> Bool {
            let trimmed = document.replacingOccurrences(of: "../", with: "").replacingOccurrences(of: "./", with: "")
            return repository.contains { $0 == trimmed || $0.hasSuffix("/" + trimmed) }
        }
        for (file, text) in files {
            for (line, comment) in comments(in: text) {
                let range = NSRange(comment.startIndex..., in: comment)
                for match in path.matches(in: comment, range: range) {
                    let bounds = Range(match.range, in: comment)!
                    let document = String(comment[bounds])
                    // A web address (`https://…/NOTES.md`) names a document elsewhere, on purpose.
                    let lead = comment[..<bounds.lowerBound]
                    if let last = lead.last, !last.isWhitespace,
                       (lead.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? "").appending(document).contains("://") { continue }
                    if !exists(document) { missing.append("\(file):\(line(match.range.location)): \(document)") }
                }
                for match in named.matches(in: comment, range: range) {
                    let name = String(comment[Range(match.range(at: 1), in: comment)!])
                    let before = comment[..<Range(match.range, in: comment)!.lowerBound].split(separator: " ").last
                    if name == "RFC" || before == "RFC" || name.hasPrefix("ECMA") { continue }
                    if match.range(at: 2).location != NSNotFound { continue }  // a path, checked above
                    if !exists(name + ".md") { missing.append("\(file):\(line(match.range.location)): \(name)") }
                }
            }
        }
        return missing.sorted { ($0.split(separator: ":").first!, Int($0.split(separator: ":")[1])!) < ($1.split(separator: ":").first!, Int($1.split(separator: ":")[1])!) }
    }

    /// Each run of comment lines as one text, with a function from an offset in it to a line number.
    /// Only `//` comments, the form this package uses; a `//` inside a string literal on a code line
    /// is skipped by taking comments that start a line or follow code after a space.
    private static func comments(in text: String) -> [(line: (Int) -> Int, text: String)] {
        var blocks: [(line: (Int) -> Int, text: String)] = []
        var current = ""
        var starts: [(offset: Int, line: Int)] = []
        func flush() {
            if !current.isEmpty {
                let marks = starts
                blocks.append(({ offset in marks.last { $0.offset <= offset }?.line ?? marks[0].line }, current))
            }
            current = ""
            starts = []
        }
        var inMultilineString = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            // A multi-line string literal's lines are text, not comments, even when they start with `//`.
            if raw.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                flush()
                continue
            }
            if inMultilineString { continue }
            var comment: Substring?
            if line.hasPrefix("//") {
                comment = line.drop { $0 == "/" }
            } else if let marker = raw.range(of: " // "), !raw[..<marker.lowerBound].contains("\"") || raw[..<marker.lowerBound].filter({ $0 == "\"" }).count % 2 == 0 {
                comment = raw[marker.upperBound...]
            }
            guard let comment else { flush(); continue }
            starts.append((current.utf16.count, index + 1))
            current += comment + " "
            if !line.hasPrefix("//") { flush() }
        }
        flush()
        return blocks
    }
}

extension SpecRules {
    /// The prefixes of the defined rule ids (`DATE`, `OP`…): a word with one of them and a number is
    /// read as a rule id.
    var prefixes: Set<String> { Set(rules.compactMap { $0.id.split(separator: "-").first.map(String.init) }) }
}
