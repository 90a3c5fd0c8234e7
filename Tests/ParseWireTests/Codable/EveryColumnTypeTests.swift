import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// `Listing` holds a column of every type: a fetched object with each reads into its Swift type and
/// is written back as the server emits it, and a save body with each is written as a client sends it.
@Suite struct EveryColumnTypeTests {
    static let fetched = #"""
    {"objectId":"l1","createdAt":"2022-01-01T00:00:00.000Z","updatedAt":"2022-01-05T10:00:00.000Z",\#
    "ACL":{"*":{"read":true}},"title":"Harbour café","rating":4.5,"isOpen":true,\#
    "openedAt":{"__type":"Date","iso":"2022-03-04T05:06:07.089Z"},\#
    "location":{"__type":"GeoPoint","latitude":40.5,"longitude":-73.25},\#
    "area":{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[0,0]]},\#
    "photo":{"__type":"File","name":"photo.png","url":"https://files.example.com/photo.png"},\#
    "thumbnail":{"__type":"Bytes","base64":"aGVsbG8="},\#
    "tags":["coffee",{"__type":"GeoPoint","latitude":1,"longitude":2}],"details":{"seats":40},\#
    "category":{"__type":"Pointer","className":"Category","objectId":"c1"},\#
    "reviewers":{"__type":"Relation","className":"Author"}}
    """#

    @Test("a fetched Listing reads every column into its Swift type and is written back as it was read")
    func fetchedEveryType() throws {
        let listing = try ParseWireDecoder().decode(Listing.self, from: Array(Self.fetched.utf8), as: .fetchedObject)
        #expect(listing.title == "Harbour café")
        #expect(listing.rating == 4.5)
        #expect(listing.isOpen == true)
        #expect(listing.openedAt == Date(timeIntervalSince1970: 1_646_370_367.089))
        #expect(listing.location == (try GeoPoint(latitude: 40.5, longitude: -73.25)))
        #expect(listing.area?.points.count == 4)
        #expect(listing.photo == (try ParseFile(name: "photo.png", url: "https://files.example.com/photo.png")))
        #expect(listing.thumbnail == ParseBytes(Array("hello".utf8)))
        #expect(listing.tags?.count == 2)
        #expect(listing.details?["seats"] != nil)
        #expect(listing.category?.objectId == "c1")
        let written = try ParseWireEncoder().encodeBytes(listing, as: .fetchedObject)
        let original = try ParseValueDecoder().decode(Array(Self.fetched.utf8), context: .object(className: "Listing"))
        let again = try ParseValueDecoder().decode(written, context: .object(className: "Listing"))
        #expect(again == original)
    }

    @Test("a Listing with every column is written as a save body with each typed value")
    func saveBodyEveryType() throws {
        let listing = try ParseWireDecoder().decode(Listing.self, from: Array(Self.fetched.utf8), as: .fetchedObject)
        let body = try ParseValueDecoder().decode(try ParseWireEncoder().encodeBytes(listing, as: .saveBody), context: .update)
        let expected = try ParseValueDecoder().decode(Array(Self.fetched.utf8), context: .object(className: "Listing"))
        guard case .map(let members) = body, case .object(let object) = expected else {
            Issue.record("a save body is a map, a fetched object an object: \(body)")
            return
        }
        for key in ["objectId", "createdAt", "updatedAt"] { #expect(members[key] == nil, "\(key)") }
        for (key, value) in object.fields where key != "reviewers" {
            #expect(members[key] == value, "\(key)")
        }
    }
}
