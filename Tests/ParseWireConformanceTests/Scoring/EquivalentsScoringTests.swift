import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

/// `equivalents` judged on both sides: what a writer sends and what a reader answers
/// (`Vectors/INTERPRETING.md` §3, valid cases).
@Suite("Equivalents in scoring")
struct EquivalentsScoringTests {
    /// A corpus of one `ops` file (schema 1.1) in a temporary directory, with the real flags and spec.
    static func corpus(cases: String) throws -> Corpus {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cases/ops"), withIntermediateDirectories: true)
        try Data("1.0.0\n".utf8).write(to: root.appendingPathComponent("VERSION"))
        try Data(#"{"op":"o","polygon":"p"}"#.utf8).write(to: root.appendingPathComponent("tags.json"))
        for name in ["flags.json", "spec"] {
            try FileManager.default.copyItem(at: CorpusLocation.root.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        try Data("# retired\n".utf8).write(to: root.appendingPathComponent("retired-ids.txt"))
        let file = #"{"schemaVersion":"1.1","title":"Test","area":"ops","cases":[\#(cases)]}"#
        try Data(file.utf8).write(to: root.appendingPathComponent("cases/ops/test.json"))
        return try Corpus.load(from: root)
    }

    static let addUnique = #"{"id":"EQ0001","description":"AddUnique with duplicates","kind":"valid","tags":["op"],"context":"update","spec":["OP-3"],"#
        + #""canonical":{"labels":{"__op":"AddUnique","objects":["x","x"]}},"value":{"map":{"labels":{"op":{"addUnique":[{"string":"x"},{"string":"x"}]}}}},"#
        + #""equivalents":[{"wire":{"labels":{"__op":"AddUnique","objects":["x"]}},"rules":["OP-3"],"value":{"map":{"labels":{"op":{"addUnique":[{"string":"x"}]}}}}}]}"#
    static let deduplicated: TVNValue = .map([TVNMember("labels", .operation(.addUnique([.string("x")])))])

    func outcome(_ result: RunResult, _ name: String) -> CheckOutcome? {
        result.records.first { $0.name == name }?.outcome
    }

    @Test("a reader that answers the value of an equivalent form (AddUnique without duplicates) passes the decode check")
    func readerAnswersEquivalent() throws {
        let corpus = try Self.corpus(cases: Self.addUnique)
        let result = try ScriptedAdapter.run(corpus: corpus, script: { request, _ in
            request.operation == .decode ? .value(Self.deduplicated) : nil
        })
        #expect(outcome(result, "EQ0001 decode canonical") == .pass)
    }

    @Test("a reader answer that is neither the value nor an equivalent's value still fails")
    func otherAnswerFails() throws {
        let corpus = try Self.corpus(cases: Self.addUnique)
        let other: TVNValue = .map([TVNMember("labels", .operation(.addUnique([.string("y")])))])
        let result = try ScriptedAdapter.run(corpus: corpus, script: { request, _ in
            request.operation == .decode ? .value(other) : nil
        })
        #expect(outcome(result, "EQ0001 decode canonical") == .fail)
    }

    @Test("the values a reader may answer are the values the file lists, with no decoder involved")
    func decodedEquivalents() throws {
        let corpus = try Self.corpus(cases: Self.addUnique)
        let vector = try #require(corpus.cases.first?.vector)
        #expect(ServerEquivalents.decodedValues(of: vector) == [Self.deduplicated])
    }
}

extension EquivalentsScoringTests {
    @Test("lint reports an equivalent the reference refuses: no reader could answer its value")
    func lintRefusedEquivalent() throws {
        let refused = Self.addUnique.replacingOccurrences(of: #"{"wire":{"labels":{"__op":"AddUnique","objects":["x"]}},"#,
                                                          with: #"{"wire":{"labels":{"__op":"AddUnique","objects":"x"}},"#)
        #expect(refused != Self.addUnique)
        let findings = CorpusLinter.lint(try Self.corpus(cases: refused))
        #expect(findings.contains { $0.message.contains("equivalents[0]") && $0.message.contains("refuses") })
        #expect(CorpusLinter.lint(try Self.corpus(cases: Self.addUnique)).isEmpty)
    }

    /// The lint findings of the AddUnique case with `old` replaced by `new`.
    func findings(replacing old: String, with new: String) throws -> [String] {
        let text = Self.addUnique.replacingOccurrences(of: old, with: new)
        #expect(text != Self.addUnique)
        return CorpusLinter.lint(try Self.corpus(cases: text)).map(\.message)
    }

    @Test("lint: an equivalent names its rules, each one that states an equivalence, and lists the value the reference reads")
    func lintRulesAndValue() throws {
        #expect(try findings(replacing: #""rules":["OP-3"],"#, with: "").contains { $0.contains("names no \"rules\"") })
        #expect(try findings(replacing: #""rules":["OP-3"]"#, with: #""rules":["OP-2"]"#).contains { $0.contains("states no equivalence") })
        #expect(try findings(replacing: #","value":{"map":{"labels":{"op":{"addUnique":[{"string":"x"}]}}}}}"#, with: "}")
            .contains { $0.contains("lists no \"value\"") })
        let other = try findings(replacing: #"{"addUnique":[{"string":"x"}]}}}}}"#, with: #"{"addUnique":[{"string":"y"}]}}}}}"#)
        #expect(other.contains { $0.contains("but the reference decodes it to") })
    }

    @Test("lint: a valid case lists every form the mechanical rewrites give; a listed mechanical form is one of them")
    func lintMechanicalForms() throws {
        let missing = try findings(replacing: #""equivalents":[{"wire":{"labels":{"__op":"AddUnique","objects":["x"]}},"rules":["OP-3"],"value":{"map":{"labels":{"op":{"addUnique":[{"string":"x"}]}}}}}]"#,
                                   with: #""alternates":[]"#)
        #expect(missing.contains { $0.contains("equivalents miss the form") && $0.contains("OP-3") })
        let unjustified = try findings(replacing: #"{"wire":{"labels":{"__op":"AddUnique","objects":["x"]}}"#,
                                       with: #"{"wire":{"labels":{"__op":"AddUnique","objects":["x","x","x"]}}"#)
        #expect(unjustified.contains { $0.contains("is no form the rewrites of OP-3 give") })
    }

    @Test("lint: a reading (a value without a form) must be one a rule gives")
    func lintReading() throws {
        let found = try findings(replacing: #"{"wire":{"labels":{"__op":"AddUnique","objects":["x"]}},"rules":["OP-3"],"#,
                                 with: #"{"rules":["MSG-2"],"value":{"map":{}}},{"wire":{"labels":{"__op":"AddUnique","objects":["x"]}},"rules":["OP-3"],"#)
        #expect(found.contains { $0.contains("equivalents[0] is a reading no rule gives (MSG-2)") })
    }

    @Test("a reader is scored by the listed value: the reference's decoder is not asked")
    func listedValueIsUsed() throws {
        let listed: TVNValue = .map([TVNMember("labels", .operation(.addUnique([.string("z")])))])
        let text = Self.addUnique.replacingOccurrences(of: #"{"addUnique":[{"string":"x"}]}}}}}"#, with: #"{"addUnique":[{"string":"z"}]}}}}}"#)
        let vector = try #require(try Self.corpus(cases: text).cases.first?.vector)
        #expect(ServerEquivalents.decodedValues(of: vector) == [listed])
    }
}
