import Testing
@testable import ParseWire
import TestSupport

/// Reading a find request body (`Vectors/spec/query.md`): what strict decoding accepts, what it
/// refuses with which kind and Parse code, and how list parameters are read.
@Suite("Query decoding")
struct QueryDecodingTests {
    static func decode(_ text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) -> ParseValue {
        try ParseValueDecoder(options: options).decode(text, context: .query)
    }

    static func rejection(_ text: String, options: ParseValueDecodingOptions = .strict) -> ParseWireError? {
        do {
            _ = try decode(text, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test("a where document with bare equality, comparisons and a pointer decodes to its data")
    func equalityAndComparisons() throws {
        let value = try Self.decode(#"{"where":{"title":"Dune","year":{"$gte":1960,"$lt":1970},"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}}"#)
        let pointer = ParseValue.pointer(try ParsePointer(className: "Genre", objectId: "g1"))
        let expected: ParseValue = .map(["where": .map(["title": .string("Dune"),
                                                        "year": .map(["$gte": .number(1960), "$lt": .number(1970)]),
                                                        "genre": pointer])])
        #expect(value == expected)
    }

    @Test("$eq, as Parse-Swift writes it, is accepted and kept as written")
    func equalityOperatorIsKept() throws {
        let value = try Self.decode(#"{"where":{"title":{"$eq":"Dune"}}}"#)
        #expect(value == .map(["where": .map(["title": .map(["$eq": .string("Dune")])])]))
    }

    @Test("list parameters written as arrays read as the server's comma-joined string")
    func listParametersJoin() throws {
        let value = try Self.decode(#"{"include":["genre","isbn"],"keys":["title"],"order":["-year","title"]}"#)
        #expect(value == .map(["include": .string("genre,isbn"), "keys": .string("title"), "order": .string("-year,title")]))
    }

    @Test("count given as 1 reads as true")
    func countAsNumber() throws {
        #expect(try Self.decode(#"{"count":1,"limit":0}"#) == .map(["count": .bool(true), "limit": .number(0)]))
    }

    @Test("a Polygon in $geoWithin is read longitude first")
    func polygonInQueryIsLongitudeFirst() throws {
        let value = try Self.decode(#"{"where":{"location":{"$geoWithin":{"$polygon":{"__type":"Polygon","coordinates":[[100,10],[101,10],[101,11]]}}}}}"#)
        let polygon = try ParsePolygon(points: [GeoPoint(latitude: 10, longitude: 100), GeoPoint(latitude: 10, longitude: 101),
                                                GeoPoint(latitude: 11, longitude: 101)])
        #expect(value == .map(["where": .map(["location": .map(["$geoWithin": .map(["$polygon": .polygon(polygon)])])])]))
    }

    @Test("each defect is refused with the server's kind and code", arguments: [
        (#"{"where":{},"foo":1}"#, "unexpected-field", 102),
        (#"{"where":{"$foo":1}}"#, "invalid-field-name", 105),
        (#"{"where":{"k":{"$foo":1}}}"#, "invalid-operation", 107),
        (#"{"where":{"k":{"$in":"x"}}}"#, "wrong-field-type", 107),
        (#"{"where":{"k":{"$regex":1}}}"#, "wrong-field-type", 107),
        (#"{"where":{"k":{"$regex":"a","$options":"g"}}}"#, "out-of-range", 102),
        (#"{"where":{"k":{"$inQuery":{"where":{}}}}}"#, "missing-field", 102),
        (#"{"where":{"ACL":{"*":{"read":true}}}}"#, "reserved-key", 102),
        (#"{"where":{"$or":{"a":1}}}"#, "wrong-field-type", 102),
        (#"{"where":{"g":{"$centerSphere":{"__type":"GeoPoint","latitude":1,"longitude":2},"$geoWithin":1}}}"#, "invalid-operation", 107),
        (#"{"where":{"g":{"$geoWithin":{"$polygon":[{"__type":"GeoPoint","latitude":1,"longitude":2},{"__type":"GeoPoint","latitude":1,"longitude":3}]}}}}"#, "invalid-polygon", 107),
        (#"{"where":{"d":{"$eq":{"$relativeTime":"3 days ago"}}}}"#, "invalid-operation", 107),
        (#"{"where":{"tags":["a"]}}"#, "wrong-field-type", 107),
        (#"{"order":"-1abc"}"#, "invalid-field-name", 105),
    ])
    func defects(input: String, kind: String, code: Int) {
        let error = Self.rejection(input)
        #expect(error?.kind.name == kind, "\(input): \(String(describing: error))")
        #expect(error?.parseCode == code, "\(input): \(String(describing: error))")
    }

    @Test("extra subquery keys are refused strictly and kept with the SubqueryExtraKeys leniency")
    func subqueryExtraKeys() throws {
        let input = #"{"where":{"a":{"$inQuery":{"className":"Author","where":{},"limit":5}}}}"#
        #expect(Self.rejection(input)?.kind.name == "unexpected-field")
        var options = ParseValueDecodingOptions()
        options.enable(.subqueryExtraKeys)
        #expect(Self.rejection(input, options: options) == nil)
    }
}
