import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

/// What a writer may send instead of a canonical form because parse-server stores or emits the same:
/// an embedded Object written as its Pointer (`spec/object.md#OBJ-2`), `0` for `-0`
/// (`spec/numbers.md#NUM-3`), and a Batch of relation operations written as its net effect
/// (`spec/ops.md#OP-6`).
@Suite("Written forms in scoring")
struct WrittenFormsTests {
    static let embedded = #"{"id":"WF0001","description":"Embedded Object with a field","kind":"valid","tags":["op"],"#
        + #""spec":["OBJ-2"],"canonical":{"__type":"Object","className":"Player","objectId":"p1","score":3},"#
        + #""value":{"object":{"className":"Player","objectId":"p1","fields":{"score":{"number":"3"}}}}}"#

    static let negativeZero = #"{"id":"WF0002","description":"Negative zero","kind":"implementation-defined","tags":["op"],"#
        + #""flags":["NegativeZero"],"spec":["NUM-3"],"wireText":"[-0]","#
        + #""ifAccepted":[{"value":{"array":[{"number":"-0"}]},"canonicalText":"[-0]"},{"value":{"array":[{"number":"0"}]},"canonicalText":"[0]"}]}"#

    static let padBits = #"{"id":"WF0003","description":"Non-zero unused bits","kind":"implementation-defined","tags":["op"],"#
        + #""flags":["Base64NonZeroPadBits"],"spec":["BYTES-5"],"wire":{"__type":"Bytes","base64":"aGl="},"#
        + #""ifAccepted":[{"value":{"bytes":{"hex":"6869"}},"canonical":{"__type":"Bytes","base64":"aGk="}},"#
        + #"{"value":{"bytes":{"hex":"6869"}},"canonical":{"__type":"Bytes","base64":"aGl="}}]}"#

    func outcome(_ result: RunResult, _ name: String) -> CheckOutcome? {
        result.records.first { $0.name == name }?.outcome
    }

    func written(_ text: String, for operations: Set<AdapterOperation>) -> ScriptedAdapter.Script {
        { request, _ in operations.contains(request.operation) ? .wire(text) : nil }
    }

    @Test("an embedded Object written as its Pointer passes the writer's checks; a Pointer to another object does not")
    func embeddedObjectAsPointer() throws {
        let corpus = try EquivalentsScoringTests.corpus(cases: Self.embedded)
        let pointer = #"{"__type":"Pointer","className":"Player","objectId":"p1"}"#
        let result = try ScriptedAdapter.run(corpus: corpus, script: written(pointer, for: [.encode, .roundtrip]))
        #expect(outcome(result, "WF0001 encode value") == .pass)
        #expect(outcome(result, "WF0001 roundtrip canonical") == .pass)
        let other = #"{"__type":"Pointer","className":"Player","objectId":"p2"}"#
        let wrong = try ScriptedAdapter.run(corpus: corpus, script: written(other, for: [.encode]))
        #expect(outcome(wrong, "WF0001 encode value") == .fail)
    }

    @Test("a reader that answers an embedded Object with data as a bare Pointer still fails: the rule is the writer's only")
    func readerKeepsTheData() throws {
        let corpus = try EquivalentsScoringTests.corpus(cases: Self.embedded)
        let pointer = TVNValue.pointer(TVNPointer(className: "Player", objectId: "p1"))
        let result = try ScriptedAdapter.run(corpus: corpus, script: { request, _ in request.operation == .decode ? .value(pointer) : nil })
        #expect(outcome(result, "WF0001 decode canonical") == .fail)
    }

    @Test("the written form replaces every embedded Object that has an objectId, at any depth, and nothing else")
    func writtenForm() throws {
        let document = try JSONNode.parse(Array(#"[{"__type":"Object","className":"A","objectId":"a1","f":1},{"k":{"__type":"Object","className":"B"}}]"#.utf8))
        let expected = try JSONNode.parse(Array(#"[{"__type":"Pointer","className":"A","objectId":"a1"},{"k":{"__type":"Object","className":"B"}}]"#.utf8))
        #expect(WireComparison.writtenForm(document) == expected)
    }

    @Test("a -0 read with its sign may be written as 0, as parse-server emits it; a 0 may not be written as -0")
    func negativeZeroWrittenAsZero() throws {
        let corpus = try EquivalentsScoringTests.corpus(cases: Self.negativeZero)
        let keepsSign: ScriptedAdapter.Script = { request, _ in
            request.operation == .decode ? .value(.array([.number("-0")])) : .wire("[0]")
        }
        let result = try ScriptedAdapter.run(corpus: corpus, script: keepsSign)
        #expect(outcome(result, "WF0002 roundtrip wire") == .pass)
        let invents: ScriptedAdapter.Script = { request, _ in
            request.operation == .decode ? .value(.array([.number("0")])) : .wire("[-0]")
        }
        let inventing = try ScriptedAdapter.run(corpus: corpus, script: invents)
        #expect(outcome(inventing, "WF0002 roundtrip wire") == .fail)
    }

    @Test("a Batch of relation operations has its net effect as an equivalent: the last operation on a member wins")
    func relationNetEffect() throws {
        let m1 = try ParsePointer(className: "Member", objectId: "m1")
        let m2 = try ParsePointer(className: "Member", objectId: "m2")
        func body(_ operation: FieldOperation) -> ParseValue { .map(["crew": .operation(operation)]) }
        let addThenRemove = body(.batch([.addRelation([m1]), .removeRelation([m1])]))
        #expect(ServerEquivalents.equivalents(of: addThenRemove, context: .update) == [body(.removeRelation([m1]))])
        let removeThenAdd = body(.batch([.removeRelation([m1]), .addRelation([m1])]))
        #expect(ServerEquivalents.equivalents(of: removeThenAdd, context: .update) == [body(.addRelation([m1]))])
        let two = body(.batch([.removeRelation([m2]), .addRelation([m1])]))
        #expect(ServerEquivalents.equivalents(of: two, context: .update) == [body(.batch([.addRelation([m1]), .removeRelation([m2])]))])
        let adds = body(.batch([.addRelation([m1]), .addRelation([m2])]))
        #expect(ServerEquivalents.equivalents(of: adds, context: .update) == [body(.addRelation([m1, m2]))])
    }

    @Test("an ifAccepted value listed with two canonical forms: the roundtrip passes on either, and on no other")
    func outcomeWithTwoForms() throws {
        let corpus = try EquivalentsScoringTests.corpus(cases: Self.padBits)
        for (written, expected) in [("aGk=", CheckOutcome.pass), ("aGl=", .pass), ("aGk", .fail)] {
            let script: ScriptedAdapter.Script = { request, _ in
                request.operation == .decode ? .value(.bytes(hex: "6869")) : .wire(#"{"__type":"Bytes","base64":"\#(written)"}"#)
            }
            let result = try ScriptedAdapter.run(corpus: corpus, script: script)
            #expect(outcome(result, "WF0003 roundtrip wire") == expected, "wrote \(written)")
        }
    }

    static let ignoredKey = #"{"id":"WF0004","description":"Encoding a save body with createdAt is rejected","kind":"encode-error","#
        + #""tags":["op"],"context":"update","spec":["OBJ-4"],"value":{"map":{"createdAt":{"date":{"epochMs":"0"}}}},"#
        + #""error":"reserved-key","equivalents":[{"wire":{}}]}"#

    @Test("an encode-error case's equivalent passes instead of a rejection; any other output still fails")
    func encodeErrorEquivalent() throws {
        let corpus = try EquivalentsScoringTests.corpus(cases: Self.ignoredKey)
        for (output, expected) in [("{}", CheckOutcome.pass), (#"{"createdAt":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"}}"#, .fail)] {
            let result = try ScriptedAdapter.run(corpus: corpus, script: written(output, for: [.encode]))
            #expect(outcome(result, "WF0004 encode value") == expected, "wrote \(output)")
        }
        let refusing = try ScriptedAdapter.run(corpus: corpus)
        #expect(outcome(refusing, "WF0004 encode value") == .pass)
    }
}
