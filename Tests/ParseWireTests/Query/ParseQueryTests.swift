import Foundation
import Testing
@testable import ParseWire

/// The query builder: the canonical find request it writes, its query-string form, and reading a
/// request back into a query.
@Suite("ParseQuery")
struct ParseQueryTests {
    static func text(_ query: ParseQuery, method: Bool = false) throws -> String {
        var options = ParseValueEncodingOptions()
        options.sortsKeys = true
        return String(decoding: try query.findRequestJSON(includingMethod: method, options: options), as: UTF8.self)
    }

    static let genre = try! ParsePointer(className: "Genre", objectId: "g1")

    @Test("equality is written bare, comparisons merge into one operator object")
    func equalityAndRange() throws {
        var query = try ParseQuery(className: "Book")
        query.where("title", .equalTo("Dune"))
        query.where("publishingYear", .greaterThanOrEqualTo(1960))
        query.where("publishingYear", .lessThan(1970))
        query.where("genre", .equalTo(.pointer(Self.genre)))
        #expect(try Self.text(query) == #"{"where":{"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},"publishingYear":{"$gte":1960,"$lt":1970},"title":"Dune"}}"#)
    }

    @Test("a Date comparison and a relative time")
    func dates() throws {
        var query = try ParseQuery(className: "Recipe")
        query.where("releaseDate", .greaterThan(.date(try ParseDate(epochMilliseconds: 1_641_039_825_678))))
        query.where("updatedAt", .relativeTime(.lessThan, "3 days ago"))
        #expect(try Self.text(query) == #"{"where":{"releaseDate":{"$gt":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}},"updatedAt":{"$lt":{"$relativeTime":"3 days ago"}}}}"#)
    }

    @Test("$in, $nin, $all, $exists, $ne and $regex with options")
    func listsAndRegex() throws {
        var query = try ParseQuery(className: "Book")
        query.where("genre", .containedIn([.pointer(Self.genre)]))
        query.where("tags", .containsAll(["a", "b"]))
        query.where("isbn", .exists(true))
        query.where("title", .notEqualTo("Dune"))
        query.where("title", .matchesRegex("^dun", options: "i"))
        query.where("year", .notContainedIn([1, 2]))
        #expect(try Self.text(query) == #"{"where":{"genre":{"$in":[{"__type":"Pointer","className":"Genre","objectId":"g1"}]},"isbn":{"$exists":true},"tags":{"$all":["a","b"]},"title":{"$ne":"Dune","$options":"i","$regex":"^dun"},"year":{"$nin":[1,2]}}}"#)
    }

    @Test("$relatedTo lists a book's authors, as the relations guide does")
    func relatedTo() throws {
        var query = try ParseQuery(className: "Author")
        query.relatedTo(try ParsePointer(className: "Book", objectId: "b1"), key: "authors")
        #expect(try Self.text(query, method: true) == #"{"_method":"GET","where":{"$relatedTo":{"key":"authors","object":{"__type":"Pointer","className":"Book","objectId":"b1"}}}}"#)
    }

    @Test("subqueries: $inQuery and $select name the inner class")
    func subqueries() throws {
        var inner = try ParseQuery(className: "Genre")
        inner.where("name", .equalTo("SF"))
        var query = try ParseQuery(className: "Book")
        query.where("genre", .matchesQuery(inner))
        query.where("author", .matchesKeyInQuery(key: "name", query: inner))
        #expect(try Self.text(query) == #"{"where":{"author":{"$select":{"key":"name","query":{"className":"Genre","where":{"name":"SF"}}}},"genre":{"$inQuery":{"className":"Genre","where":{"name":"SF"}}}}}"#)
    }

    @Test("geo constraints are written in the server's shapes; $polygon and $centerSphere longitude first")
    func geo() throws {
        let point = try GeoPoint(latitude: 40, longitude: -30)
        var query = try ParseQuery(className: "Place")
        query.where("a", .nearSphere(point, maxDistance: .kilometers(10)))
        query.where("b", .withinBox(southwest: point, northeast: try GeoPoint(latitude: 41, longitude: -29)))
        query.where("c", .withinPolygon(try ParsePolygon(points: [point, try GeoPoint(latitude: 41, longitude: -30), try GeoPoint(latitude: 41, longitude: -29)])))
        query.where("d", .withinSphere(center: point, radians: 0.5))
        query.where("e", .intersects(point))
        #expect(try Self.text(query) == #"{"where":{"a":{"$maxDistanceInKilometers":10,"$nearSphere":{"__type":"GeoPoint","latitude":40,"longitude":-30}},"b":{"$within":{"$box":[{"__type":"GeoPoint","latitude":40,"longitude":-30},{"__type":"GeoPoint","latitude":41,"longitude":-29}]}},"c":{"$geoWithin":{"$polygon":{"__type":"Polygon","coordinates":[[-30,40],[-30,41],[-29,41]]}}},"d":{"$geoWithin":{"$centerSphere":[[-30,40],0.5]}},"e":{"$geoIntersects":{"$point":{"__type":"GeoPoint","latitude":40,"longitude":-30}}}}}"#)
    }

    @Test("$or of two queries, and the request parameters")
    func orAndParameters() throws {
        var short = try ParseQuery(className: "Book")
        short.where("pages", .lessThan(100))
        var old = try ParseQuery(className: "Book")
        old.where("year", .lessThan(1900))
        var query = try ParseQuery.or([short, old])
        query.include = ["genre", "isbn"]
        query.keys = ["title"]
        query.order = [.descending("year"), .ascending("title")]
        query.limit = 10
        query.skip = 20
        query.count = true
        #expect(try Self.text(query) == #"{"count":true,"include":"genre,isbn","keys":"title","limit":10,"order":"-year,title","skip":20,"where":{"$or":[{"pages":{"$lt":100}},{"year":{"$lt":1900}}]}}"#)
        #expect(try query.queryString() == "where=%7B%22%24or%22%3A%5B%7B%22pages%22%3A%7B%22%24lt%22%3A100%7D%7D%2C%7B%22year%22%3A%7B%22%24lt%22%3A1900%7D%7D%5D%7D&include=genre%2Cisbn&keys=title&order=-year%2Ctitle&limit=10&skip=20&count=1")
    }

    @Test("a built query reads back from its find request as the same query", arguments: [false, true])
    func builtQueryReadsBack(method: Bool) throws {
        var inner = try ParseQuery(className: "Genre")
        inner.where("name", .matchesRegex("^S", options: "i"))
        var query = try ParseQuery(className: "Book")
        query.where("genre", .matchesQuery(inner))
        query.where("tags", .containedBy(["sf", "classic"]))
        query.where("location", .withinPolygon(try ParsePolygon(points: [try GeoPoint(latitude: 1, longitude: 2), try GeoPoint(latitude: 3, longitude: 4),
                                                                          try GeoPoint(latitude: 5, longitude: 7)])))
        query.relatedTo(try ParsePointer(className: "Shelf", objectId: "s1"), key: "books")
        query.include = ["genre"]
        query.order = [.descending("year")]
        query.limit = 3
        query.usesMethodOverride = method
        #expect(try ParseQuery(className: "Book", findRequest: query.findRequestJSON(includingMethod: method)) == query)
    }

    @Test("a non-finite distance is reported when the query is written")
    func nonFiniteDistance() throws {
        var query = try ParseQuery(className: "Place")
        query.where("location", .withinSphere(center: try GeoPoint(latitude: 0, longitude: 0), radians: .infinity))
        #expect { try query.findRequestJSON() } throws: { ($0 as? ParseWireError)?.kind == .unrepresentable }
    }

    @Test("a false flag among the other parameters is 0 in a URL, which the server reads as false")
    func falseFlagInURL() throws {
        var query = try ParseQuery(className: "Book")
        query.otherParameters["explain"] = false
        #expect(try query.queryString() == "explain=0")
    }

    @Test("an $or of queries on two classes is refused")
    func orAcrossClasses() throws {
        #expect(throws: ParseWireError.self) { try ParseQuery.or([try ParseQuery(className: "A"), try ParseQuery(className: "B")]) }
    }

    @Test("a constraint the server refuses is refused when written")
    func refusedWhenWritten() throws {
        var query = try ParseQuery(className: "Book")
        query.where("title", .matchesRegex("x", options: "g"))
        #expect { try query.findRequestJSON() } throws: { ($0 as? ParseWireError)?.parseCode == 102 }
    }

    @Test("a find request reads back into the same query")
    func readBack() throws {
        let text = #"{"_method":"GET","where":{"title":{"$eq":"Dune"}},"include":["genre"],"order":"-year","limit":5,"count":1}"#
        let query = try ParseQuery(className: "Book", findRequest: Array(text.utf8))
        #expect(query.constraints == ["title": ["$eq": "Dune"]])
        #expect(query.include == ["genre"])
        #expect(query.order == [.descending("year")])
        #expect(query.limit == 5)
        #expect(query.count)
        #expect(query.usesMethodOverride)
    }

    @Test("a query read back from its _method body equals the query built: how it travels is not part of it")
    func equalityIgnoresTransport() throws {
        var built = try ParseQuery(className: "Book")
        built.where("title", .equalTo("Dune"))
        built.limit = 5
        let read = try ParseQuery(className: "Book", findRequest: built.findRequestJSON(includingMethod: true))
        #expect(read.usesMethodOverride)
        #expect(read == built)
        #expect(Set([read, built]).count == 1)
        var other = built
        other.limit = 6
        #expect(other != built)
    }

    struct Shelf: ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
    }

    @Test("a typed Pointer is a constraint value as it is: equalTo, notEqualTo, containedIn, notContainedIn")
    func typedPointerConstraints() throws {
        let first = try TypedPointer<Shelf>(objectId: "s1")
        let second = try TypedPointer<Shelf>(objectId: "s2")
        var query = try ParseQuery(className: "Book")
        query.where("shelf", .equalTo(first))
        query.where("previous", .notEqualTo(first))
        query.where("near", .containedIn([first, second]))
        query.where("far", .notContainedIn([second]))
        let pointer = #"{"__type":"Pointer","className":"Shelf","objectId":"s1"}"#
        let other = #"{"__type":"Pointer","className":"Shelf","objectId":"s2"}"#
        #expect(try query.findRequestString() == #"{"where":{"shelf":\#(pointer),"previous":{"$ne":\#(pointer)},"near":{"$in":[\#(pointer),\#(other)]},"far":{"$nin":[\#(other)]}}}"#)
    }
}
