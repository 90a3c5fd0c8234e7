import ParseWire
@testable import ParseWireConformance
import Testing

/// Failure messages name the first spot where an answer departs from the expectation.
@Suite("first difference")
struct FirstDifferenceTests {
    func tvn(_ text: String) throws -> TVNValue {
        try TVNValue.parse(text)
    }

    @Test("a TVN difference is named by its path, without the container nodes")
    func tvnPath() throws {
        let expected = try tvn(#"{"object":{"className":"Note","objectId":"n1","fields":{"createdAt":{"date":{"epochMs":"1641039825678"}},"n":{"number":"1"}}}}"#)
        let actual = try tvn(#"{"object":{"className":"Note","objectId":"n1","fields":{"n":{"number":"1.0"}, "createdAt":{"date":{"epochMs":"1641039825005"}}}}}"#)
        #expect(FirstDifference.between(expected: expected, actual: actual)?.description
            == #"$.fields.createdAt.date.epochMs: expected "1641039825678", got "1641039825005""#)
    }

    @Test("arrays, missing members and different types each name their spot")
    func shapes() throws {
        let list = FirstDifference.between(expected: try tvn(#"{"array":[{"bool":true},{"string":"a"}]}"#),
                                           actual: try tvn(#"{"array":[{"bool":true},{"number":"1"}]}"#))
        #expect(list?.description == #"$[1]: expected {"string":"a"}, got {"number":"1"}"#)
        let short = FirstDifference.between(expected: try tvn(#"{"array":[{"bool":true}]}"#), actual: .array([]))
        #expect(short?.description == "$: expected 1 elements, got 0 elements")
        let missing = FirstDifference.between(expected: try tvn(#"{"map":{"a b":{"null":true}}}"#), actual: try tvn(#"{"map":{}}"#))
        #expect(missing?.description == #"$["a b"]: expected {"null":true}, got nothing"#)
        #expect(FirstDifference.between(expected: try tvn(#"{"string":"1"}"#), actual: try tvn(#"{"string":"1.0"}"#)) != nil)
    }

    @Test("wire documents compare as data: member order and number spelling make no difference")
    func wire() throws {
        let expected = try JSONNode.parse(#"{"__type":"Date","iso":"2022-01-01T12:23:45.678Z","n":1}"#)
        #expect(FirstDifference.between(expected: expected, actual: try JSONNode.parse(#"{"n":1.0,"iso":"2022-01-01T12:23:45.678Z","__type":"Date"}"#)) == nil)
        let moved = try JSONNode.parse(#"{"__type":"Date","iso":"2022-01-01T12:23:45.000Z","n":1}"#)
        #expect(FirstDifference.between(expected: expected, actual: moved)?.description
            == #"$.iso: expected "2022-01-01T12:23:45.678Z", got "2022-01-01T12:23:45.000Z""#)
    }

    @Test("a long value is cut in a message")
    func excerpt() {
        let text = String(repeating: "x", count: 5000)
        #expect(FirstDifference.excerpt(text).count < 200)
        #expect(FirstDifference.excerpt(text).hasSuffix("… (5000 characters)"))
    }

    @Test("a wrong decode and a wrong encode fail with the path of the first difference")
    func messages() throws {
        let result = try ScriptedAdapter.run(script: { request, vector in
            guard vector.id == "BBBB07" else { return nil }
            switch request.operation {
            case .decode:
                let object = TVNObject(className: "Note", objectId: "n1", fields: [TVNMember("when", .date(epochMs: "1641039825005"))])
                return .value(.object(object))
            case .encode: return .wire(#"{"objectId":"n1","when":{"__type":"Date","iso":"2022-01-01T12:23:45.005Z"}}"#)
            case .roundtrip: return nil
            }
        })
        let decode = try #require(result.records.first { $0.name == "BBBB07 decode canonical" })
        #expect(decode.message == #"decoded differently: $.fields.when.date.epochMs: expected "1641039825678", got "1641039825005""#)
        let encode = try #require(result.records.first { $0.name == "BBBB07 encode value" })
        #expect(encode.message == #"wrote a different document: $.when.iso: expected "2022-01-01T12:23:45.678Z", got "2022-01-01T12:23:45.005Z""#)
    }
}
