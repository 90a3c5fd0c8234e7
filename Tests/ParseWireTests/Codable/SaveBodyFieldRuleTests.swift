import Foundation
import Testing
@testable import ParseWire

/// The two save-body rules of the wire codec (one GeoPoint field per body; no empty Bytes field)
/// hold in the Codable bridge too, both ways, in the save and update modes only.
@Suite struct SaveBodyFieldRuleTests {
    struct Place: Codable, Equatable {
        var home: GeoPoint
        var work: GeoPoint?
        var route: [GeoPoint] = []
    }

    struct Blob: Codable, Equatable {
        var payload: ParseBytes
    }

    struct RawBlob: Codable, Equatable {
        var payload: Data
    }

    struct Loose: Codable, Equatable {
        var first: ParseValue
        var second: ParseValue
    }

    struct Nested: Codable, Equatable {
        var inner: Place
    }

    static let bodies: [ParseWireMode] = [.saveBody, .updateBody]
    static let point = #"{"__type":"GeoPoint","latitude":1,"longitude":2}"#

    @Test("a second GeoPoint field is refused with 111 in a save or update body, written or read", arguments: bodies)
    func secondGeoPoint(mode: ParseWireMode) throws {
        let place = Place(home: try GeoPoint(latitude: 1, longitude: 2), work: try GeoPoint(latitude: 3, longitude: 4))
        let error = try #require(encodingFailure(place, as: mode))
        #expect(wireError(error)?.parseCode == 111)
        #expect(wireError(error)?.path == "$.work")
        let text = #"{"home":\#(Self.point),"work":\#(Self.point)}"#
        let decodeError = try #require(decodingFailure(Place.self, text, as: mode))
        #expect(wireError(decodeError)?.parseCode == 111)
        #expect(wireError(decodeError)?.path == "$.work")
    }

    @Test("a second GeoPoint held as a ParseValue counts too", arguments: bodies)
    func secondGeoPointAsValue(mode: ParseWireMode) throws {
        let point = ParseValue.geoPoint(try GeoPoint(latitude: 1, longitude: 2))
        #expect(wireError(try #require(encodingFailure(Loose(first: point, second: point), as: mode)))?.parseCode == 111)
        let text = #"{"first":\#(Self.point),"second":\#(Self.point)}"#
        #expect(wireError(try #require(decodingFailure(Loose.self, text, as: mode)))?.parseCode == 111)
    }

    @Test("one GeoPoint field, and GeoPoints in arrays or nested maps, are accepted", arguments: bodies)
    func geoPointsNotCounted(mode: ParseWireMode) throws {
        let point = try GeoPoint(latitude: 1, longitude: 2)
        let place = Place(home: point, work: nil, route: [point, point])
        let text = try ParseWireEncoder().encodeString(place, as: mode)
        #expect(try ParseWireDecoder().decode(Place.self, from: text, as: mode) == place)
        let nested = Nested(inner: Place(home: point, work: point))
        let nestedText = try ParseWireEncoder().encodeString(nested, as: mode)
        #expect(try ParseWireDecoder().decode(Nested.self, from: nestedText, as: mode) == nested)
    }

    @Test("two GeoPoint fields are fine outside a body", arguments: [ParseWireMode.value, .fetchedObject])
    func twoGeoPointsElsewhere(mode: ParseWireMode) throws {
        let place = Place(home: try GeoPoint(latitude: 1, longitude: 2), work: try GeoPoint(latitude: 3, longitude: 4))
        let text = try ParseWireEncoder().encodeString(place, as: mode)
        #expect(try ParseWireDecoder().decode(Place.self, from: text, as: mode) == place)
    }

    @Test("an empty Bytes field is refused with 111 in a body, written or read", arguments: bodies)
    func emptyBytes(mode: ParseWireMode) throws {
        let error = try #require(encodingFailure(Blob(payload: ParseBytes([])), as: mode))
        #expect(wireError(error)?.parseCode == 111)
        #expect(wireError(error)?.path == "$.payload")
        let rawError = try #require(encodingFailure(RawBlob(payload: Data()), as: mode))
        #expect(wireError(rawError)?.parseCode == 111)
        let valueError = try #require(encodingFailure(Loose(first: .bytes(ParseBytes([])), second: .null), as: mode))
        #expect(wireError(valueError)?.parseCode == 111)
        let text = #"{"payload":{"__type":"Bytes","base64":""}}"#
        for decodeError in [decodingFailure(Blob.self, text, as: mode), decodingFailure(RawBlob.self, text, as: mode)] {
            #expect(wireError(try #require(decodeError))?.parseCode == 111)
            #expect(wireError(try #require(decodeError))?.path == "$.payload")
        }
        let looseText = #"{"first":{"__type":"Bytes","base64":""},"second":null}"#
        #expect(wireError(try #require(decodingFailure(Loose.self, looseText, as: mode)))?.parseCode == 111)
    }

    @Test("empty Bytes are accepted outside a body and below the top level of one")
    func emptyBytesElsewhere() throws {
        for mode in [ParseWireMode.value, .fetchedObject] {
            let text = try ParseWireEncoder().encodeString(Blob(payload: ParseBytes([])), as: mode)
            #expect(try ParseWireDecoder().decode(Blob.self, from: text, as: mode) == Blob(payload: ParseBytes([])))
        }
        struct Holder: Codable, Equatable { var blobs: [ParseBytes] }
        let holder = Holder(blobs: [ParseBytes([])])
        let text = try ParseWireEncoder().encodeString(holder, as: .saveBody)
        #expect(try ParseWireDecoder().decode(Holder.self, from: text, as: .saveBody) == holder)
        let nonEmpty = Blob(payload: ParseBytes([1, 2]))
        let body = try ParseWireEncoder().encodeString(nonEmpty, as: .saveBody)
        #expect(try ParseWireDecoder().decode(Blob.self, from: body, as: .saveBody) == nonEmpty)
    }
}
