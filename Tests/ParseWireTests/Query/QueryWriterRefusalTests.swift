import Testing
@testable import ParseWire

/// What the query writer refuses to write (`Vectors/cases/query/writers*.json`): each find request
/// parse-server refuses, or reads as another query, is refused with the corpus's error kind, the
/// server's Parse code where it has one, and the path of the offending member.
@Suite("Query writer refusals")
struct QueryWriterRefusalTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let request: ParseValue
        let kind: ParseWireError.Kind
        let code: Int?
        let path: String
        var testDescription: String { name }
    }

    static func point(_ latitude: Double, _ longitude: Double) -> ParseValue {
        .map(["__type": "GeoPoint", "latitude": .number(ParseNumber(latitude)!), "longitude": .number(ParseNumber(longitude)!)])
    }

    static func constraint(_ field: String, _ operators: ParseMap) -> ParseValue {
        .map(["where": .map([field: .map(operators)])])
    }

    static let refusals: [Refusal] = [
        Refusal(name: "$in with one value", request: constraint("title", ["$in": "Dune"]),
                kind: .wrongFieldType, code: 107, path: #"$.where.title["$in"]"#),
        Refusal(name: "$nin with one number", request: constraint("year", ["$nin": .number(1965)]),
                kind: .wrongFieldType, code: 107, path: #"$.where.year["$nin"]"#),
        Refusal(name: "$all with one value", request: constraint("tags", ["$all": "classic"]),
                kind: .wrongFieldType, code: 107, path: #"$.where.tags["$all"]"#),
        Refusal(name: "$containedBy with one value", request: constraint("tags", ["$containedBy": "classic"]),
                kind: .wrongFieldType, code: 107, path: #"$.where.tags["$containedBy"]"#),
        Refusal(name: "a number as $regex", request: constraint("title", ["$regex": .number(1)]),
                kind: .wrongFieldType, code: 107, path: #"$.where.title["$regex"]"#),
        Refusal(name: "$options g", request: constraint("title", ["$regex": "^Du", "$options": "g"]),
                kind: .outOfRange, code: 102, path: #"$.where.title["$options"]"#),
        Refusal(name: "an unknown operator", request: constraint("title", ["$foo": .number(1)]),
                kind: .invalidOperation, code: 107, path: #"$.where.title["$foo"]"#),
        Refusal(name: "equality with an array", request: .map(["where": .map(["tags": ["a", "b"]])]),
                kind: .wrongFieldType, code: 107, path: "$.where.tags"),
        Refusal(name: "an unknown top-level $ key", request: .map(["where": .map(["$foo": .number(1)])]),
                kind: .invalidFieldName, code: 105, path: #"$.where["$foo"]"#),
        Refusal(name: "an order on an invalid field name", request: .map(["order": "-1abc"]),
                kind: .invalidFieldName, code: 105, path: "$.order"),
        Refusal(name: "an order on an authData id", request: .map(["order": "title,-authData.facebook.id"]),
                kind: .invalidFieldName, code: 105, path: "$.order"),
        Refusal(name: "an unknown find parameter", request: .map(["where": .map([:]), "foo": .number(1)]),
                kind: .unexpectedField, code: 102, path: "$.foo"),
        Refusal(name: "a negative limit", request: .map(["limit": .number(-1)]),
                kind: .outOfRange, code: nil, path: "$.limit"),
        Refusal(name: "$box with three corners", request: constraint("location", ["$within": .map(["$box": .array([point(40, -30), point(41, -29), point(42, -28)])])]),
                kind: .wrongFieldType, code: 107, path: #"$.where.location["$within"]"#),
        Refusal(name: "a negative $centerSphere distance", request: constraint("location", ["$geoWithin": .map(["$centerSphere": .array([.array([.number(-30), .number(40)]), .number(-1)])])]),
                kind: .outOfRange, code: 107, path: #"$.where.location["$geoWithin"]["$centerSphere"][1]"#),
        Refusal(name: "a $centerSphere center beyond the pole", request: constraint("location", ["$geoWithin": .map(["$centerSphere": .array([.array([.number(-30), .number(100)]), .number(1)])])]),
                kind: .outOfRange, code: 1, path: #"$.where.location["$geoWithin"]["$centerSphere"][0]"#),
        Refusal(name: "an empty $geoWithin", request: constraint("location", ["$geoWithin": .map([:])]),
                kind: .invalidOperation, code: 107, path: #"$.where.location["$geoWithin"]"#),
    ]

    @Test("a find request the server refuses or reads as another query is not written", arguments: refusals)
    func refused(_ refusal: Refusal) {
        var caught: ParseWireError?
        do {
            let written = try ParseValueEncoder().encode(refusal.request, context: .query)
            Issue.record("written: \(String(decoding: written, as: UTF8.self))")
        } catch {
            caught = error
        }
        #expect(caught?.kind == refusal.kind, "\(String(describing: caught))")
        #expect(caught?.parseCode == refusal.code, "\(String(describing: caught))")
        #expect(caught?.path == refusal.path, "\(String(describing: caught))")
    }

    @Test("a query built in code with an out-of-range operand is refused when written, at its path")
    func builtInCode() throws {
        var sphere = try ParseQuery(className: "Place")
        sphere.where("location", .withinSphere(center: try GeoPoint(latitude: 0, longitude: 0), radians: -1))
        #expect { try sphere.findRequestJSON() } throws: {
            let error = $0 as? ParseWireError
            return error?.kind == .outOfRange && error?.parseCode == 107 && error?.path == #"$.where.location["$geoWithin"]["$centerSphere"][1]"#
        }
        var near = try ParseQuery(className: "Place")
        near.where("location", .nearSphere(try GeoPoint(latitude: 40, longitude: -30), maxDistance: .kilometers(-5)))
        #expect { try near.findRequestJSON() } throws: { ($0 as? ParseWireError)?.kind == .outOfRange }
        var sorted = try ParseQuery(className: "Book")
        sorted.order = [.descending("1abc")]
        #expect { try sorted.queryString() } throws: {
            let error = $0 as? ParseWireError
            return error?.kind == .invalidFieldName && error?.parseCode == 105 && error?.path == "$.order"
        }
    }

    @Test("a GeoPoint beyond the pole cannot be built, so no query writes one")
    func pointOutOfRange() {
        #expect { try GeoPoint(latitude: 100, longitude: -30) } throws: { ($0 as? ParseWireError)?.kind == .outOfRange }
    }
}
