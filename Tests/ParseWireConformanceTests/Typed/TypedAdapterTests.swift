import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

/// `parse-wire adapter --typed`: the reference with the typed reference answering the cases that
/// name a class, claiming `typed-record`, run by the runner like any adapter.
@Suite("The typed reference as an adapter")
struct TypedAdapterTests {
    /// The typed reference's expected failures: its known gaps, each with its reason (none today).
    static let listURL = CorpusLocation.root.deletingLastPathComponent()
        .appendingPathComponent("Examples/adapters/typed-reference/expected-failures.json")

    @Test("hello claims typed-record, and a request naming a class is answered by the class's generated model")
    func routesByClass() throws {
        let adapter = TypedReferenceAdapter(capabilities: ["typed-record", "date"])
        #expect(adapter.hello.capabilities.contains(TypedReference.capability))
        let title = AdapterRequest(operation: .decode, seq: 1, id: "X", payload: .wire(.json(#"{"title":1}"#)), context: .update, recordClass: "Book")
        guard case .rejected(let kind, _, _) = adapter.answer(title) else {
            Issue.record("a Number in Book.title (a String column) was accepted")
            return
        }
        #expect(kind == "wrong-field-type")
        let untyped = AdapterRequest(operation: .decode, seq: 2, id: "X", payload: .wire(.json(#"{"title":1}"#)), context: .update)
        #expect(adapter.answer(untyped) == .value(.map([TVNMember("title", .number("1"))])))
    }

    @Test("the whole corpus through the typed adapter passes with its expected-failures list, every entry still failing")
    func corpusRun() throws {
        let corpus = try CorpusLocation.corpus.get()
        let list = try ExpectedFailures.read(Array(try Data(contentsOf: Self.listURL)), path: Self.listURL.path)
        let adapter = TypedReferenceAdapter(capabilities: Set(corpus.tags.keys))
        let result = try ScriptedAdapter.run(hello: adapter.hello.line, corpus: corpus, options: { $0.expectedFailures = list },
                                             script: { request, _ in adapter.answer(request) })
        let unexpected = result.records.filter { [.fail, .error, .crash, .timeout, .xpass].contains($0.outcome) }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(20).map { "\($0.name): \($0.message)" })")
        // The list is empty: the generated models close every gap the bridge-based records had.
        #expect(list.entries.isEmpty && !result.records.contains { $0.outcome == .xfail })
        let typedIds = Set(corpus.cases.map(\.vector).filter { $0.tags.contains(TypedReference.capability) }.map(\.id))
        let typedChecks = result.records.filter { typedIds.contains($0.id) }
        #expect(!typedChecks.isEmpty && typedChecks.allSatisfy { $0.outcome != .unsupported })
    }
}
