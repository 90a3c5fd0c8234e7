import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

/// FILE-2 as a comparison rule: parse-server keeps only a File field's name, so writer checks compare a
/// File field without its `url` (`Vectors/INTERPRETING.md` §3); a nested File is compared whole.
@Suite("A File field's url in writer checks")
struct FieldFileURLTests {
    static let field = #"{"id":"FF0001","description":"A File field","kind":"valid","tags":["op"],"context":"update","spec":["FILE-2"],"#
        + #""canonical":{"doc":{"__type":"File","name":"a.txt","url":"https://files.example/a.txt"}},"#
        + #""value":{"map":{"doc":{"file":{"name":"a.txt","url":"https://files.example/a.txt"}}}},"#
        + #""equivalents":[{"wire":{"doc":{"__type":"File","name":"a.txt"}},"rules":["FILE-2"],"value":{"map":{"doc":{"file":{"name":"a.txt"}}}}}]}"#
    static let nested = #"{"id":"FF0002","description":"A File in a map","kind":"valid","tags":["op"],"spec":["FILE-2"],"#
        + #""canonical":{"m":{"__type":"File","name":"a.txt","url":"https://files.example/a.txt"}},"#
        + #""value":{"map":{"m":{"file":{"name":"a.txt","url":"https://files.example/a.txt"}}}}}"#

    func encodeOutcome(_ cases: String, id: String, writing text: String) throws -> CheckOutcome? {
        let corpus = try EquivalentsScoringTests.corpus(cases: cases)
        let result = try ScriptedAdapter.run(corpus: corpus, script: { request, _ in request.operation == .encode ? .wire(text) : nil })
        return result.records.first { $0.name == "\(id) encode value" }?.outcome
    }

    @Test("a File field written with another url, or its url percent-encoded, passes; another name fails")
    func fieldURL() throws {
        let other = #"{"doc":{"__type":"File","name":"a.txt","url":"https://elsewhere.example/x%20y"}}"#
        #expect(try encodeOutcome(Self.field, id: "FF0001", writing: other) == .pass)
        let renamed = #"{"doc":{"__type":"File","name":"b.txt","url":"https://files.example/a.txt"}}"#
        #expect(try encodeOutcome(Self.field, id: "FF0001", writing: renamed) == .fail)
    }

    static let bare = #"{"id":"FF0003","description":"A File value without url","kind":"valid","tags":["file"],"spec":["FILE-2"],"#
        + #""canonical":{"__type":"File","name":"b.png"},"value":{"file":{"name":"b.png"}}}"#

    @Test("a File field whose form has no url may be written with one, null included; another name still fails")
    func urlAddedToBareForm() throws {
        #expect(try encodeOutcome(Self.bare, id: "FF0003", writing: #"{"__type":"File","url":null,"name":"b.png"}"#) == .pass)
        #expect(try encodeOutcome(Self.bare, id: "FF0003", writing: #"{"__type":"File","name":"b.png","url":"https://f.example/b.png"}"#) == .pass)
        #expect(try encodeOutcome(Self.bare, id: "FF0003", writing: #"{"__type":"File","url":null,"name":"c.png"}"#) == .fail)
    }

    @Test("a File nested in a map keeps the url it was written with, so another url fails")
    func nestedURL() throws {
        let other = #"{"m":{"__type":"File","name":"a.txt","url":"https://elsewhere.example/x"}}"#
        #expect(try encodeOutcome(Self.nested, id: "FF0002", writing: other) == .fail)
    }

    @Test("every valid case with a File field has the oracle's proof that another url stores the same")
    func provenOnEveryFieldFile() throws {
        let corpus = try CorpusLocation.corpus.get()
        let node = try JSONNode.parse(Array(try Data(contentsOf: ServerEquivalenceProofTests.resultsURL)))
        var proofs: [String: String] = [:]
        for record in node["fieldFileURLs"]?.arrayValue ?? [] {
            if let id = record["id"]?.stringValue, let verdict = record["verdict"]?.stringValue { proofs[id] = verdict }
        }
        let withField = corpus.cases.map(\.vector).filter { vector in
            guard vector.kind == .valid, let text = vector.canonical?.text, let canonical = try? JSONNode.parse(Array(text.utf8)) else { return false }
            let marked = WireComparison.withoutFieldFileURLs(Self.withURL(canonical, context: vector.context), context: vector.context)
            return marked != Self.withURL(canonical, context: vector.context)
        }
        #expect(withField.count >= 40)
        for vector in withField { #expect(proofs[vector.id] == "same", "\(vector.id): \(proofs[vector.id] ?? "no proof")") }
    }

    /// The document with a url on every File field, so that fields written without one are found too.
    static func withURL(_ node: JSONNode, context: WireContext) -> JSONNode {
        let addURL = { (value: JSONNode) -> JSONNode in
            guard case .object(let members) = value, value["__type"] == .string("File"), value["url"] == nil else { return value }
            return .object(members + [JSONMember(key: "url", value: .string("u"))])
        }
        switch (context, node) {
        case (.value, _): return addURL(node)
        case (.update, .object(let members)): return .object(members.map { JSONMember(key: $0.key, value: addURL($0.value)) })
        default: return node
        }
    }
}
