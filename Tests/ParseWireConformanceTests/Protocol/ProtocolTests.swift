import ParseWire
import ParseWireConformance
import Testing

/// The adapter protocol's lines, read and written.
@Suite("adapter protocol")
struct ProtocolTests {
    @Test("answers that break the protocol are violations", arguments: [
        "not json", "[1]", #"{"ok":true,"value":{"null":true}}"#, #"{"seq":8,"ok":true,"value":{"null":true}}"#,
        #"{"seq":7,"ok":true}"#, #"{"seq":7,"ok":true,"value":{"number":1}}"#, #"{"seq":7,"ok":false,"error":{"kind":"bad-kind"}}"#,
        #"{"seq":7,"ok":true,"value":{"null":true},"extra":1}"#, #"{"seq":7}"#,
    ])
    func violations(_ line: String) {
        #expect(throws: ProtocolViolation.self) { try AdapterAnswer.parse(line, seq: 7, operation: .decode) }
    }

    @Test("every answer shape survives writing and reading", arguments: [
        AdapterAnswer.value(.array([.number("1.0"), .date(epochMs: "-1")])), .rejected(kind: "invalid-date", message: "no"),
        .rejected(kind: "other", message: nil), .skipped(reason: "later"), .errored(message: "boom"),
    ])
    func answers(_ answer: AdapterAnswer) throws {
        #expect(try AdapterAnswer.parse(answer.line(seq: 3), seq: 3, operation: .decode) == answer)
    }

    @Test("a request line reads back as the same request")
    func requests() throws {
        let request = AdapterRequest(operation: .roundtrip, seq: 9, id: "AAAA01", payload: .wire(.text("{\"a\":\"\\n\"}")),
                                     context: .object(className: "Book"))
        #expect(!request.line.contains("\n"))
        #expect(try AdapterRequestLine.parse(request.line) == .check(request))
        #expect(try AdapterRequestLine.parse(AdapterRequest.helloLine(corpusVersion: "1.2.3")) == .hello(protocolVersion: 1, corpusVersion: "1.2.3"))
        #expect(try AdapterRequestLine.parse(AdapterRequest.stopLine) == .stop)
    }

    @Test("hello answers are read strictly")
    func hello() throws {
        let reference = ReferenceAdapter(capabilities: ["date"])
        let parsed = try AdapterHello.parse(reference.hello.line)
        #expect(parsed == reference.hello)
        #expect(parsed.choices["DateWithoutMillis"] == .accept)
        #expect(ReferenceAdapter(strict: true).hello.choices["DateWithoutMillis"] == .reject)
        #expect(throws: ProtocolViolation.self) { try AdapterHello.parse(#"{"protocol":2,"implementation":{"name":"a","version":"1","language":"c"},"ops":["decode"]}"#) }
        #expect(throws: ProtocolViolation.self) { try AdapterHello.parse(#"{"protocol":1,"implementation":{"name":"a","version":"1","language":"c"},"ops":[]}"#) }
    }

    @Test("a hello is bad when it breaks the schema's helloResponse: an unknown member, a wrong type, a repeat", arguments: [
        #""capabilites":["polygon"]"#, #""choice":{"DateWithoutMillis":"accept"}"#, #""implementation":{"name":"a","version":"1","language":"c","url":"x"}"#,
        #""implementation":{"name":"a","version":"1","language":"c","homepage":1}"#, #""capabilities":"polygon""#, #""choices":["DateWithoutMillis"]"#,
        #""capabilities":["polygon","polygon"]"#, #""ops":["decode","decode"]"#, #""ops":{"decode":["value","value"]}"#,
    ])
    func badHello(_ member: String) throws {
        let base: [(String, String)] = [("protocol", "1"), ("implementation", #"{"name":"a","version":"1","language":"c"}"#), ("ops", #"["decode"]"#)]
        let key = String(member.dropFirst().prefix { $0 != "\"" })
        let line = "{" + (base.filter { $0.0 != key }.map { "\"\($0.0)\":\($0.1)" } + [member]).joined(separator: ",") + "}"
        #expect(throws: ProtocolViolation.self) { try AdapterHello.parse(line) }
        let fine = "{" + base.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + #","capabilities":["polygon"],"choices":{}}"#
        #expect(try AdapterHello.parse(fine).capabilities == ["polygon"])
        let documented = #"{"protocol":1,"implementation":{"name":"a","version":"1","language":"c","homepage":"h","issues":"i"},"ops":["decode"]}"#
        #expect(try AdapterHello.parse(documented).name == "a")
    }

    @Test("the reference adapter answers decode, encode, roundtrip and rejections")
    func referenceAdapter() throws {
        let adapter = ReferenceAdapter()
        let date = #"{"__type":"Date","iso":"2022-01-01T12:23:45Z"}"#
        let decode = AdapterRequest(operation: .decode, seq: 1, id: "AAAA01", payload: .wire(.text(date)), context: .value)
        #expect(adapter.answer(decode) == .value(.date(epochMs: "1641039825000")))
        guard case .rejected(kind: "invalid-date", _, _) = ReferenceAdapter(strict: true).answer(decode) else {
            Issue.record("the strict reference accepted a date without milliseconds")
            return
        }
        let roundtrip = AdapterRequest(operation: .roundtrip, seq: 2, id: "AAAA01", payload: .wire(.text(date)), context: .value)
        #expect(adapter.answer(roundtrip) == .wire(#"{"__type":"Date","iso":"2022-01-01T12:23:45.000Z"}"#))
        let encode = AdapterRequest(operation: .encode, seq: 3, id: "AAAA01", payload: .value(.bytes(hex: "6869")), context: .value)
        #expect(adapter.answer(encode) == .wire(#"{"__type":"Bytes","base64":"aGk="}"#))
        #expect(adapter.respond(to: AdapterRequest.stopLine) == .stop)
    }
}
