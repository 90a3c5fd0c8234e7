import Foundation
import Testing
@testable import ParseWireConformance
import ParseWire

/// The `query` context: how it travels in the protocol and vector files, and that an adapter
/// without the `query` capability gets `unsupported`, never a failure.
@Suite("Query context")
struct QueryContextTests {
    @Test("a request in the query context reads back as the same request")
    func requestLine() throws {
        let request = AdapterRequest(operation: .decode, seq: 4, id: "AAAA02", payload: .wire(.text(#"{"where":{}}"#)), context: .query)
        #expect(request.line.contains(#""context":{"kind":"query"}"#))
        #expect(try AdapterRequestLine.parse(request.line) == .check(request))
        #expect(AdapterHello.name(of: .query) == "query")
    }

    static func file(version: String) -> [UInt8] {
        Array(#"""
        {"schemaVersion":"\#(version)","title":"Queries","area":"query","cases":[{"id":"AAAA03","description":"an empty find","kind":"valid",
        "level":"optional","tags":["query"],"context":"query","spec":["QUERY-1"],"canonical":{},"value":{"map":{}}}]}
        """#.utf8)
    }

    @Test("the query context needs schemaVersion 1.2")
    func schemaVersion() {
        var findings: [Finding] = []
        #expect(VectorFileReader.read(path: "cases/query/a.json", bytes: Self.file(version: "1.2"), findings: &findings)?.cases.first?.context == .query)
        #expect(findings.isEmpty)
        _ = VectorFileReader.read(path: "cases/query/a.json", bytes: Self.file(version: "1.1"), findings: &findings)
        #expect(findings.contains { $0.message.contains("needs schemaVersion 1.2") })
    }

    static func runQueryArea(hello: String) throws -> [String: Int] {
        let corpus = try CorpusLocation.corpus.get()
        let result = try ScriptedAdapter.run(hello: hello, corpus: corpus, options: { $0.filter.areas = ["query"] })
        return FixtureAdapters.counts(result).filter { $0.value > 0 }
    }

    @Test("an adapter that does not claim the query capability gets unsupported for every query check")
    func unclaimed() throws {
        let counts = try Self.runQueryArea(hello: ScriptedAdapter.hello())
        #expect(counts.keys.sorted() == ["unsupported"], "\(counts)")
    }

    @Test("an adapter that claims it, answering as the reference, passes every query check")
    func claimed() throws {
        let hello = ScriptedAdapter.hello(#""capabilities":["query","pointer","date","geopoint","polygon"]"#)
        let counts = try Self.runQueryArea(hello: hello)
        #expect(counts["pass", default: 0] > 200, "\(counts)")
        #expect(Set(counts.keys).isSubset(of: ["pass", "accepted", "unsupported"]), "\(counts)")
    }

    @Test("every rule of spec/query.md has a valid and a negative case, and every case cites one")
    func rulesCovered() throws {
        let corpus = try CorpusLocation.corpus.get()
        let cases = corpus.cases.filter { $0.file.area == "query" }.map(\.vector)
        #expect(cases.allSatisfy { $0.context == .query && $0.tags.contains("query") && $0.level == .optional })
        for rule in 1...20 {
            let citing = cases.filter { $0.spec.contains("QUERY-\(rule)") }
            #expect(citing.contains { $0.kind == .valid } || rule == 20, "QUERY-\(rule) has no valid case")
            #expect(citing.contains { $0.kind == .decodeError }, "QUERY-\(rule) has no negative case")
        }
    }
}

/// The `message` context: how it travels, what a vector must name, and its capability.
@Suite("Message context")
struct MessageContextTests {
    @Test("a request in the message context carries the message and the class")
    func requestLine() throws {
        let request = AdapterRequest(operation: .encode, seq: 5, id: "AAAA04", payload: .value(.null),
                                     context: .message(.findResponse, className: "Book"))
        #expect(request.line.contains(#""context":{"kind":"message","message":"find-response","className":"Book"}"#))
        #expect(try AdapterRequestLine.parse(request.line) == .check(request))
        #expect(throws: ProtocolViolation.self) {
            try AdapterRequestLine.parse(#"{"cmd":"decode","seq":1,"id":"AAAA04","wire":"{}","context":{"kind":"message"}}"#)
        }
    }

    static func read(_ fields: String) -> (VectorCase?, [Finding]) {
        var findings: [Finding] = []
        let text = #"{"schemaVersion":"1.2","title":"Messages","area":"messages","cases":[{"id":"AAAA05","description":"a message","kind":"valid","#
            + #""level":"optional","tags":["message"],"context":"message","# + fields + #","spec":["MSG-3"],"canonical":{},"value":{"map":{}}}]}"#
        let file = VectorFileReader.read(path: "cases/messages/a.json", bytes: Array(text.utf8), findings: &findings)
        return (file?.cases.first, findings)
    }

    @Test("a message case names its message, and a class exactly when the message holds objects")
    func caseFields() {
        #expect(Self.read(#""message":"error""#).0?.context == .message(.errorBody, className: nil))
        #expect(Self.read(#""message":"find-response","className":"Book""#).0?.context == .message(.findResponse, className: "Book"))
        #expect(!Self.read(#""message":"find-response""#).1.isEmpty)
        #expect(!Self.read(#""message":"error","className":"Book""#).1.isEmpty)
        #expect(!Self.read(#""message":"teapot""#).1.isEmpty)
    }

    @Test("an adapter without the message capability gets unsupported; with it, answering as the reference, passes")
    func capability() throws {
        let corpus = try CorpusLocation.corpus.get()
        let without = try ScriptedAdapter.run(hello: ScriptedAdapter.hello(), corpus: corpus, options: { $0.filter.areas = ["messages"] })
        #expect(FixtureAdapters.counts(without).filter { $0.value > 0 }.keys.sorted() == ["unsupported"])
        let hello = ScriptedAdapter.hello(#""capabilities":["message","op","relation","object","null"]"#)
        let with = try ScriptedAdapter.run(hello: hello, corpus: corpus, options: { $0.filter.areas = ["messages"] })
        // 82 cases: the 32 responses the server emits are read only (one check each), the 4 batch
        // requests a client writes have three checks, and the 45 decode-error cases one; the
        // implementation-defined response (ForwardDelete, no declared choice) is rejected, as the
        // reference rejects it, and has no roundtrip (a response has no canonical form to write).
        #expect(FixtureAdapters.counts(with).filter { $0.value > 0 } == ["pass": 89, "rejected": 1])
    }

    @Test("a value of the message context survives encoding and decoding", arguments: ParseMessageKind.allCases)
    func roundTrip(kind: ParseMessageKind) throws {
        let corpus = try CorpusLocation.corpus.get()
        let cases = corpus.cases.map(\.vector).filter { $0.context == .message(kind, className: $0.context.messageClassName) && $0.kind == .valid }
        #expect(!cases.isEmpty)
        for vector in cases {
            let value = try #require(vector.value).parseValue()
            let wire = try ParseValueEncoder().encode(value, context: vector.context)
            #expect(try ParseValueDecoder().decode(wire, context: vector.context) == value, "\(vector.id)")
        }
    }
}

extension WireContext {
    /// The class a message context names, for filtering in tests.
    var messageClassName: String? {
        if case .message(_, let className) = self { return className }
        return nil
    }
}
