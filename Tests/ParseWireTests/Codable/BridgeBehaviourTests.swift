import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// Mode, nil-policy, data and object-graph behaviours, each pinned by its exact bytes.
@Suite struct BridgeBehaviourTests {
    static let date = ParseDate(uncheckedEpochMilliseconds: 1_641_039_825_678).date

    static var author: Author { Author(objectId: "a1", createdAt: date, updatedAt: date, ACL: .publicRead, name: "Ann") }

    @Test("each mode writes its top-level shape")
    func modes() throws {
        let encoder = ParseWireEncoder()
        let iso = "2022-01-01T12:23:45.678Z"
        #expect(try encoder.encodeString(Self.author) ==
                #"{"__type":"Object","className":"Author","objectId":"a1","createdAt":"\#(iso)","updatedAt":"\#(iso)","ACL":{"*":{"read":true}},"name":"Ann"}"#)
        #expect(try encoder.encodeString(Self.author, as: .fetchedObject) ==
                #"{"objectId":"a1","createdAt":"\#(iso)","updatedAt":"\#(iso)","ACL":{"*":{"read":true}},"name":"Ann"}"#)
        #expect(try encoder.encodeString(Self.author, as: .saveBody) == #"{"ACL":{"*":{"read":true}},"name":"Ann"}"#)
    }

    @Test("a save body drops server-owned keys at the top level only")
    func saveBodyKeepsNestedServerKeys() throws {
        struct Audit: Codable { var objectId: String; var createdAt: Date }
        struct Note: ParseObject {
            var objectId: String?
            var createdAt: Date?
            var updatedAt: Date?
            var ACL: ParseACL?
            var audit: Audit
        }
        let note = Note(objectId: "n1", createdAt: Self.date, audit: Audit(objectId: "x", createdAt: Self.date))
        #expect(try ParseWireEncoder().encodeString(note, as: .saveBody) ==
                #"{"audit":{"objectId":"x","createdAt":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}}"#)
    }

    @Test("nil is omitted, null, or Delete in an update body")
    func nilPolicy() throws {
        let item = Item(code: "c", title: "t")
        var options = ParseWireEncodingOptions()
        #expect(try ParseWireEncoder(options: options).encodeString(item, as: .updateBody) == #"{"code":"c","title":"t"}"#)
        options.nilPolicy = .null
        #expect(try ParseWireEncoder(options: options).encodeString(item, as: .updateBody) == #"{"code":"c","title":"t","category":null}"#)
        options.nilPolicy = .delete
        #expect(try ParseWireEncoder(options: options).encodeString(item, as: .updateBody) == #"{"code":"c","title":"t","category":{"__op":"Delete"}}"#)
        #expect(try ParseWireEncoder(options: options).encodeString(item, as: .saveBody) == #"{"code":"c","title":"t"}"#)
    }

    @Test("field operations encode in update bodies and are refused elsewhere")
    func operations() throws {
        struct BookUpdate: Encodable {
            var publishingYear: FieldOperation
            var authors: FieldOperation
        }
        let update = BookUpdate(publishingYear: .increment(1), authors: TypedRelation<Author>().add([try TypedPointer(objectId: "a1")]))
        let text = try ParseWireEncoder().encodeString(update, as: .updateBody)
        #expect(text == #"{"publishingYear":{"__op":"Increment","amount":1},"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#)
        _ = try ParseValueDecoder().decode(text, context: .update)
        #expect(encodingFailure(["nested": update], as: .value).flatMap(wireError)?.kind == .invalidOperation)
    }

    @Test("Data is a Bytes object by default and a base64 string as an option")
    func data() throws {
        struct Blob: Codable, Equatable { var data: Data }
        let blob = Blob(data: Data([0, 1, 254, 255]))
        #expect(try ParseWireEncoder().encodeString(blob) == #"{"data":{"__type":"Bytes","base64":"AAH+/w=="}}"#)
        var options = ParseWireEncodingOptions()
        options.dataEncoding = .base64String
        let text = try ParseWireEncoder(options: options).encodeString(blob)
        #expect(text == #"{"data":"AAH+/w=="}"#)
        var decoding = ParseWireDecodingOptions()
        decoding.dataEncoding = .base64String
        #expect(try ParseWireDecoder(options: decoding).decode(Blob.self, from: text) == blob)
    }

    @Test("a nested saved object is a Pointer; an included object decodes into the full object")
    func objectGraphs() throws {
        struct Shelf: Codable { var author: Author }
        let text = try ParseWireEncoder().encodeString(Shelf(author: Self.author))
        #expect(text == #"{"author":{"__type":"Pointer","className":"Author","objectId":"a1"}}"#)
        let pointerError = decodingFailure(Shelf.self, text).flatMap(wireError)
        #expect(pointerError?.kind == .wrongFieldType)
        #expect(pointerError?.path == "$.author")
        let included = #"{"author":\#(try ParseWireEncoder().encodeString(Self.author))}"#
        #expect(try ParseWireDecoder().decode(Shelf.self, from: included).author == Self.author)
        let wrongClass = included.replacingOccurrences(of: #""className":"Author""#, with: #""className":"Genre""#)
        #expect(decodingFailure(Shelf.self, wrongClass).flatMap(wireError)?.path == "$.author")
    }

    @Test("a query response of fetched objects decodes")
    func queryResults() throws {
        struct Results: Decodable { var results: [Author] }
        let object = try ParseWireEncoder().encodeString(Self.author, as: .fetchedObject)
        #expect(try ParseWireDecoder().decode(Results.self, from: #"{"results":[\#(object),\#(object)]}"#).results == [Self.author, Self.author])
    }

    @Test("nested arrays, optionals, String enums and Int64 round-trip", arguments: [0, 1, 5])
    func shapes(depth: Int) throws {
        enum Mood: String, Codable { case calm, busy }
        struct Shapes: Codable, Equatable {
            var grid: [[[Int64?]]]
            var moods: [Mood]
            var maybe: Double?
            var tags: [String: [Float]]
        }
        let value = Shapes(grid: Array(repeating: [[Int64.max, nil, -1]], count: depth), moods: [.calm, .busy],
                           maybe: depth == 0 ? nil : 0.1, tags: ["a": [0.1, 1.5]])
        let text = try ParseWireEncoder().encodeString(value)
        #expect(try ParseWireDecoder().decode(Shapes.self, from: text) == value)
        _ = try ParseValueDecoder().decode(text)
    }

    @Test("wire value types round-trip as properties")
    func wireTypes() throws {
        struct Venue: Codable, Equatable {
            var location: GeoPoint
            var area: ParsePolygon
            var photo: ParseFile
            var thumbnail: ParseBytes
            var opened: ParseDate
            var extra: ParseValue
        }
        let points = try [GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 0), GeoPoint(latitude: 0, longitude: 1)]
        let venue = Venue(location: points[1], area: try ParsePolygon(points: points), photo: try ParseFile(name: "a.png", url: "https://x/a.png"),
                          thumbnail: ParseBytes([1, 2, 3]), opened: try ParseDate(epochMilliseconds: 5), extra: ["k": [1, "two", nil]])
        let text = try ParseWireEncoder().encodeString(venue)
        #expect(try ParseValueDecoder().decode(text) != .null)
        #expect(try ParseWireDecoder().decode(Venue.self, from: text) == venue)
    }
}
