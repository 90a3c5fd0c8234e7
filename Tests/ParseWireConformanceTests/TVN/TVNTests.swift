import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("Typed value notation")
struct TVNTests {
    static let wellFormed = [
        #"{"null":true}"#, #"{"bool":false}"#, #"{"number":"9007199254740993"}"#, #"{"string":"é"}"#,
        #"{"array":[{"number":"-0"},{"map":{}}]}"#, #"{"date":{"epochMs":"-1"}}"#, #"{"bytes":{"hex":"00ff"}}"#,
        #"{"pointer":{"className":"Author","objectId":"a1"}}"#, #"{"relation":{"className":"Book"}}"#,
        #"{"geopoint":{"latitude":"40.5","longitude":"-30"}}"#, #"{"file":{"name":"a.png","url":"https://x/a.png"}}"#,
        #"{"polygon":[["0","0"],["0","1"],["1","1"]]}"#, #"{"acl":{"*":{"read":true},"role:Admins":{"read":true,"write":true}}}"#,
        #"{"object":{"className":"Recipe","objectId":"r1","createdAt":{"epochMs":"0"},"acl":{},"fields":{"n":{"number":"1"}}}}"#,
        #"{"op":{"increment":"1"}}"#, #"{"op":{"addRelation":[{"className":"Foo","objectId":"a"}]}}"#, #"{"op":{"delete":true}}"#,
        #"{"op":{"batch":[{"removeRelation":[{"className":"Foo","objectId":"b"}]}]}}"#,
        #"{"unknownType":{"__type":{"string":"Money"},"amount":{"number":"1"}}}"#,
    ]

    @Test("well-formed TVN parses and prints back to the same text", arguments: wellFormed)
    func roundTrip(text: String) throws {
        #expect(try TVNValue.parse(text).jsonText == text)
    }

    @Test("malformed TVN is rejected with a path", arguments: [
        #"{}"#, #"{"null":false}"#, #"{"number":1}"#, #"{"number":"01"}"#, #"{"number":"NaN"}"#, #"{"string":"a","bool":true}"#,
        #"{"date":{"epochMs":"1.5"}}"#, #"{"date":{"epochMs":"-0"}}"#, #"{"bytes":{"hex":"0F"}}"#, #"{"bytes":{"hex":"0"}}"#,
        #"{"pointer":{"className":"A"}}"#, #"{"acl":{"*":{"read":false}}}"#, #"{"acl":{"*":{}}}"#, #"{"op":{"set":"1"}}"#,
        #"{"unknownType":{"amount":{"number":"1"}}}"#, #"{"polygon":[["0"]]}"#, #"{"teleporter":{}}"#, #"[1]"#,
    ])
    func malformed(text: String) {
        #expect(throws: TVNError.self) { try TVNValue.parse(text) }
    }

    @Test("comparison is by exact decimal value and ignores map order")
    func comparison() throws {
        let a = try TVNValue.parse(#"{"map":{"x":{"number":"1.0"},"y":{"number":"1e2"}}}"#)
        let b = try TVNValue.parse(#"{"map":{"y":{"number":"100"},"x":{"number":"1"}}}"#)
        #expect(a.isSameValue(as: b))
        #expect(a != b)
        let big = try TVNValue.parse(#"{"number":"9007199254740993"}"#)
        #expect(!big.isSameValue(as: .number("9007199254740992")))
        #expect(!TVNValue.number("-0").isSameValue(as: .number("0")))
        #expect(!TVNValue.array([.null, .bool(true)]).isSameValue(as: .array([.bool(true), .null])))
    }

    @Test("Remove, AddRelation and RemoveRelation members compare in any order (OP-10); Add and AddUnique elements in order")
    func operationMemberOrder() throws {
        let pointers = [#"{"className":"A","objectId":"a"}"#, #"{"className":"A","objectId":"b"}"#, #"{"className":"A","objectId":"c"}"#]
        for op in ["addRelation", "removeRelation"] {
            let a = try TVNValue.parse(#"{"op":{"\#(op)":[\#(pointers.joined(separator: ","))]}}"#)
            let b = try TVNValue.parse(#"{"op":{"\#(op)":[\#(pointers[1]),\#(pointers[2]),\#(pointers[0])]}}"#)
            let short = try TVNValue.parse(#"{"op":{"\#(op)":[\#(pointers[1]),\#(pointers[0])]}}"#)
            #expect(a.isSameValue(as: b))
            #expect(!a.isSameValue(as: short))
        }
        let remove = try TVNValue.parse(#"{"op":{"remove":[{"number":"1"},{"string":"x"},{"number":"1"}]}}"#)
        #expect(remove.isSameValue(as: try TVNValue.parse(#"{"op":{"remove":[{"string":"x"},{"number":"1.0"},{"number":"1"}]}}"#)))
        #expect(!remove.isSameValue(as: try TVNValue.parse(#"{"op":{"remove":[{"string":"x"},{"string":"x"},{"number":"1"}]}}"#)))
        for op in ["add", "addUnique"] {
            let a = try TVNValue.parse(#"{"op":{"\#(op)":[{"number":"1"},{"number":"2"}]}}"#)
            #expect(!a.isSameValue(as: try TVNValue.parse(#"{"op":{"\#(op)":[{"number":"2"},{"number":"1"}]}}"#)))
        }
    }

    @Test("ParseValue converts to TVN and back", arguments: wellFormed)
    func parseValueConversion(text: String) throws {
        let tvn = try TVNValue.parse(text)
        let value = try tvn.parseValue()
        #expect(TVNValue(value).isSameValue(as: tvn))
        #expect(try TVNValue(value).parseValue() == value)
    }

    @Test("a value the model refuses is a ParseWireError of the right kind")
    func modelRefusal() throws {
        let tooFarNorth = try TVNValue.parse(#"{"geopoint":{"latitude":"91","longitude":"0"}}"#)
        #expect(throws: ParseWireError.self) { try tooFarNorth.parseValue() }
        do {
            _ = try TVNValue.date(epochMs: "253402300800000").parseValue()
            Issue.record("a date after 9999 was accepted")
        } catch {
            #expect(error.kind == .invalidDate)
        }
    }
}
