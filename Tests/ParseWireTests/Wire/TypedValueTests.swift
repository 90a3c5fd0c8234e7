import Testing
@testable import ParseWire
import SeedModels
import TestSupport

/// Each typed value (`Vectors/spec/types.md`, TYPE-1) decodes to its model and re-encodes to the same bytes.
@Suite("Typed values")
struct TypedValueTests {
    @Test("canonical typed values round-trip byte for byte", arguments: [
        #"{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}"#,
        #"{"__type":"Date","iso":"0001-01-01T00:00:00.000Z"}"#,
        #"{"__type":"Date","iso":"9999-12-31T23:59:59.999Z"}"#,
        #"{"__type":"Bytes","base64":"aGVsbG8="}"#,
        #"{"__type":"Bytes","base64":""}"#,
        #"{"__type":"Pointer","className":"_User","objectId":"a1B2c3D4e5"}"#,
        #"{"__type":"Relation","className":"Book"}"#,
        #"{"__type":"GeoPoint","latitude":40.5,"longitude":-73.25}"#,
        #"{"__type":"GeoPoint","latitude":-90,"longitude":-180}"#,
        #"{"__type":"File","name":"a.png","url":"https://files.example/a.png"}"#,
        #"{"__type":"File","name":"a.png"}"#,
        #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[1,0],[0,0]]}"#,
        #"{"__type":"Object","className":"Author","objectId":"x1","createdAt":"2022-01-01T00:00:00.000Z","updatedAt":"2022-01-01T00:00:00.001Z","ACL":{"*":{"read":true},"role:Admins":{"read":true,"write":true}},"name":"Ann","born":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"}}"#,
        #"{"__type":"Object","className":"Author"}"#,
    ])
    func canonicalRoundTrip(text: String) throws {
        #expect(try canonical(text) == text)
    }

    @Test("typed values decode to the model the wire describes")
    func models() throws {
        #expect(try decode(#"{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}"#) == .date(try ParseDate(epochMilliseconds: 1_641_039_825_678)))
        #expect(try decode(#"{"__type":"Bytes","base64":"aGk="}"#) == .bytes(ParseBytes([0x68, 0x69])))
        #expect(try decode(#"{"__type":"Pointer","className":"Author","objectId":"a1"}"#) == .pointer(try ParsePointer(className: "Author", objectId: "a1")))
        #expect(try decode(#"{"__type":"Relation","className":"Book"}"#) == .relation(try ParseRelation(className: "Book")))
        #expect(try decode(#"{"__type":"GeoPoint","latitude":40,"longitude":-30.5}"#) == .geoPoint(try GeoPoint(latitude: 40, longitude: -30.5)))
        #expect(try decode(#"{"__type":"File","name":"a.png"}"#) == .file(try ParseFile(name: "a.png")))
        let polygon = try ParsePolygon(points: [try GeoPoint(latitude: 0, longitude: 0), try GeoPoint(latitude: 0, longitude: 1), try GeoPoint(latitude: 1, longitude: 1)])
        #expect(try decode(#"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}"#) == .polygon(polygon))
    }

    @Test("latitude stays first: a Polygon point is [latitude, longitude]")
    func polygonAxisOrder() throws {
        guard case .polygon(let polygon) = try decode(#"{"__type":"Polygon","coordinates":[[10,100],[20,110],[30,120]]}"#) else {
            Issue.record("not a polygon")
            return
        }
        #expect(polygon.points.map(\.latitude) == [10, 20, 30])
        #expect(polygon.points.map(\.longitude) == [100, 110, 120])
    }

    @Test("key order on the wire does not matter; the canonical order is fixed")
    func keyOrder() throws {
        #expect(try canonical(#"{"objectId":"a","className":"C","__type":"Pointer"}"#) == #"{"__type":"Pointer","className":"C","objectId":"a"}"#)
        #expect(try canonical(#"{"longitude":2,"latitude":1,"__type":"GeoPoint"}"#) == #"{"__type":"GeoPoint","latitude":1,"longitude":2}"#)
    }

    @Test("GeoPoint coordinates are written as JavaScript writes numbers")
    func geoPointNumbers() throws {
        #expect(try canonical(#"{"__type":"GeoPoint","latitude":4.0e1,"longitude":-0.0}"#) == #"{"__type":"GeoPoint","latitude":40,"longitude":0}"#)
        #expect(try canonical(#"{"__type":"GeoPoint","latitude":0.0000001,"longitude":1E2}"#) == #"{"__type":"GeoPoint","latitude":1e-7,"longitude":100}"#)
    }

    @Test("defective typed values are rejected with kind, Parse code, offset and path", arguments: [
        // (input, kind, parse code, offset, path)
        (#"[{"__type":"Date"}]"#, "missing-field", 111, 1, "$[0]"),
        (#"{"d":{"__type":"Date","iso":""}}"#, "invalid-date", 111, 28, "$.d.iso"),
        (#"{"d":{"__type":"Date","iso":"2020-01-02T03:04:05Z"}}"#, "invalid-date", 111, 28, "$.d.iso"),
        (#"{"d":{"__type":"Date","iso":"2021-02-29T00:00:00.000Z"}}"#, "invalid-date", 111, 28, "$.d.iso"),
        (#"{"d":{"__type":"Date","iso":1577836800000}}"#, "wrong-field-type", 111, 28, "$.d.iso"),
        (#"{"d":{"__type":"Date","iso":"2020-01-02T03:04:05.000Z","tz":"UTC"}}"#, "unexpected-field", nil, 55, "$.d.tz"),
        (#"{"b":{"__type":"Bytes","base64":"aGVsbG8"}}"#, "invalid-base64", 111, 32, "$.b.base64"),
        (#"{"b":{"__type":"Bytes","base64":7}}"#, "wrong-field-type", 111, 32, "$.b.base64"),
        (#"{"b":{"__type":"Bytes"}}"#, "missing-field", 111, 5, "$.b"),
        (#"{"p":{"__type":"Pointer","objectId":"abc"}}"#, "missing-field", 111, 5, "$.p"),
        (#"{"p":{"__type":"Pointer","className":"Foo"}}"#, "missing-field", 111, 5, "$.p"),
        (#"{"p":{"__type":"Pointer","className":"Foo","objectId":""}}"#, "invalid-object-id", nil, 54, "$.p.objectId"),
        (#"{"p":{"__type":"Pointer","className":"Foo","objectId":"a$b"}}"#, "invalid-object-id", nil, 54, "$.p.objectId"),
        (#"{"p":{"__type":"Pointer","className":"1Foo","objectId":"a"}}"#, "invalid-class-name", 103, 37, "$.p.className"),
        (#"{"p":{"__type":"Pointer","className":"Foo","objectId":"a","x":1}}"#, "unexpected-field", nil, 58, "$.p.x"),
        (#"{"r":{"__type":"Relation"}}"#, "missing-field", 111, 5, "$.r"),
        (#"{"r":{"__type":"Relation","className":"Foo","objects":[]}}"#, "unexpected-field", nil, 44, "$.r.objects"),
        (#"{"g":{"__type":"GeoPoint","latitude":10}}"#, "missing-field", 111, 5, "$.g"),
        (#"{"g":{"__type":"GeoPoint","latitude":91,"longitude":0}}"#, "out-of-range", nil, 37, "$.g.latitude"),
        (#"{"g":{"__type":"GeoPoint","latitude":0,"longitude":-180.5}}"#, "out-of-range", nil, 51, "$.g.longitude"),
        (#"{"g":{"__type":"GeoPoint","latitude":"10","longitude":"20"}}"#, "wrong-field-type", 111, 37, "$.g.latitude"),
        (#"{"g":{"__type":"GeoPoint","latitude":1e400,"longitude":0}}"#, "out-of-range", nil, 37, "$.g.latitude"),
        (#"{"f":{"__type":"File"}}"#, "missing-field", 111, 5, "$.f"),
        (#"{"f":{"__type":"File","name":""}}"#, "missing-field", 111, 29, "$.f.name"),
        (#"{"f":{"__type":"File","name":"a","url":null}}"#, "wrong-field-type", 111, 39, "$.f.url"),
        (#"{"q":{"__type":"Polygon","coordinates":[[0,0]]}}"#, "invalid-polygon", nil, 39, "$.q.coordinates"),
        (#"{"q":{"__type":"Polygon","coordinates":[[0,0],[0,1],[0,0]]}}"#, "invalid-polygon", nil, 39, "$.q.coordinates"),
        (#"{"q":{"__type":"Polygon","coordinates":[[0,0],[0,1],[1]]}}"#, "wrong-field-type", 111, 52, "$.q.coordinates[2]"),
        (#"{"q":{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,200]]}}"#, "out-of-range", nil, 55, "$.q.coordinates[2][1]"),
        (#"{"q":{"__type":"Polygon","coordinates":{}}}"#, "wrong-field-type", 111, 39, "$.q.coordinates"),
        (#"{"o":{"__type":"Object"}}"#, "missing-field", 111, 5, "$.o"),
        (#"{"o":{"__type":"Object","className":"A","1x":1}}"#, "invalid-field-name", 105, 40, "$.o[\"1x\"]"),
        (#"{"x":{"__type":"Money","amount":1}}"#, "unknown-type", 111, 15, "$.x.__type"),
        (#"{"x":{"__type":7}}"#, "wrong-field-type", 111, 15, "$.x.__type"),
        (#"{"x":{"__type":null}}"#, "wrong-field-type", 111, 15, "$.x.__type"),
    ] as [(String, String, Int?, Int, String)])
    func rejections(input: String, kind: String, code: Int?, offset: Int, path: String) throws {
        let error = try #require(rejection(input), "accepted: \(input)")
        #expect(error.kind.name == kind, "\(error)")
        #expect(error.parseCode == code, "\(error)")
        #expect(error.offset == offset, "\(error)")
        #expect(error.path == path, "\(error)")
        #expect(!error.message.isEmpty)
    }

    @Test("each leniency accepts its alternate form and re-encodes it canonically", arguments: [
        ("DateWithoutMillis", #"{"__type":"Date","iso":"2020-01-02T03:04:05Z"}"#, #"{"__type":"Date","iso":"2020-01-02T03:04:05.000Z"}"#),
        ("DateFractionDigits", #"{"__type":"Date","iso":"2020-01-02T03:04:05.5Z"}"#, #"{"__type":"Date","iso":"2020-01-02T03:04:05.500Z"}"#),
        ("DateFractionDigits", #"{"__type":"Date","iso":"2020-01-02T03:04:05.123456789Z"}"#, #"{"__type":"Date","iso":"2020-01-02T03:04:05.123Z"}"#),
        ("DateOffset", #"{"__type":"Date","iso":"2020-01-01T01:00:00.000+02:00"}"#, #"{"__type":"Date","iso":"2019-12-31T23:00:00.000Z"}"#),
        ("Base64Unpadded", #"{"__type":"Bytes","base64":"aGk"}"#, #"{"__type":"Bytes","base64":"aGk="}"#),
        ("Base64URLSafe", #"{"__type":"Bytes","base64":"-_8="}"#, #"{"__type":"Bytes","base64":"+/8="}"#),
        ("Base64Whitespace", #"{"__type":"Bytes","base64":"aGVs\nbG8="}"#, #"{"__type":"Bytes","base64":"aGVsbG8="}"#),
        ("TypedValueExtraKeys", #"{"__type":"Relation","className":"Foo","objects":[]}"#, #"{"__type":"Relation","className":"Foo"}"#),
        ("UnknownType", #"[{"__type":"Money","amount":1}]"#, #"[{"__type":"Money","amount":1}]"#),
    ])
    func leniencies(flag: String, input: String, expected: String) throws {
        #expect(rejection(input) != nil, "strict decoding must reject \(input)")
        var options = ParseValueDecodingOptions()
        try options.enable(flag: flag)
        #expect(try canonical(input, options: options) == expected)
        #expect(try flag == "UnknownType" || canonical(expected) == expected)
    }

    @Test("an unknown __type as a field value is refused even with UnknownType on")
    func unknownTypeAsFieldValue() throws {
        var options = ParseValueDecodingOptions()
        options.preservesUnknownTypes = true
        #expect(rejection(#"{"__type":"Money","amount":1}"#, options: options)?.kind == .unknownType)
        #expect(rejection(#"{"m":{"__type":"Money"}}"#, .update, options: options)?.kind == .unknownType)
        #expect(rejection(#"{"m":{"__type":"Money"}}"#, .object(className: "A"), options: options)?.kind == .unknownType)
        #expect(try decode(#"{"m":[{"__type":"Money"}]}"#, .update, options: options) == ["m": [.unknownType(["__type": "Money"])]])
        #expect(try decode(#"{"__type":"Object","className":"A","m":{"__type":"Money"}}"#, options: options)
            == .object(try ParseObjectValue(className: "A", fields: ["m": .unknownType(["__type": "Money"])])))
    }

    @Test("an unknown leniency flag is refused")
    func unknownFlag() {
        var options = ParseValueDecodingOptions()
        #expect(throws: WireLeniency.UnknownFlagError(flag: "Everything")) { try options.enable(flag: "Everything") }
        #expect(options == ParseValueDecodingOptions.strict)
    }

    @Test("__type escaped in the key is still __type")
    func escapedTypeKey() throws {
        #expect(try decode(#"{"\u005f_type":"Relation","className":"Book"}"#) == .relation(try ParseRelation(className: "Book")))
    }

    @Test("a map with both __type and __op is rejected")
    func typeAndOp() throws {
        #expect(rejection(#"{"a":{"__type":"Date","__op":"Delete"}}"#, .update)?.kind == .invalidOperation)
    }
}
