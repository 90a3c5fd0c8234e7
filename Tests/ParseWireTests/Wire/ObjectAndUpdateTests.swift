import Testing
@testable import ParseWire
import SeedModels
import TestSupport

/// Fetched objects, save bodies, ACLs and field operations (`Vectors/spec/object.md`, `acl.md`, `ops.md`).
@Suite("Objects, save bodies and operations")
struct ObjectAndUpdateTests {
    static let recipe = WireContext.object(className: "Recipe")

    @Test("a fetched object keeps createdAt and updatedAt as plain ISO strings")
    func fetchedObject() throws {
        let text = #"{"objectId":"r1","createdAt":"2022-01-01T00:00:00.000Z","updatedAt":"2022-01-02T00:00:00.000Z","ACL":{"*":{"read":true}},"name":"Soup","releaseDate":{"__type":"Date","iso":"2022-03-04T05:06:07.089Z"}}"#
        #expect(try canonical(text, Self.recipe) == text)
        guard case .object(let object) = try decode(text, Self.recipe) else {
            Issue.record("not an object")
            return
        }
        #expect(object.className == "Recipe")
        #expect(object.objectId == "r1")
        #expect(object.createdAt == (try ParseDate(epochMilliseconds: 1_640_995_200_000)))
        #expect(object.acl == ParseACL.publicRead)
        #expect(object.fields.keys == ["name", "releaseDate"])
        #expect(object.fields["releaseDate"] == .date(try ParseDate(epochMilliseconds: 1_646_370_367_089)))
    }

    @Test("fetched-object defects are rejected with their kind and path", arguments: [
        (#"{"createdAt":{"__type":"Date","iso":"2022-01-01T00:00:00.000Z"}}"#, "wrong-field-type", "$.createdAt"),
        (#"{"createdAt":"2022-01-01T00:00:00Z"}"#, "invalid-date", "$.createdAt"),
        (#"{"objectId":7}"#, "wrong-field-type", "$.objectId"),
        (#"{"objectId":""}"#, "invalid-object-id", "$.objectId"),
        (#"{"_rperm":["*"]}"#, "invalid-field-name", "$._rperm"),
        (#"{"a":{"__op":"Delete"}}"#, "invalid-operation", "$.a"),
        (#"{"ACL":[]}"#, "invalid-acl", "$.ACL"),
        (#"{"o":{"x.y":1}}"#, "invalid-nested-key", #"$.o["x.y"]"#),
        (#"[]"#, "wrong-field-type", "$"),
    ])
    func fetchedObjectRejections(input: String, kind: String, path: String) throws {
        let error = try #require(rejection(input, Self.recipe), "accepted: \(input)")
        #expect(error.kind.name == kind, "\(error)")
        #expect(error.path == path, "\(error)")
    }

    @Test("the object context needs a valid class name")
    func objectContextClassName() throws {
        #expect(rejection("{}", .object(className: "1Bad"))?.kind == .invalidClassName)
    }

    @Test("ACLs: false grants are dropped, true grants kept, readers before writers")
    func acl() throws {
        #expect(try canonical(#"{"ACL":{"*":{"read":true,"write":false},"u1":{"write":true}}}"#, Self.recipe)
            == #"{"ACL":{"*":{"read":true},"u1":{"write":true}}}"#)
        #expect(try canonical(#"{"ACL":{"u1":{"write":true,"read":true}}}"#, Self.recipe) == #"{"ACL":{"u1":{"read":true,"write":true}}}"#)
        #expect(try canonical(#"{"ACL":{}}"#, Self.recipe) == #"{"ACL":{}}"#)
        #expect(try canonical(#"{"ACL":{"u1":{"read":false}}}"#, Self.recipe) == #"{"ACL":{}}"#)
    }

    @Test("ACL defects are rejected as invalid-acl with Parse code 123", arguments: [
        (#"{"ACL":{"*unresolved":{"read":true}}}"#, #"$.ACL["*unresolved"]"#),
        (#"{"ACL":{"*":{"read":"yes"}}}"#, #"$.ACL["*"].read"#),
        (#"{"ACL":{"*":{"delete":true}}}"#, #"$.ACL["*"].delete"#),
        (#"{"ACL":{"*":true}}"#, #"$.ACL["*"]"#),
        (#"{"ACL":{"":{"read":true}}}"#, #"$.ACL[""]"#),
        (#"{"ACL":{"role:":{"read":true}}}"#, #"$.ACL["role:"]"#),
    ])
    func aclRejections(input: String, path: String) throws {
        let error = try #require(rejection(input, Self.recipe), "accepted: \(input)")
        #expect(error.kind == .invalidACL, "\(error)")
        #expect(error.parseCode == 123)
        #expect(error.path == path, "\(error)")
    }

    @Test("every field operation round-trips in a save body", arguments: [
        #"{"n":{"__op":"Increment","amount":1}}"#,
        #"{"n":{"__op":"Increment","amount":-2.5}}"#,
        #"{"a":{"__op":"Add","objects":["x",{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"}]}}"#,
        #"{"a":{"__op":"AddUnique","objects":[1,1]}}"#,
        #"{"a":{"__op":"Remove","objects":[]}}"#,
        #"{"a":{"__op":"Delete"}}"#,
        #"{"ACL":{"__op":"Delete"}}"#,
        #"{"r":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"a"}]}}"#,
        #"{"r":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"a"},{"__type":"Pointer","className":"Foo","objectId":"b"}]}}"#,
        #"{"r":{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"a"}]},{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"b"}]}]}}"#,
        #"{"ACL":{"u1":{"read":true,"write":true}},"title":"x","address.city":"Paris","r":{"__type":"Relation","className":"Book"}}"#,
    ])
    func operationsRoundTrip(text: String) throws {
        #expect(try canonical(text, .update) == text)
    }

    @Test("operations decode to their model")
    func operationModels() throws {
        let body = try decode(#"{"n":{"__op":"Increment","amount":3},"d":{"__op":"Delete"}}"#, .update)
        #expect(body == .map(["n": .operation(.increment(3)), "d": .operation(.delete)]))
    }

    @Test("save-body defects are rejected with kind, Parse code and path", arguments: [
        (#"{"objectId":"abc"}"#, "reserved-key", 105, "$.objectId"),
        (#"{"createdAt":{"__type":"Date","iso":"2019-01-01T00:00:00.000Z"}}"#, "reserved-key", 111, "$.createdAt"),
        (#"{"updatedAt":"2019-01-01T00:00:00.000Z"}"#, "reserved-key", 111, "$.updatedAt"),
        (#"{"1abc":1}"#, "invalid-field-name", 105, "$[\"1abc\"]"),
        (#"{"_abc":1}"#, "invalid-field-name", 105, "$._abc"),
        (#"{"a-b":1}"#, "invalid-field-name", 105, "$[\"a-b\"]"),
        (#"{"naïve":1}"#, "invalid-field-name", 105, "$[\"naïve\"]"),
        (#"{"className":"X"}"#, "invalid-field-name", 105, "$.className"),
        (#"{"length":1}"#, "invalid-field-name", 105, "$.length"),
        (#"{"o":{"$x":1}}"#, "invalid-nested-key", 121, "$.o[\"$x\"]"),
        (#"{"o":{"a":{"b.c":1}}}"#, "invalid-nested-key", 121, "$.o.a[\"b.c\"]"),
        (#"{"o":[{"a$":1}]}"#, "invalid-nested-key", 121, "$.o[0][\"a$\"]"),
        (#"{"a.":1}"#, "invalid-nested-key", 121, "$[\"a.\"]"),
        (#"{"a.$b":1}"#, "invalid-nested-key", 121, "$[\"a.$b\"]"),
        (#"{"myconstructorField":1}"#, "prohibited-keyword", 105, "$.myconstructorField"),
        (#"{"x":{"_bsontype":"Code"}}"#, "prohibited-keyword", 105, "$.x._bsontype"),
        (#"{"a":{"k":1},"b":{"constructor":1}}"#, "prohibited-keyword", 105, "$.b.constructor"),
        (#"{"a":[1,{"__proto__":{}}]}"#, "prohibited-keyword", 105, "$.a[1].__proto__"),
        (#"{"o":{"__type":"Object","className":"Foo","objectId":"x"}}"#, "unknown-type", 111, "$.o.__type"),
        (#"{"n":{"__op":"Increment","amount":"1"}}"#, "invalid-operation", 107, "$.n.amount"),
        (#"{"n":{"__op":"Increment"}}"#, "invalid-operation", 107, "$.n"),
        (#"{"a":{"__op":"Add","objects":"x"}}"#, "invalid-operation", 107, "$.a.objects"),
        (#"{"a":{"__op":"Remove"}}"#, "invalid-operation", 107, "$.a"),
        (#"{"a":{"__op":"Delete","amount":1}}"#, "invalid-operation", 107, "$.a.amount"),
        (#"{"r":{"__op":"AddRelation","objects":[]}}"#, "invalid-operation", 107, "$.r"),
        (#"{"r":{"__op":"AddRelation","objects":["a"]}}"#, "invalid-operation", 107, "$.r.objects[0]"),
        (#"{"r":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"A","objectId":"a"},{"__type":"Pointer","className":"B","objectId":"b"}]}}"#, "invalid-operation", 107, "$.r"),
        (#"{"t":{"__op":"Batch","ops":[{"__op":"Add","objects":["x"]},{"__op":"Remove","objects":["y"]}]}}"#, "invalid-operation", 108, "$.t"),
        (#"{"t":{"__op":"Batch","ops":[]}}"#, "invalid-operation", 107, "$.t"),
        (#"{"t":{"__op":"Batch","ops":[1]}}"#, "invalid-operation", 107, "$.t.ops[0]"),
        (#"{"a":{"__op":"SetOnInsert","amount":1}}"#, "invalid-operation", 107, "$.a.__op"),
        (#"{"a":{"__op":7}}"#, "invalid-operation", 107, "$.a.__op"),
        (#"{"a":{"x":{"__op":"Delete"}}}"#, "invalid-operation", 107, "$.a.x"),
        (#"{"a":[{"__op":"Delete"}]}"#, "invalid-operation", 107, "$.a[0]"),
        (#"{"ACL":{"__op":"Increment","amount":1}}"#, "invalid-operation", 107, "$.ACL"),
        (#"[]"#, "wrong-field-type", 111, "$"),
        (#"{"b":{"__type":"Bytes","base64":""}}"#, "invalid-base64", 111, "$.b"),
    ] as [(String, String, Int?, String)])
    func saveBodyRejections(input: String, kind: String, code: Int?, path: String) throws {
        let error = try #require(rejection(input, .update), "accepted: \(input)")
        #expect(error.kind.name == kind, "\(error)")
        #expect(error.parseCode == code, "\(error)")
        #expect(error.path == path, "\(error)")
        #expect(error.offset != nil)
    }

    @Test("empty Bytes are refused as a save-body field but kept nested and in other contexts")
    func emptyBytes() throws {
        let empty = #"{"__type":"Bytes","base64":""}"#
        #expect(try canonical(#"{"o":{"b":\#(empty)}}"#, .update) == #"{"o":{"b":\#(empty)}}"#)
        #expect(try canonical(#"{"b":\#(empty)}"#, .object(className: "A")) == #"{"b":\#(empty)}"#)
        let body: ParseValue = ["b": .bytes(ParseBytes([]))]
        #expect(encodingRejection(body, .update)?.kind == .invalidBase64)
        #expect(encodingRejection(body, .update)?.path == "$.b")
    }

    @Test("a second GeoPoint field in one save body is refused with 111, as the server's schema check refuses it")
    func secondGeoPointField() throws {
        let point = #"{"__type":"GeoPoint","latitude":1,"longitude":2}"#
        let error = try #require(rejection(#"{"a":\#(point),"n":1,"b":\#(point)}"#, .update))
        #expect(error.kind == .wrongFieldType, "\(error)")
        #expect(error.parseCode == 111, "\(error)")
        #expect(error.path == "$.b", "\(error)")
        #expect(error.offset != nil)
        let body: ParseValue = ["a": .geoPoint(try GeoPoint(latitude: 1, longitude: 2)), "b": .geoPoint(try GeoPoint(latitude: 3, longitude: 4))]
        #expect(encodingRejection(body, .update)?.kind == .wrongFieldType)
        #expect(encodingRejection(body, .update)?.path == "$.b")
    }

    @Test("GeoPoints that are not top-level save-body fields are not counted", arguments: [
        #"{"a":{"__type":"GeoPoint","latitude":1,"longitude":2},"l":[{"__type":"GeoPoint","latitude":1,"longitude":2}]}"#,
        #"{"a":{"__type":"GeoPoint","latitude":1,"longitude":2},"m":{"p":{"__type":"GeoPoint","latitude":1,"longitude":2}}}"#,
        #"{"a":{"__type":"GeoPoint","latitude":1,"longitude":2},"l":{"__op":"Add","objects":[{"__type":"GeoPoint","latitude":1,"longitude":2}]}}"#,
        #"{"a":{"__type":"GeoPoint","latitude":1,"longitude":2},"b":{"__op":"Delete"}}"#,
    ])
    func nestedGeoPointsNotCounted(input: String) throws {
        #expect(try canonical(input, .update) == input)
    }

    @Test("operations are refused outside a save body")
    func operationsOutsideUpdates() throws {
        #expect(rejection(#"{"__op":"Delete"}"#)?.kind == .invalidOperation)
        #expect(rejection(#"{"n":{"__op":"Delete"}}"#)?.kind == .invalidOperation)
    }
}
