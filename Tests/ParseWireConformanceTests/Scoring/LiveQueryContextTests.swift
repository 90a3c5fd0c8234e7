import Testing
import ParseWire
import ParseWireConformance

/// The `livequery` context in the protocol and the runner: how it travels, and how an adapter
/// that does not know it is scored.
@Suite("LiveQuery context")
struct LiveQueryContextTests {
    static func corpus() throws -> Corpus { try CorpusLocation.corpus.get() }

    static func run(hello: String, script: @escaping ScriptedAdapter.Script = { _, _ in nil }) throws -> RunResult {
        try ScriptedAdapter.run(hello: hello, corpus: try corpus(), options: { $0.filter.areas = ["livequery"] }, script: script)
    }

    @Test("a request in the livequery context names its side, and reads back as it was written")
    func requestLine() throws {
        let request = AdapterRequest(operation: .decode, seq: 1, id: "K2V54P", payload: .wire(.text(#"{"op":"connected","clientId":"c"}"#)),
                                     context: .liveQuery(.server))
        #expect(request.line.contains(#""context":{"kind":"livequery","side":"server"}"#))
        guard case .check(let read) = try AdapterRequestLine.parse(request.line) else {
            Issue.record("the request line is not read as a check")
            return
        }
        #expect(read.context == .liveQuery(.server))
        #expect(throws: ProtocolViolation.self) { try AdapterRequestLine.parse(#"{"cmd":"decode","seq":1,"id":"K2V54P","wire":"{}","context":{"kind":"livequery"}}"#) }
    }

    @Test("ops may name one side of the socket: the other side's checks are unsupported")
    func oneSide() throws {
        let hello = ScriptedAdapter.hello(#""ops":{"decode":["value","livequery:server"],"encode":["value"],"roundtrip":[]},"capabilities":["livequery","date","pointer","geopoint","file","bytes","polygon","relation","object"]"#)
        let parsed = try AdapterHello.parse(hello)
        #expect(parsed.performs(.decode, in: .liveQuery(.server)))
        #expect(!parsed.performs(.decode, in: .liveQuery(.client)))
        let result = try Self.run(hello: hello)
        let sides = Dictionary(try Self.corpus().cases.map { ($0.vector.id, $0.vector.context) }, uniquingKeysWith: { first, _ in first })
        let client = result.records.filter { sides[$0.id] == .liveQuery(.client) }
        let serverDecodes = result.records.filter { sides[$0.id] == .liveQuery(.server) && $0.operation == .decode }
        #expect(!client.isEmpty && client.allSatisfy { $0.outcome == .unsupported })
        #expect(!serverDecodes.isEmpty && serverDecodes.allSatisfy { $0.outcome == .pass })
        #expect(result.exitCode == 0)
    }

    @Test("an adapter that claims no livequery capability has every LiveQuery check unsupported, and the run passes")
    func notClaimed() throws {
        let result = try Self.run(hello: ScriptedAdapter.hello())
        #expect(!result.records.isEmpty)
        #expect(result.records.allSatisfy { $0.outcome == .unsupported })
        #expect(result.exitCode == 0)
    }

    @Test("an adapter that does not know the context answers unsupported, and every check is scored unsupported, never a failure")
    func unknownContext() throws {
        // An adapter written before the context existed: `ops` a list, the capability claimed.
        let result = try Self.run(hello: ScriptedAdapter.hello(#""capabilities":["livequery"]"#), script: { request, _ in
            if case .liveQuery = request.context { return .unsupported(reason: "no reader or writer for the livequery context") }
            return nil
        })
        #expect(!result.records.isEmpty)
        #expect(result.records.allSatisfy { $0.outcome == .unsupported && !$0.unexpected })
        #expect(result.exitCode == 0)
        // The same adapter answering `errored` instead is scored as its own fault.
        let errored = try Self.run(hello: ScriptedAdapter.hello(#""capabilities":["livequery"]"#), script: { request, _ in
            if case .liveQuery = request.context { return .errored(message: "unknown context") }
            return nil
        })
        #expect(errored.exitCode != 0)
    }

    @Test("the reference passes every LiveQuery check")
    func reference() throws {
        let result = try Self.run(hello: ScriptedAdapter.hello(#""capabilities":["livequery","date","pointer","geopoint","file","bytes","polygon","relation","object"]"#))
        #expect(result.records.filter { $0.outcome == .pass }.count > 80)
        // The implementation-defined cases are scored informational (no choice declared): never unexpected.
        #expect(result.records.allSatisfy { !$0.unexpected })
        #expect(result.exitCode == 0)
    }
}
