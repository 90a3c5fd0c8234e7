import Testing
@testable import ParseWire
import SeedModels
import TestSupport

/// The encoder writes canonical JSON and refuses what the strict decoder would reject.
@Suite("Wire encoder")
struct WireEncoderTests {
    private func encoded(_ value: ParseValue, _ context: WireContext = .value, sorted: Bool = false) throws -> String {
        var options = ParseValueEncodingOptions()
        options.sortsKeys = sorted
        return try ParseValueEncoder(options: options).encodeString(value, context: context)
    }

    @Test("plain values are written as parse-server writes them")
    func plainValues() throws {
        let value: ParseValue = ["b": [1, 2.5, "x/y", nil, true], "a": ["nested": false], "é": 0]
        #expect(try encoded(value) == #"{"b":[1,2.5,"x/y",null,true],"a":{"nested":false},"é":0}"#)
        #expect(try encoded(value, sorted: true) == #"{"a":{"nested":false},"b":[1,2.5,"x/y",null,true],"é":0}"#)
    }

    @Test("sorted keys order by UTF-8 bytes at every depth")
    func sortedKeys() throws {
        let value: ParseValue = ["b": ["z": 1, "Z": 2, "a": 3], "B": 0, "a": 1]
        #expect(try encoded(value, sorted: true) == #"{"B":0,"a":1,"b":{"Z":2,"a":3,"z":1}}"#)
    }

    @Test("an encoded value decodes back to itself")
    func roundTrip() throws {
        let author = try ParsePointer(className: "Author", objectId: "a1")
        let value: ParseValue = [
            "date": .date(try ParseDate(epochMilliseconds: -62_135_596_800_000)),
            "bytes": .bytes(ParseBytes([0, 255, 16])),
            "author": .pointer(author),
            "where": .geoPoint(try GeoPoint(latitude: -12.5, longitude: 170)),
            "list": [.relation(try ParseRelation(className: "Book")), .file(try ParseFile(name: "f.txt", url: nil))],
            "embedded": .object(try ParseObjectValue(className: "Author", objectId: "a1", acl: ParseACL.publicRead, fields: ["name": "Ann"])),
        ]
        let bytes = try ParseValueEncoder().encode(value)
        #expect(try ParseValueDecoder().decode(bytes) == value)
    }

    @Test("values the strict decoder rejects are refused when encoding", arguments: [
        (ParseValue.map(["a.b": 1]), WireContext.value, "invalid-nested-key", #"$["a.b"]"#),
        (.map(["x": ["$gt": 1]]), .value, "invalid-nested-key", #"$.x["$gt"]"#),
        (.map(["__type": "Date"]), .value, "reserved-key", "$.__type"),
        (.array([.map(["__op": "Delete"])]), .value, "reserved-key", "$[0].__op"),
        (.map(["constructor": 1]), .value, "prohibited-keyword", "$.constructor"),
        (.map(["k": ["_bsontype": "Code"]]), .value, "prohibited-keyword", "$.k._bsontype"),
        (.map(["a_bsontype": "Code"]), .update, "prohibited-keyword", "$.a_bsontype"),
        (.acl(ParseACL.publicRead), .value, "invalid-acl", "$"),
        (.map(["n": .operation(.delete)]), .value, "invalid-operation", "$.n"),
        (.map(["n": [.operation(.delete)]]), .update, "invalid-operation", "$.n[0]"),
        (.map(["objectId": "x"]), .update, "reserved-key", "$.objectId"),
        (.map(["1abc": 1]), .update, "invalid-field-name", #"$["1abc"]"#),
        (.map(["ACL": "public"]), .update, "invalid-acl", "$.ACL"),
        (.map(["r": .operation(.addRelation([]))]), .update, "invalid-operation", "$.r"),
        (.map(["t": .operation(.batch([.add(["x"])]))]), .update, "invalid-operation", "$.t"),
        (.unknownType(["__type": "Money"]), .value, "unknown-type", "$"),
        (.string("not an object"), .object(className: "Recipe"), "wrong-field-type", "$"),
        (.array([]), .update, "wrong-field-type", "$"),
    ])
    func refusals(value: ParseValue, context: WireContext, kind: String, path: String) throws {
        let error = try #require(encodingRejection(value, context), "encoded \(value)")
        #expect(error.kind.name == kind, "\(error)")
        #expect(error.path == path, "\(error)")
        #expect(error.offset == nil)
    }

    @Test("an embedded object is refused inside a save body")
    func embeddedObjectInUpdate() throws {
        let object = try ParseObjectValue(className: "Foo", objectId: "x")
        #expect(encodingRejection(.map(["o": .object(object)]), .update)?.kind == .unknownType)
        #expect(encodingRejection(.object(object), .object(className: "Bar"))?.kind == .invalidClassName)
    }

    @Test("model constructors refuse invalid values")
    func constructors() {
        #expect(throws: ParseWireError.self) { try GeoPoint(latitude: 90.0001, longitude: 0) }
        #expect(throws: ParseWireError.self) { try GeoPoint(latitude: .nan, longitude: 0) }
        #expect(throws: ParseWireError.self) { try ParsePointer(className: "A", objectId: "") }
        #expect(throws: ParseWireError.self) { try ParseRelation(className: "_Nope") }
        #expect(throws: ParseWireError.self) { try ParseFile(name: "") }
        #expect(throws: ParseWireError.self) { try ParseObjectValue(className: "A", fields: ["objectId": "x"]) }
        #expect(throws: ParseWireError.self) { try ParseObjectValue(className: "A", fields: ["bad-name": 1]) }
        #expect(throws: ParseWireError.self) {
            try ParsePolygon(points: [try GeoPoint(latitude: 0, longitude: 0), try GeoPoint(latitude: 1, longitude: 1)])
        }
    }

    @Test("unknown types are written back only when asked")
    func unknownTypes() throws {
        var options = ParseValueEncodingOptions()
        options.writesUnknownTypes = true
        let value = ParseValue.unknownType(["__type": "Money", "amount": 1])
        #expect(try ParseValueEncoder(options: options).encodeString([value]) == #"[{"__type":"Money","amount":1}]"#)
        #expect(throws: ParseWireError.self) { try ParseValueEncoder().encodeString([value]) }
        #expect(throws: ParseWireError.self) { try ParseValueEncoder(options: options).encodeString(value) }
        #expect(throws: ParseWireError.self) { try ParseValueEncoder(options: options).encodeString(["m": value], context: .update) }
    }
}
