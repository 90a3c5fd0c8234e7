import Foundation
import ParseWire
@testable import ParseWireConformance
import Testing

/// A failing check's cause is the implementation's behaviour: one behaviour spread over many cases,
/// areas and contexts is one cause; two behaviours are two.
@Suite("causes")
struct CauseTests {
    func tvn(_ text: String) throws -> TVNValue {
        try TVNValue.parse(text)
    }

    func wire(_ expected: String, _ actual: String) throws -> FirstDifference? {
        FirstDifference.between(expected: try JSONNode.parse(expected), actual: try JSONNode.parse(actual), allowsWrittenForm: true)
    }

    @Test("a TVN difference has a kind in type terms, without values or data keys")
    func tvnKinds() throws {
        let bytes = FirstDifference.between(expected: try tvn(#"{"map":{"f":{"bytes":{"hex":"6869"}}}}"#),
                                            actual: try tvn(#"{"map":{"f":{"string":"aGk="}}}"#))
        #expect(bytes?.kind.text == "expected Bytes, got string")
        let acl = FirstDifference.between(expected: try tvn(#"{"object":{"className":"Note","acl":{"*":{"read":true}},"fields":{}}}"#),
                                          actual: try tvn(#"{"object":{"className":"Note","fields":{"ACL":{"map":{}}}}}"#))
        #expect(acl?.kind.text == "Object.acl missing")
        let principal = FirstDifference.between(expected: try tvn(#"{"acl":{"*":{"read":true}}}"#), actual: try tvn(#"{"acl":{"u1":{"read":true}}}"#))
        #expect(principal?.kind.text == "a member of ACL missing")
        let url = FirstDifference.between(expected: try tvn(#"{"file":{"name":"a.txt","url":"http://x/a.txt"}}"#),
                                          actual: try tvn(#"{"file":{"name":"a.txt","url":""}}"#))
        #expect(url?.kind.text == "File.url differs")
        let order = FirstDifference.between(expected: try tvn(#"{"array":[{"number":"1"},{"number":"2"}]}"#),
                                            actual: try tvn(#"{"array":[{"number":"2"},{"number":"1"}]}"#))
        #expect(order?.kind.text == "array in another order")
        #expect(order?.description == #"$[0].number: expected "1", got "2""#)
    }

    @Test("a wire difference has a kind in the wire's types: map for {}, the __type or __op of a typed object")
    func wireKinds() throws {
        #expect(try wire(#"{"a":{}}"#, #"{"a":[]}"#)?.kind.text == "expected map, got array")
        #expect(try wire(#"{"d":{"__type":"Date","iso":"2020-01-01T10:00:00.000Z"}}"#,
                         #"{"d":{"__type":"Date","iso":"2020-01-01T19:00:00.000Z"}}"#)?.kind.text == "Date.iso differs")
        let relation = try wire(#"{"r":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"A","objectId":"1"},{"__type":"Pointer","className":"A","objectId":"2"}]}}"#,
                                #"{"r":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"A","objectId":"2"},{"__type":"Pointer","className":"A","objectId":"1"}]}}"#)
        #expect(relation?.kind.text == "AddRelation/RemoveRelation.objects in another order")
        #expect(try wire(#"{"b":{"__type":"Bytes","base64":"aGk="}}"#, #"{"b":"aGk="}"#)?.kind.text == "expected Bytes, got string")
    }

    @Test("an Object written as its Pointer is allowed: the difference reported is the first one that is not")
    func allowedWriterDifference() throws {
        let expected = #"{"o":{"__type":"Object","className":"A","objectId":"x1","n":1},"f":{"__type":"File","name":"a.txt","url":"http://x/a.txt"}}"#
        let written = #"{"o":{"__type":"Pointer","className":"A","objectId":"x1"},"f":{"__type":"File","name":"a.txt","url":""}}"#
        let mismatch = try #require(WireComparison.difference(Array(written.utf8), .json(expected), .json))
        #expect(mismatch.kind.text == "File.url differs")
        #expect(mismatch.message == #"wrote a different document: $.f.url: expected "http://x/a.txt", got """#)
        let pointerOnly = #"{"o":{"__type":"Pointer","className":"A","objectId":"x1"},"f":{"__type":"File","name":"a.txt","url":"http://x/a.txt"}}"#
        #expect(WireComparison.mismatch(Array(pointerOnly.utf8), .json(expected), or: [], .json) == nil)
    }

    @Test("output in an equivalent's form is compared with that form: the difference named is the one no form allows")
    func closestEquivalent() throws {
        let pointer = #"{"__type":"Pointer","className":"A","objectId":"x1"}"#
        let bytes = #"{"__type":"Bytes","base64":"AQ=="}"#
        let canonical = #"{"r":{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[\#(pointer)]},{"__op":"RemoveRelation","objects":[\#(pointer)]}]},"b":\#(bytes)}"#
        let netEffect = #"{"r":{"__op":"RemoveRelation","objects":[\#(pointer)]},"b":\#(bytes)}"#
        let written = #"{"r":{"__op":"RemoveRelation","objects":[\#(pointer)]},"b":{"0":1}}"#
        let mismatch = try #require(WireComparison.difference(Array(written.utf8), .json(canonical), or: [.json(netEffect)], .json))
        #expect(mismatch.kind == .typeChanged(expected: "Bytes", got: "map"))
        #expect(mismatch.message.hasPrefix("wrote a different document: $.b"))
        let alone = try #require(WireComparison.difference(Array(written.utf8), .json(canonical), or: [], .json))
        #expect(alone.kind != mismatch.kind, "without the equivalent, the Batch is what differs first")
    }

    @Test("one behaviour (every Bytes read as a base64 string) across every area and context is one cause")
    func oneBehaviourOneCause() throws {
        let corpus = try CorpusLocation.corpus.get()
        let baseline = try CauseFixtures.run(corpus)
        #expect(baseline.unexpected.isEmpty)
        let result = try CauseFixtures.run(corpus, script: CauseFixtures.bytesAsStrings)
        let causes = Set(result.unexpected.compactMap(\.cause))
        #expect(causes == ["decode: expected Bytes, got string"])
        #expect(result.unexpected.allSatisfy { $0.cause != nil })
        let areas = Set(result.unexpected.map(\.area))
        let rules = Set(result.unexpected.compactMap(\.rule).map { $0.split(separator: "-")[0] })
        #expect(areas.count >= 3 && rules.count >= 3, "the behaviour shows in many areas under many rules: \(areas), \(rules)")
        #expect(result.unexpected.count >= 50)
    }

    @Test("two behaviours in one area (Bytes read as strings, and every Date rejected) are two causes")
    func twoBehavioursTwoCauses() throws {
        let corpus = try CorpusLocation.corpus.get()
        let result = try CauseFixtures.run(corpus, script: { request, vector in
            CauseFixtures.datesRejected(request, vector) ?? CauseFixtures.bytesAsStrings(request, vector)
        })
        let causes = Set(result.unexpected.compactMap(\.cause))
        #expect(causes == ["decode: expected Bytes, got string", "decode: rejected with invalid-date, expected a value"])
        let generated = result.unexpected.filter { $0.area == "generated-values" }
        #expect(Set(generated.compactMap(\.cause)).count == 2)
    }
}

/// Scripted answers of one behaviour each, over the reference's answers to the real corpus.
enum CauseFixtures {
    /// Every operation in every context, the strict profile, no declared choices.
    static let hello = #"{"protocol":1,"implementation":{"name":"scripted","version":"1","language":"swift"},"#
        + #""ops":["decode","encode","roundtrip"],"choices":{}}"#

    static func run(_ corpus: Corpus, options configure: (inout RunOptions) -> Void = { _ in },
                    script: @escaping ScriptedAdapter.Script = { _, _ in nil }) throws -> RunResult {
        try ScriptedAdapter.run(hello: hello, corpus: corpus, options: configure, script: script)
    }

    static let reference = ReferenceAdapter(capabilities: [])

    /// Decodes as the reference does, then holds every Bytes as its base64 text.
    static let bytesAsStrings: ScriptedAdapter.Script = { request, _ in
        guard request.operation == .decode, case .value(let value) = reference.answer(request), value.contains(where: isBytes) else { return nil }
        return .value(value.replacing { node in
            guard case .bytes(let hex) = node else { return nil }
            return .string(ParseBytes(TVNValue.bytes(hex)).base64)
        })
    }

    /// Rejects every decode whose value holds a Date.
    static let datesRejected: ScriptedAdapter.Script = { request, _ in
        guard request.operation == .decode, case .value(let value) = reference.answer(request), value.contains(where: isDate) else { return nil }
        return .rejected(kind: "invalid-date", message: "dates are not supported")
    }

    static func isBytes(_ value: TVNValue) -> Bool {
        if case .bytes = value { return true }
        return false
    }

    static func isDate(_ value: TVNValue) -> Bool {
        if case .date = value { return true }
        if case .object(let object) = value { return object.createdAt != nil || object.updatedAt != nil }
        return false
    }
}

extension TVNValue {
    /// The value with every node `change` answers for replaced, children first.
    func replacing(_ change: (TVNValue) -> TVNValue?) -> TVNValue {
        func members(_ list: TVNList<TVNMember>) -> [TVNMember] { list.map { TVNMember($0.key, $0.value.replacing(change)) } }
        let rebuilt: TVNValue
        switch self {
        case .array(let values): rebuilt = .array(values.map { $0.replacing(change) })
        case .map(let list): rebuilt = .map(members(list))
        case .unknownType(let list): rebuilt = .unknownType(members(list))
        case .object(var object):
            object.fields = TVNList(members(object.fields))
            rebuilt = .object(object)
        case .operation(let operation): rebuilt = .operation(operation.replacing(change))
        default: rebuilt = self
        }
        return change(rebuilt) ?? rebuilt
    }

    /// Whether the value or a value inside it satisfies `test`.
    func contains(where test: (TVNValue) -> Bool) -> Bool {
        if test(self) { return true }
        switch self {
        case .array(let values): return values.contains { $0.contains(where: test) }
        case .map(let list), .unknownType(let list): return list.contains { $0.value.contains(where: test) }
        case .object(let object): return object.fields.contains { $0.value.contains(where: test) }
        case .operation(let operation): return operation.values.contains { $0.contains(where: test) }
        default: return false
        }
    }
}

extension TVNOperation {
    func replacing(_ change: (TVNValue) -> TVNValue?) -> TVNOperation {
        switch self {
        case .add(let values): .add(values.map { $0.replacing(change) })
        case .addUnique(let values): .addUnique(values.map { $0.replacing(change) })
        case .remove(let values): .remove(values.map { $0.replacing(change) })
        case .batch(let operations): .batch(operations.map { $0.replacing(change) })
        case .increment, .addRelation, .removeRelation, .delete: self
        }
    }

    var values: [TVNValue] {
        switch self {
        case .add(let values), .addUnique(let values), .remove(let values): values.elements
        case .batch(let operations): operations.flatMap(\.values)
        case .increment, .addRelation, .removeRelation, .delete: []
        }
    }
}
