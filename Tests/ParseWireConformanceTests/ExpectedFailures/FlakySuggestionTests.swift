import Foundation
import ParseWire
@testable import ParseWireConformance
import Testing

/// `--write-suggestions` drafts mode `flaky` for the checks a run shows answered in two orders (the
/// same set written in two orders where the same output is expected), and never for a stable failure.
@Suite("suggestions: flaky from one run")
struct FlakySuggestionTests {
    /// Writes every list of two or more Relation members in an order that depends on a seed, the
    /// case and the operation, as an SDK writing a hash set does under a per-process hash seed.
    static func hashOrder(seed: String) -> ScriptedAdapter.Script {
        { request, _ in
            guard request.operation != .decode, case .wire(let text) = CauseFixtures.reference.answer(request),
                  let node = try? JSONNode.parse(text), node.compactText.contains("Relation") else { return nil }
            let reversed = fnv("\(seed) \(request.id) \(request.operation.rawValue)") % 2 == 1
            return reversed ? .wire(reversingMembers(node).compactText) : nil
        }
    }

    static func fnv(_ text: String) -> UInt64 {
        text.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }

    /// Every `objects` list in reverse order.
    static func reversingMembers(_ node: JSONNode) -> JSONNode {
        switch node {
        case .object(let members):
            return .object(members.map { member in
                guard member.key == "objects", case .array(let list) = member.value, list.count > 1 else {
                    return JSONMember(key: member.key, value: reversingMembers(member.value))
                }
                return JSONMember(key: member.key, value: .array(list.reversed()))
            })
        case .array(let elements): return .array(elements.map(reversingMembers))
        case .null, .bool, .number, .string: return node
        }
    }

    static func script(seed: String) -> ScriptedAdapter.Script {
        let order = hashOrder(seed: seed)
        return { request, vector in order(request, vector) ?? CauseFixtures.bytesAsStrings(request, vector) }
    }

    @Test("members written in hash order are drafted flaky by case and operation; the unedited draft is green when the order changes")
    func hashOrderDraftedFlaky() throws {
        let corpus = try CorpusLocation.corpus.get()
        let first = try CauseFixtures.run(corpus, script: Self.script(seed: "a"))
        #expect(first.exitCode == 1)
        let draft = try ExpectedFailures.read(Array(SuggestionsReport.additions(first).utf8), path: "add.json")
        let flaky = draft.entries.filter { $0.mode == .flaky }
        try #require(!flaky.isEmpty)
        #expect(flaky.allSatisfy { $0.id != nil && $0.operation != nil && $0.operation != .decode })
        #expect(flaky.allSatisfy { $0.reason.contains("answered in another order than ") && $0.reason.contains("expects the same output") })
        // The stable failure stays one cause entry of mode xfail; no cause entry is left for the order.
        #expect(draft.entries.filter { $0.mode == .xfail }.map(\.label) == ["cause decode: expected Bytes, got string"])
        // The same answers in another order of records give the same finding.
        let found = Set(UnstableOrder.find(first.records).keys.map { first.records[$0].name })
        let reversed = Array(first.records.reversed())
        #expect(Set(UnstableOrder.find(reversed).keys.map { reversed[$0].name }) == found)

        let second = try CauseFixtures.run(corpus, options: { $0.expectedFailures = draft }, script: Self.script(seed: "b"))
        let changed = zip(first.records, second.records).filter { $0.actual != $1.actual && $0.operation != .decode }
        try #require(!changed.isEmpty, "the second run writes some members in another order")
        #expect(second.exitCode == 0, "\(SummaryReport.render(second))")
        for seed in ["a", "c"] {
            let again = try CauseFixtures.run(corpus, options: { $0.expectedFailures = draft; $0.shard = Shard("2/3") }, script: Self.script(seed: seed))
            #expect(again.exitCode == 0, "\(SummaryReport.render(again))")
        }
    }

    /// Two orders are evidence of a run-to-run change only because no two checks that expect the
    /// same output give inputs that differ only in an array's order: an implementation that keeps
    /// its input's order would otherwise answer such checks in two orders every run.
    @Test("no two checks of the corpus with the same expected output have inputs that differ only in order")
    func corpusGivesNoReorderedInputs() throws {
        let corpus = try CorpusLocation.corpus.get()
        var inputs: [String: [String: Set<String>]] = [:]
        for (file, vector) in corpus.cases {
            for check in CheckPlanner.checks(vector, file: file.path) {
                let expected: String
                switch check.expectation {
                case .value(let value): expected = "value " + value.node.compactText
                case .wire(let form, _): expected = "wire " + (form.text ?? "")
                case .rejection, .choice, .followUp: continue
                }
                let input: JSONNode
                switch check.payload {
                case .value(let value): input = value.node
                case .wire(let form):
                    guard let text = form.text, let node = try? JSONNode.parse(text) else { continue }
                    input = node
                }
                let orderless = UnstableOrder.canonical(input, sortingArrays: true)
                inputs[expected, default: [:]][orderless, default: []].insert(UnstableOrder.canonical(input, sortingArrays: false))
            }
        }
        let reordered = inputs.flatMap { expected, byData in byData.values.filter { $0.count > 1 }.map { "\(expected): \($0.sorted())" } }
        #expect(reordered.isEmpty, "\(reordered.prefix(3))")
    }

    @Test("a stable failure is never drafted flaky: the same wrong order everywhere, or answers that differ in value")
    func stableNeverFlaky() throws {
        let corpus = try CorpusLocation.corpus.get()
        let alwaysReversed: ScriptedAdapter.Script = { request, _ in
            guard request.operation != .decode, case .wire(let text) = CauseFixtures.reference.answer(request),
                  let node = try? JSONNode.parse(text), node.compactText.contains("Relation") else { return nil }
            return .wire(Self.reversingMembers(node).compactText)
        }
        let ordered = try CauseFixtures.run(corpus, script: alwaysReversed)
        #expect(ordered.exitCode == 1)
        #expect(UnstableOrder.find(ordered.records).isEmpty)
        let draft = try ExpectedFailures.read(Array(SuggestionsReport.additions(ordered).utf8), path: "add.json")
        #expect(!draft.entries.isEmpty && draft.entries.allSatisfy { $0.mode == .xfail && $0.cause != nil })

        // The roundtrip writes a member the encode does not: the same expected output, answers that
        // differ in data, not in order.
        let adding: ScriptedAdapter.Script = { request, _ in
            guard request.operation == .roundtrip, case .wire(let text) = CauseFixtures.reference.answer(request),
                  text.contains(#""objects":[{"#), text.contains("},{") else { return nil }
            return .wire(text.replacingOccurrences(of: #""objects":[{"#, with: #""objects":[{"added":true},{"#))
        }
        let differing = try CauseFixtures.run(corpus, script: adding)
        #expect(differing.exitCode == 1)
        #expect(UnstableOrder.find(differing.records).isEmpty)
    }
}
