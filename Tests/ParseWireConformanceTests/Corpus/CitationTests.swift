import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("Citations, rules and server verdicts")
struct CitationTests {
    static let spec = SpecRules(files: [("spec/date.md", """
        # Date

        <a id="DATE-1"></a>
        ## DATE-1 — Canonical Date

        - Text.

        <a id="DATE-2"></a>
        ## DATE-2 — Date shape

        - **No positive case:** the shape is DATE-1's.
        """)])

    @Test("rule ids defined by an anchor and standards in their checked form resolve", arguments: [
        "DATE-1", "DATE-2", "RFC 8259 §7", "RFC 3339 §5.6", "RFC 8259 §8.2", "RFC 5234 Appendix B.1", "ECMA-262 QuoteJSONString",
    ])
    func resolves(citation: String) {
        #expect(Self.spec.problem(with: citation) == nil)
    }

    @Test("anything else does not resolve", arguments: [
        "my blog", "DATE-3", "WIRE-FORMAT §1.2", "CORPUS-NOTES §6.12 ruling 1", "RFC 8259 §7 (strings)", "RFC 9999 §1",
        "RFC 8259 7", "rfc 8259 §7", "ECMA-262 JSON.parse", "DATE-01", "date-1",
    ])
    func doesNotResolve(citation: String) {
        #expect(Self.spec.problem(with: citation) != nil)
    }

    @Test("a rule's title and its stated reason for a missing case are read")
    func ruleText() throws {
        let rule = try #require(Self.spec.rules.last)
        #expect(rule.id == "DATE-2" && rule.title == "Date shape" && rule.file == "spec/date.md")
        #expect(rule.noPositiveReason == "the shape is DATE-1's." && rule.noNegativeReason == nil)
        #expect(Self.spec.rules.first?.noPositiveReason == nil)
    }

    @Test("an anchor defined twice is a finding")
    func twice() {
        let rules = SpecRules(files: [("spec/a.md", "<a id=\"A-1\"></a>\n## A-1 — x\n"), ("spec/b.md", "<a id=\"A-1\"></a>\n## A-1 — y\n")])
        #expect(rules.findings.contains { $0.message.contains("also defined") && $0.file == "spec/b.md" && $0.line == 1 })
    }

    @Test("lint names an unresolved citation with file, line and column")
    func lintLocation() throws {
        let cases = ToolingTests.good.replacingOccurrences(of: #""spec":["DATE-1"]"#, with: #""spec":["DATE-1","my blog"]"#)
        let corpus = try ToolingTests().makeCorpus(cases: cases)
        let finding = try #require(CorpusLinter.lint(corpus).first { $0.message.contains("my blog") })
        #expect(finding.line == 1)
        let text = #"{"schemaVersion":"1.0","title":"Test","area":"date","cases":[\#(cases)]}"#
        let column = try #require(finding.column)
        #expect(String(text.dropFirst(column - 1).prefix(9)) == "\"my blog\"")
        #expect(finding.description.hasPrefix("cases/date/test.json:1:\(column): 0A1B2C: "))
    }

    @Test("a duplicate id names the file, line and column of the other case")
    func duplicateIdLocation() throws {
        let corpus = try ToolingTests().makeCorpus(cases: ToolingTests.good + "," + ToolingTests.good.replacingOccurrences(of: "A date", with: "Another date"))
        let finding = try #require(CorpusLinter.lint(corpus).first { $0.message.contains("also used") })
        #expect(finding.message.hasSuffix("the id is also used in cases/date/test.json:1:63"), "\(finding.message)")
    }

    @Test("a case citing only a standard, or a rule twice, is a finding", arguments: [#"["RFC 8259 §7"]"#, #"["DATE-1","DATE-1"]"#])
    func lintRuleRequired(spec: String) throws {
        let corpus = try ToolingTests().makeCorpus(cases: ToolingTests.good.replacingOccurrences(of: #"["DATE-1"]"#, with: spec))
        #expect(!CorpusLinter.lint(corpus).isEmpty)
    }

    @Test("a decode-error case the server accepts needs exactly one of ServerMangles and CanonicalOnly")
    func serverFlags() {
        let keeps = ServerVerdicts.Verdict.acceptsKeeps
        #expect(!CorpusLinter.lintServerFlags(Self.decodeError(flags: []), verdict: keeps).isEmpty)
        #expect(CorpusLinter.lintServerFlags(Self.decodeError(flags: ["CanonicalOnly"]), verdict: keeps).isEmpty)
        #expect(CorpusLinter.lintServerFlags(Self.decodeError(flags: ["ServerMangles"]), verdict: .acceptsChanges).isEmpty)
        #expect(!CorpusLinter.lintServerFlags(Self.decodeError(flags: ["ServerMangles", "CanonicalOnly"]), verdict: keeps).isEmpty)
        #expect(!CorpusLinter.lintServerFlags(Self.decodeError(flags: ["ServerMangles"]), verdict: .rejects).isEmpty)
        #expect(CorpusLinter.lintServerFlags(Self.decodeError(flags: []), verdict: nil).isEmpty)
    }

    @Test("a fetched object the server could never produce (not-applicable) carries neither server flag")
    func notApplicableVerdict() throws {
        let notApplicable = try #require(ServerVerdicts.Verdict(rawValue: "not-applicable"))
        #expect(!notApplicable.accepts)
        #expect(CorpusLinter.lintServerFlags(Self.decodeError(flags: []), verdict: notApplicable).isEmpty)
        #expect(!CorpusLinter.lintServerFlags(Self.decodeError(flags: ["CanonicalOnly"]), verdict: notApplicable).isEmpty)
    }

    @Test("once the corpus has server verdicts, a decode-error case without one is a finding")
    func verdictRequired() {
        let missing = CorpusLinter.lintServerFlags(Self.decodeError(flags: []), verdict: nil, verdictRequired: true)
        #expect(missing.contains { $0.contains("server-verdicts.json") })
        #expect(CorpusLinter.lintServerFlags(Self.decodeError(flags: []), verdict: .rejects, verdictRequired: true).isEmpty)
    }

    @Test("an encode-error case the server accepts in its unchecked written form needs exactly one server flag")
    func encodeErrorServerFlags() {
        let keeps = ServerVerdicts.Verdict.acceptsKeeps
        #expect(!CorpusLinter.lintServerFlags(Self.encodeError(flags: []), verdict: keeps).isEmpty)
        #expect(CorpusLinter.lintServerFlags(Self.encodeError(flags: ["CanonicalOnly"]), verdict: keeps).isEmpty)
        #expect(CorpusLinter.lintServerFlags(Self.encodeError(flags: ["ServerMangles"]), verdict: .acceptsChanges).isEmpty)
        #expect(!CorpusLinter.lintServerFlags(Self.encodeError(flags: ["ServerMangles", "CanonicalOnly"]), verdict: keeps).isEmpty)
        #expect(!CorpusLinter.lintServerFlags(Self.encodeError(flags: ["CanonicalOnly"]), verdict: .rejects).isEmpty)
        #expect(CorpusLinter.lintServerFlags(Self.encodeError(flags: []), verdict: .rejects).isEmpty)
    }

    @Test("once the corpus has server verdicts, an encode-error case without one is a finding")
    func encodeErrorVerdictRequired() {
        let missing = CorpusLinter.lintServerFlags(Self.encodeError(flags: []), verdict: nil, verdictRequired: true)
        #expect(missing.contains { $0.contains("server-verdicts.json") })
    }

    @Test("a valid case carries neither server flag")
    func validCarriesNoServerFlag() throws {
        let text = #"{"id":"0A1B2F","description":"d","kind":"valid","flags":["CanonicalOnly"],"spec":["DATE-1"],"canonical":1,"value":{"number":"1"}}"#
        var findings: [Finding] = []
        let vector = try #require(VectorFileReader.readCase(try JSONNode.parse(text), file: "x", findings: &findings))
        #expect(!CorpusLinter.lintServerFlags(vector, verdict: nil).isEmpty)
    }

    @Test("every rule of the specification has valid and negative cases, or says why not")
    func everyRuleCovered() throws {
        let statistics = CorpusStatistics(try CorpusLocation.corpus.get())
        #expect(!statistics.rules.isEmpty)
        #expect(statistics.unexplainedGaps.isEmpty, "rules without cases and without a reason: \(statistics.unexplainedGaps)")
    }

    static func decodeError(flags: [String]) -> VectorCase {
        let flagText = flags.map { "\"\($0)\"" }.joined(separator: ",")
        let text = #"{"id":"0A1B2D","description":"d","kind":"decode-error","flags":[\#(flagText)],"spec":["DATE-2"],"wire":{"__type":"Date"},"error":"missing-field"}"#
        var findings: [Finding] = []
        return VectorFileReader.readCase(try! JSONNode.parse(text), file: "x", findings: &findings)!
    }

    static func encodeError(flags: [String]) -> VectorCase {
        let flagText = flags.map { "\"\($0)\"" }.joined(separator: ",")
        let text = #"{"id":"0A1B2E","description":"d","kind":"encode-error","flags":[\#(flagText)],"spec":["DATE-5"],"value":{"date":{"epochMs":"-62135596800001"}},"error":"invalid-date"}"#
        var findings: [Finding] = []
        return VectorFileReader.readCase(try! JSONNode.parse(text), file: "x", findings: &findings)!
    }
}
