import ParseWire
import ParseWireConformance
import Testing

/// Answer lines as the runner reads them: every legal JSON answer is read, every wrong shape is
/// refused with a message that says what is wrong.
@Suite("answer reading")
struct AnswerReadingTests {
    @Test("an accepted value TVN cannot spell is an answer of its own, with its reason")
    func unrepresentable() throws {
        let answer = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"unrepresentable":"Infinity from 1e400"}"#, seq: 7, operation: .decode)
        #expect(answer == .unrepresentable(reason: "Infinity from 1e400"))
        #expect(answer.isAcceptance)
        #expect(try AdapterAnswer.parse(answer.line(seq: 7), seq: 7, operation: .decode) == answer)
    }

    @Test("a check the implementation cannot express is answered unsupported, with the reason naming what it lacks")
    func unsupportedAnswer() throws {
        let answer = try AdapterAnswer.parse(#"{"seq":7,"unsupported":true,"reason":"no $centerSphere builder"}"#, seq: 7, operation: .encode)
        #expect(answer == .unsupported(reason: "no $centerSphere builder"))
        #expect(!answer.isAcceptance)
        #expect(try AdapterAnswer.parse(answer.line(seq: 7), seq: 7, operation: .encode) == answer)
    }

    @Test("wrong shapes are refused with a message saying what is wrong", arguments: [
        (#"{"seq":7,"ok":"yes","value":{"null":true}}"#, "ok must be true or false"),
        (#"{"seq":"7","ok":true,"value":{"null":true}}"#, "seq must be an integer"),
        (#"{"seq":7,"skipped":true}"#, "reason"),
        (#"{"seq":7,"skipped":true,"reason":""}"#, "non-empty reason"),
        (#"{"seq":7,"unsupported":true}"#, "an unsupported answer needs a non-empty reason"),
        (#"{"seq":7,"unsupported":true,"reason":"x","issue":"y"}"#, "no member \"issue\""),
        (#"{"seq":7,"ok":true,"unrepresentable":""}"#, "unrepresentable must be a non-empty string"),
        (#"{"seq":7,"ok":true,"unrepresentable":5}"#, "unrepresentable must be a string"),
        (#"{"seq":7,"ok":false,"error":{"kind":5}}"#, "kind must be a string"),
        (#"{"seq":7,"ok":false,"error":{"kind":"other","code":1}}"#, "error has no member \"code\""),
        (#"{"seq":7,"ok":true,"value":{"null":true},"extra":1}"#, "no member \"extra\""),
        (#"{"seq":7,"errored":1}"#, "errored must be true"),
        (#"{"seq":7,"garbage":1}"#, "garbage"),
        (#"{"seq":7,"ok":true,"value":{"null":true},"seq":7}"#, "appears twice"),
        (#"{"seq":7,"ok":true,"value":{"null":true}} x"#, "after the end"),
        (#"{"seq":7,"ok":true,"value":{"number":"01"}}"#, "not well-formed TVN"),
        (#"{"seq":7,"ok":true,"value":{"string":"a"#, "never closed"),
    ])
    func wrongShapes(_ line: String, _ message: String) {
        #expect {
            try AdapterAnswer.parse(line, seq: 7, operation: .decode)
        } throws: { error in
            (error as? ProtocolViolation)?.message.contains(message) == true
        }
    }

    @Test("a lone-surrogate escape is legal JSON: read, and never equal to a string a vector holds")
    func loneSurrogate() throws {
        let answer = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"value":{"string":"a\ud800b"}}"#, seq: 7, operation: .decode)
        guard case .value(let value) = answer else {
            Issue.record("not read as a value: \(answer)")
            return
        }
        #expect(!value.isSameValue(as: .string("a\u{FFFD}b")))
        #expect(!value.isSameValue(as: .string("ab")))
        let again = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"value":{"string":"a\ud800b"}}"#, seq: 7, operation: .decode)
        #expect(again == answer)
        let other = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"value":{"string":"a\udbffb"}}"#, seq: 7, operation: .decode)
        #expect(other != answer)
        let pair = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"value":{"string":"\ud83d\ude00"}}"#, seq: 7, operation: .decode)
        #expect(pair == .value(.string("😀")))
    }

    @Test("member names are told apart by their exact characters, not by Unicode equivalence")
    func exactNames() throws {
        let answer = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"value":{"map":{"\u00e9":{"null":true},"e\u0301":{"null":true}}}}"#,
                                             seq: 7, operation: .decode)
        guard case .value(.map(let members)) = answer else {
            Issue.record("not read as a map: \(answer)")
            return
        }
        #expect(members.count == 2)
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: #"{"array":["#, count: depth) + #"{"null":true}"# + String(repeating: "]}", count: depth)
    }

    static func nestedMaps(_ depth: Int) -> String {
        String(repeating: #"{"map":{"k":"#, count: depth) + #"{"null":true}"# + String(repeating: "}}", count: depth)
    }

    static func nestedObjects(_ depth: Int) -> String {
        String(repeating: #"{"object":{"className":"A","fields":{"k":"#, count: depth) + #"{"null":true}"# + String(repeating: "}}}", count: depth)
    }

    @Test("the deepest maps and objects an answer may hold as a tree are read, not a stack overflow", arguments: [513, 639])
    func deepMaps(_ depth: Int) throws {
        for value in [Self.nestedMaps(depth), Self.nestedObjects(depth * 2 / 3)] {
            let line = #"{"seq":7,"ok":true,"value":"# + value + "}"
            let answer = try AdapterAnswer.parse(line, seq: 7, operation: .decode)
            guard case .value(let tvn) = answer else {
                Issue.record("not read as a value: \(answer)")
                continue
            }
            #expect(tvn.isSameValue(as: tvn))
            #expect(tvn.jsonText.utf8.count == value.utf8.count)
        }
    }

    @Test("an answer as deep as the TVN of an accepted 513-deep document is read as a value", arguments: [513, 639])
    func deepAnswer(_ depth: Int) throws {
        let line = #"{"seq":7,"ok":true,"value":"# + Self.nested(depth) + "}"
        let answer = try AdapterAnswer.parse(line, seq: 7, operation: .decode)
        guard case .value(let value) = answer else {
            Issue.record("not read as a value: \(answer)")
            return
        }
        #expect(value.isSameValue(as: value))
        #expect(value.jsonText.utf8.count == Self.nested(depth).utf8.count)
    }

    @Test("an answer too deep to keep whole is still read as TVN: plain JSON nesting is a protocol violation", arguments: [
        String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000),
        String(repeating: #"{"k":"#, count: 2_000) + "1" + String(repeating: "}", count: 2_000),
        #"{"array":["# + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000) + "]}",
        #"{"array":[{"nul":true},"# + nested(1_000) + "]}",
    ])
    func deepNonTVN(_ value: String) {
        let line = #"{"seq":7,"ok":true,"value":"# + value + "}"
        #expect {
            try AdapterAnswer.parse(line, seq: 7, operation: .decode)
        } throws: { error in
            (error as? ProtocolViolation)?.message.contains("not well-formed TVN") == true
        }
    }

    @Test("TVN too deep to keep whole is an acceptance TVN cannot spell, whichever node the cut falls in", arguments: [1_000, 1_001, 3_000])
    func deepTVNEveryCut(_ depth: Int) throws {
        for value in [Self.nested(depth), Self.nestedMaps(depth), Self.nestedObjects(depth)] {
            let line = #"{"seq":7,"ok":true,"value":"# + value + "}"
            let answer = try AdapterAnswer.parse(line, seq: 7, operation: .decode)
            guard case .unrepresentable = answer else {
                Issue.record("not read as an acceptance: \(answer)")
                continue
            }
        }
    }

    @Test("a container just past the kept depth is cut whether it is empty or not", arguments: ["[]", "[1]", "{}", #"{"a":1}"#])
    func cutAtTheEdge(_ body: String) throws {
        // The answer is level 1, so the node inside 639 arrays is an object at level 1,280 and its
        // body is the first level not kept.
        let value = String(repeating: #"{"array":["#, count: 639) + #"{"string":"# + body + "}" + String(repeating: "]}", count: 639)
        let answer = try AdapterAnswer.parse(#"{"seq":7,"ok":true,"value":"# + value + "}", seq: 7, operation: .decode)
        guard case .unrepresentable(let reason) = answer else {
            Issue.record("not read as an acceptance: \(answer)")
            return
        }
        #expect(reason.contains("1281 deep"))
    }

    @Test("the answer depth limit allows twice the deepest input of the corpus, with room to spare")
    func depthLimitCoversTheCorpus() throws {
        let corpus = try CorpusLocation.corpus.get()
        var deepest = 0
        for (_, vector) in corpus.cases {
            for text in [vector.input?.text, vector.canonical?.text].compactMap({ $0 }) {
                var depth = 0
                var inString = false
                var escaped = false
                for byte in text.utf8 {
                    if inString {
                        if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                        continue
                    }
                    switch byte {
                    case 0x22: inString = true
                    case 0x5B, 0x7B:
                        depth += 1
                        deepest = max(deepest, depth)
                    case 0x5D, 0x7D: depth -= 1
                    default: break
                    }
                }
            }
        }
        #expect(deepest >= 513)
        // An adapter accepting the deepest input answers a TVN twice as deep: an acceptance.
        let line = #"{"seq":7,"ok":true,"value":"# + Self.nested(deepest + 8) + "}"
        let answer = try AdapterAnswer.parse(line, seq: 7, operation: .decode)
        guard case .unrepresentable(let reason) = answer else {
            Issue.record("not read as an acceptance: \(answer)")
            return
        }
        #expect(reason.contains("\(2 * deepest + 18) deep"))
    }

    @Test("unclosed deep nesting is a violation, not a stack overflow")
    func unclosed() {
        let line = #"{"seq":7,"ok":true,"value":"# + String(repeating: "[", count: 100_000) + "}"
        #expect(throws: ProtocolViolation.self) { try AdapterAnswer.parse(line, seq: 7, operation: .decode) }
    }
}
