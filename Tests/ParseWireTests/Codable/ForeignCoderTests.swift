import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// Every wire value type and `ParseValue` work with Foundation's coders, in the keyed form of the
/// wire, so one model can be cached with `JSONEncoder`; with ParseWire's coders nothing changes.
@Suite struct ForeignCoderTests {
    struct Everything: Codable, Equatable {
        var acl: ParseACL
        var point: GeoPoint
        var file: ParseFile
        var bytes: ParseBytes
        var polygon: ParsePolygon
        var date: ParseDate
        var pointer: ParsePointer
        var relation: ParseRelation
        var operation: FieldOperation?
        var values: [ParseValue]
    }

    static func sample() throws -> Everything {
        let points = try [(0.0, 0.0), (0.0, 1.5), (1.25, 1.0)].map { try GeoPoint(latitude: $0.0, longitude: $0.1) }
        let pointer = try ParsePointer(className: "Author", objectId: "a1")
        return Everything(
            acl: try ParseACL([(principal: "*", grant: .init(read: true)), (principal: "u1", grant: .init(read: true, write: true))]),
            point: try GeoPoint(latitude: 40.5, longitude: -73.25),
            file: try ParseFile(name: "a.png", url: "https://example.com/a.png"),
            bytes: ParseBytes([0, 1, 254, 255]),
            polygon: try ParsePolygon(points: points),
            date: try ParseDate(epochMilliseconds: 1_641_039_825_678),
            pointer: pointer,
            relation: try ParseRelation(className: "Book"),
            operation: .add([.number(1), .string("x")]),
            values: [
                .null, .bool(true), .number(ParseNumber("9007199254740993")!), .number(ParseNumber("0.1")!),
                .number(ParseNumber("-0")!), .string("é/\""),
                .array([.number(1), .map(["k": .string("v")])]), .map(["nested": .array([]), "b": .number(1), "a": .number(2), "c": .null]),
                .date(try ParseDate(epochMilliseconds: 0)), .pointer(pointer), .geoPoint(points[1]),
                .operation(.increment(ParseNumber(2))),
                .object(try ParseObjectValue(className: "Book", objectId: "b1", fields: ["title": .string("Dune")])),
            ])
    }

    @Test("a model holding every wire type encodes with JSONEncoder and decodes back equal")
    func roundTrip() throws {
        let value = try Self.sample()
        let data = try JSONEncoder().encode(value)
        let back = try JSONDecoder().decode(Everything.self, from: data)
        #expect(back == value)
    }

    @Test("JSONEncoder writes the wire's shapes: each member is what ParseValueEncoder writes for it")
    func shapes() throws {
        let value = try Self.sample()
        let foreign = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as! NSDictionary
        // ParseWireEncoder writes an operation only at the top level of a body: compare without them.
        var plain = value
        plain.operation = nil
        plain.values.removeAll { if case .operation = $0 { true } else { false } }
        let wire = try JSONSerialization.jsonObject(with: Data(ParseWireEncoder().encodeBytes(plain, as: .value))) as! NSDictionary
        for key in wire.allKeys as! [String] where key != "values" {
            #expect(foreign[key] as? NSObject == wire[key] as? NSObject, "\(key): \(foreign[key] ?? "nil") vs \(wire[key] ?? "nil")")
        }
        let foreignValues = (foreign["values"] as! NSArray).filter { ($0 as? NSDictionary)?["__op"] == nil } as NSArray
        #expect(foreignValues == wire["values"] as? NSArray)
        let operation = foreign["operation"] as? NSDictionary
        #expect(operation?["__op"] as? String == "Add")
        #expect(operation?["objects"] as? NSArray == [1, "x"])
    }

    @Test("what another decoder reads is checked by the wire rules")
    func checked() throws {
        let text = #"{"point":{"__type":"GeoPoint","latitude":91,"longitude":0}}"#
        struct Holder: Codable { var point: GeoPoint }
        do {
            _ = try JSONDecoder().decode(Holder.self, from: Data(text.utf8))
            Issue.record("a latitude of 91 was accepted")
        } catch {
            #expect(ParseWireError(from: error)?.kind == .outOfRange, "\(error)")
        }
    }

    struct Shelf: Decodable { var genre: TypedPointer<Genre> }

    @Test("JSONDecoder reads an included object into TypedPointer<T>, keeping the object where the type can hold it")
    func includedObjectThroughJSONDecoder() throws {
        let plain = #"{"genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"Science fiction"}}"#
        let shelf = try JSONDecoder().decode(Shelf.self, from: Data(plain.utf8))
        #expect(shelf.genre.objectId == "g1")
        #expect(shelf.genre.included?.name == "Science fiction")
        #expect(shelf.genre.included?.objectId == "g1")

        // The server's timestamps are ISO strings; a decoder whose date strategy reads them keeps
        // the whole object, one that cannot (JSONDecoder's default) still keeps the Pointer.
        let dated = #"{"genre":{"__type":"Object","className":"Genre","objectId":"g1","createdAt":"2022-01-01T12:23:45.678Z","name":"SF"}}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { try ParseDate(isoString: $0.singleValueContainer().decode(String.self)).date }
        let full = try decoder.decode(Shelf.self, from: Data(dated.utf8))
        let created = try ParseDate(isoString: "2022-01-01T12:23:45.678Z").date
        #expect(full.genre.included?.createdAt == created)
        let pointerOnly = try JSONDecoder().decode(Shelf.self, from: Data(dated.utf8))
        #expect(pointerOnly.genre.objectId == "g1" && pointerOnly.genre.included == nil)
    }

    @Test("an included object of another class, or without an objectId, is refused by any decoder", arguments: [
        #"{"genre":{"__type":"Object","className":"Author","objectId":"a1","name":"x"}}"#,
        #"{"genre":{"__type":"Object","className":"Genre","name":"x"}}"#,
        #"{"genre":{"__type":"File","className":"Genre","objectId":"g1"}}"#,
    ])
    func includedObjectChecks(text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Shelf.self, from: Data(text.utf8)) }
    }

    @Test("a number no Foundation type holds exactly is refused, not rounded")
    func unrepresentable() throws {
        do {
            _ = try JSONEncoder().encode([ParseValue.number(ParseNumber("1e400")!)])
            Issue.record("1e400 was written")
        } catch {
            #expect(ParseWireError(from: error)?.kind == .unrepresentable, "\(error)")
        }
    }

    @Test("PropertyListEncoder works too")
    func propertyList() throws {
        struct Holder: Codable, Equatable { var point: GeoPoint; var acl: ParseACL; var date: ParseDate }
        let holder = Holder(point: try GeoPoint(latitude: 1, longitude: 2),
                            acl: try ParseACL([(principal: "*", grant: .init(read: true))]),
                            date: try ParseDate(epochMilliseconds: 5))
        let data = try PropertyListEncoder().encode(holder)
        #expect(try PropertyListDecoder().decode(Holder.self, from: data) == holder)
    }
}
