import Foundation
import ParseWire
import SeedModels
import Testing

/// The code of the article `Queries.md` in the documentation catalog: a find request built, written
/// in its two forms and read back strictly, the SDKs' other spellings, and the REST messages around
/// it. Public API only: a change that breaks the article breaks this suite.
@Suite struct QueriesGuideTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The query of the article: books of the 1960s in two genres, newest first, with their genre.
    static func sixtiesBooks() throws -> ParseQuery {
        var query = try ParseQuery(className: Book.className)
        query.where("publishingYear", .greaterThanOrEqualTo(1960))
        query.where("publishingYear", .lessThan(1970))
        query.where("genre", .containedIn([try TypedPointer<Genre>(objectId: "g1"), try TypedPointer<Genre>(objectId: "g2")]))
        query.include = ["genre"]
        query.order = [.descending("publishingYear"), .ascending("title")]
        query.limit = 20
        query.count = true
        return query
    }

    @Test("a find request: where, then the parameters, as the REST guide and the JS SDK write them")
    func build() throws {
        var query = try ParseQuery(className: Book.className)
        query.where("publishingYear", .greaterThanOrEqualTo(1960))
        query.where("publishingYear", .lessThan(1970))
        query.where("genre", .containedIn([try TypedPointer<Genre>(objectId: "g1"), try TypedPointer<Genre>(objectId: "g2")]))
        query.include = ["genre"]
        query.order = [.descending("publishingYear"), .ascending("title")]
        query.limit = 20
        query.count = true
        let body = try query.findRequestString(includingMethod: true)   // POST /classes/Book
        // {"_method":"GET","where":{"publishingYear":{"$gte":1960,"$lt":1970},
        //  "genre":{"$in":[{"__type":"Pointer","className":"Genre","objectId":"g1"},{"__type":"Pointer",…,"objectId":"g2"}]}},
        //  "include":"genre","order":"-publishingYear,title","limit":20,"count":true}
        let parameters = try query.queryString()                        // GET /classes/Book?…
        // where=%7B%22publishingYear%22…&include=genre&order=-publishingYear%2Ctitle&limit=20&count=1
        #expect(body == #"{"_method":"GET","where":{"publishingYear":{"$gte":1960,"$lt":1970},"#
            + #""genre":{"$in":[{"__type":"Pointer","className":"Genre","objectId":"g1"},"#
            + #"{"__type":"Pointer","className":"Genre","objectId":"g2"}]}},"#
            + #""include":"genre","order":"-publishingYear,title","limit":20,"count":true}"#)
        #expect(parameters.hasPrefix("where=%7B%22publishingYear%22"))
        #expect(parameters.hasSuffix("&include=genre&order=-publishingYear%2Ctitle&limit=20&count=1"))
        let whereText = try #require(parameters.split(separator: "&").first?.dropFirst("where=".count).removingPercentEncoding)
        #expect(whereText == #"{"publishingYear":{"$gte":1960,"$lt":1970},"genre":{"$in":[{"__type":"Pointer","className":"Genre","objectId":"g1"},"#
            + #"{"__type":"Pointer","className":"Genre","objectId":"g2"}]}}"#)
        #expect(query == (try Self.sixtiesBooks()))
    }

    @Test("equality is written bare")
    func equality() throws {
        var query = try ParseQuery(className: Book.className)
        query.where("title", .equalTo("Dune"))
        #expect(Self.text(try query.findRequestJSON()) == #"{"where":{"title":"Dune"}}"#)
    }

    @Test("a find request read back is the same query")
    func readBack() throws {
        let query = try Self.sixtiesBooks()
        let read = try ParseQuery(className: Book.className, findRequest: try query.findRequestJSON(includingMethod: true))
        #expect(read.usesMethodOverride)
        #expect(read.constraints == query.constraints)
        #expect(read.order == query.order && read.include == query.include && read.limit == 20 && read.count)
    }

    @Test("Parse-Swift's spellings read as the same request")
    func swiftSpellings() throws {
        let swift = #"{"_method":"GET","count":true,"include":["genre"],"limit":100,"skip":0,"where":{"title":{"$eq":"Dune"}}}"#
        let read = try ParseQuery(className: Book.className, findRequest: Array(swift.utf8))
        #expect(read.include == ["genre"])
        #expect(read.limit == 100)
        #expect(read.skip == 0)
        #expect(read.count)
        #expect(read.constraints["title"] == .map(["$eq": .string("Dune")]))
    }

    @Test("what the server refuses is refused with the code the article says", arguments: [
        (#"{"where":{},"limt":10}"#, 102),
        (#"{"where":{"1abc":1}}"#, 105),
        (#"{"where":{"title":{"$foo":1}}}"#, 107),
        (#"{"where":{"location":{"$centerSphere":{"__type":"GeoPoint","latitude":1,"longitude":2},"$geoWithin":0.1}}}"#, 107),
        (#"{"where":{"releaseDate":{"$ne":{"$relativeTime":"3 days ago"}}}}"#, 107),
    ])
    func refused(body: String, code: Int) throws {
        do {
            let query = try ParseQuery(className: "Book", findRequest: body)
            // {"where":{},"limt":10}                       → 102: an unknown parameter
            // {"where":{"1abc":1}}                         → 105: not a field name
            // {"where":{"title":{"$foo":1}}}               → 107: an unknown operator
            // {"where":{"releaseDate":{"$ne":{"$relativeTime":"3 days ago"}}}}  → 107
            Issue.record("accepted \(query)")
        } catch {
            #expect(error.parseCode == code, "\(error)")
        }
    }

    @Test("geo constraints are written in the form the server reads")
    func geo() throws {
        var inside = try ParseQuery(className: "Shop")
        inside.where("location", .withinPolygon(try ParsePolygon(points: [try GeoPoint(latitude: 0, longitude: 0),
                                                                        try GeoPoint(latitude: 0, longitude: 1),
                                                                        try GeoPoint(latitude: 1, longitude: 1)])))
        // {"where":{"location":{"$geoWithin":{"$polygon":{"__type":"Polygon","coordinates":[[0,0],[1,0],[1,1]]}}}}}
        var around = try ParseQuery(className: "Shop")
        around.where("location", .withinSphere(center: try GeoPoint(latitude: 40, longitude: -30), radians: 0.1))
        // {"where":{"location":{"$geoWithin":{"$centerSphere":[[-30,40],0.1]}}}}
        #expect(try inside.findRequestString()
            == #"{"where":{"location":{"$geoWithin":{"$polygon":{"__type":"Polygon","coordinates":[[0,0],[1,0],[1,1]]}}}}}"#)
        #expect(try around.findRequestString() == #"{"where":{"location":{"$geoWithin":{"$centerSphere":[[-30,40],0.1]}}}}"#)
    }

    @Test("messages: a find response, an error body, a batch of deletes, a function result")
    func messages() throws {
        let found = try ParseQueryResponse(className: "Book", decoding: #"{"results":[{"objectId":"b1","title":"Dune"}],"count":1}"#)
        let error = try ParseErrorResponse(decoding: #"{"code":101,"error":"Object not found."}"#)
        let code = error.code   // 101
        let deletes = ParseBatchRequest(requests: [.init(method: .delete, path: "/parse/classes/Item/i1"),
                                                   .init(method: .delete, path: "/parse/classes/Item/i2")])
        let batchBody = try deletes.encodedString()
        // {"requests":[{"method":"DELETE","path":"/parse/classes/Item/i1"},{"method":"DELETE","path":"/parse/classes/Item/i2"}]}
        let result = try ParseFunctionResponse(decoding: #"{"result":{"total":3}}"#)
        let total = result.result["total"]?.intValue   // 3
        #expect(found.count == 1)
        #expect(found.results.first?.objectId == "b1")
        #expect(code == 101)
        #expect(error.form == .parseError)
        #expect(batchBody
            == #"{"requests":[{"method":"DELETE","path":"/parse/classes/Item/i1"},{"method":"DELETE","path":"/parse/classes/Item/i2"}]}"#)
        #expect(total == 3)
    }

    @Test("the typed response snippet reads an error body as the failure")
    func typedResponseSnippet() throws {
        let body = #"{"code":101,"error":"Object not found."}"#
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        switch try ParseWireDecoder().decodeResponse(Recipe.self, from: body, statusCode: 404) {
        case .success(let recipe): print(recipe.name)
        case .failure(let error): print(error.code ?? 0, error.message)   // 101 Object not found.
        }
        #expect(printed == ["101 Object not found."])
    }
}
