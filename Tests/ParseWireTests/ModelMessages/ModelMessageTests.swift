import Foundation
import SeedModels
import Testing
@testable import ParseWire

/// Codable models and the REST messages meet without re-encoding by hand: a find response read
/// into models, a batch request built from models, a save response or a batch success merged
/// into a model, and a body read as either what was asked for or the server's error.
@Suite("Models and messages")
struct ModelMessageTests {
    static func soup() throws -> Recipe {
        Recipe(name: "Tomato soup", servings: 4, price: 12.5, isAvailable: true, category: .lunch,
               ingredients: [Ingredient(quantity: 6, description: "tomatoes")], sideOptions: ["bread"],
               nutritionalInfo: ["calories": "180"], releaseDate: try ParseDate(isoString: "2022-01-01T12:23:45.678Z").date)
    }

    static let fetched = #"{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z","updatedAt":"2022-01-02T00:00:00.000Z","name":"Tomato soup","servings":4,"price":12.5,"isAvailable":true,"category":1,"ingredients":[{"quantity":6,"description":"tomatoes"}],"sideOptions":["bread"],"nutritionalInfo":{"calories":"180"},"releaseDate":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}"#

    @Test("a find response reads into ParseQueryResults of a model, with the count")
    func findResponseIntoModels() throws {
        let body = #"{"results":[\#(Self.fetched)],"count":7}"#
        let found = try ParseWireDecoder().decode(ParseQueryResults<Recipe>.self, from: body, as: .fetchedObject)
        #expect(found.results.map(\.objectId) == ["r1"])
        #expect(found.results[0].servings == 4)
        #expect(found.count == 7)
        let withoutCount = try ParseWireDecoder().decode(ParseQueryResults<Recipe>.self, from: #"{"results":[]}"#, as: .fetchedObject)
        #expect(withoutCount.results.isEmpty && withoutCount.count == nil)
    }

    @Test("a batch request item is built from a model: a save body for POST, an update body for PUT")
    func batchFromModels() throws {
        struct Servings: Encodable { var servings: FieldOperation }
        let request = ParseBatchRequest(requests: [
            try .init(method: .post, path: "/parse/classes/Recipe", encoding: Self.soup()),
            try .init(method: .put, path: "/parse/classes/Recipe/r1", encoding: Servings(servings: .increment(2))),
            .init(method: .delete, path: "/parse/classes/Recipe/r2"),
        ])
        let saveBody = try ParseWireEncoder().encodeString(Self.soup(), as: .saveBody)
        #expect(try request.encodedString() == #"{"requests":[{"method":"POST","path":"/parse/classes/Recipe","body":\#(saveBody)},{"method":"PUT","path":"/parse/classes/Recipe/r1","body":{"servings":{"__op":"Increment","amount":2}}},{"method":"DELETE","path":"/parse/classes/Recipe/r2"}]}"#)
        // The body is what the mode writes: a saved model's save body leaves out what the server owns.
        var saved = try Self.soup()
        saved.objectId = "r9"
        let item = try ParseBatchRequest.Item(method: .post, path: "/parse/classes/Recipe", encoding: saved)
        #expect(item.body == (try ParseValueDecoder().decode(saveBody, context: .update)))
        // A model is the body of a POST or a PUT only.
        #expect(throws: EncodingError.self) { try ParseBatchRequest.Item(method: .get, path: "/parse/classes/Recipe", encoding: saved) }
    }

    @Test("a create response merges into the model sent: id and both timestamps")
    func mergeCreate() throws {
        var soup = try Self.soup()
        try ParseSaveResponse(className: "Recipe", decoding: #"{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}"#).merge(into: &soup)
        let created = try ParseDate(isoString: "2022-01-01T12:23:45.678Z").date
        #expect(soup.objectId == "r1" && soup.createdAt == created && soup.updatedAt == created)
    }

    @Test("an update response merges its timestamp and the values the server computed")
    func mergeUpdate() throws {
        var soup = try Self.soup()
        soup.objectId = "r1"
        let response = try ParseSaveResponse(className: "Recipe", decoding: #"{"updatedAt":"2022-01-03T00:00:00.000Z","servings":6,"sideOptions":["bread","salad"]}"#)
        try response.merge(into: &soup)
        #expect(soup.servings == 6 && soup.sideOptions == ["bread", "salad"])
        #expect(soup.updatedAt == (try ParseDate(isoString: "2022-01-03T00:00:00.000Z").date))
        #expect(soup.objectId == "r1" && soup.name == "Tomato soup")
        // A computed value the model cannot hold is an error, and the model is left as it was.
        let before = soup
        let wrong = try ParseSaveResponse(className: "Recipe", decoding: #"{"updatedAt":"2022-01-04T00:00:00.000Z","servings":"six"}"#)
        #expect(throws: DecodingError.self) { try wrong.merge(into: &soup) }
        #expect(soup.servings == before.servings && soup.updatedAt == before.updatedAt)
    }

    @Test("a batch success item is a save response of the request's class")
    func batchSuccess() throws {
        let response = try ParseBatchResponse(decoding: #"[{"success":{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}},{"error":{"code":101,"error":"Object not found."}}]"#)
        guard case .success(let map) = response.items[0] else { Issue.record("not a success"); return }
        var soup = try Self.soup()
        try ParseSaveResponse(className: "Recipe", batchSuccess: map).merge(into: &soup)
        #expect(soup.objectId == "r1")
    }

    @Test("a body reads as what was asked for or as the server's error, by its shape or by the HTTP status")
    func responseOrError() throws {
        let decoder = ParseWireDecoder()
        let ok = try decoder.decodeResponse(Recipe.self, from: Self.fetched)
        #expect(try ok.get().objectId == "r1")
        let failed = try decoder.decodeResponse(Recipe.self, from: #"{"code":101,"error":"Object not found."}"#)
        guard case .failure(let error) = failed else { Issue.record("not a failure"); return }
        #expect(error.code == 101 && error.message == "Object not found.")
        #expect(throws: ParseErrorResponse.self) { try failed.get() }
        let serverError = try decoder.decodeResponse(Recipe.self, from: Data(#"{"code":1,"message":"Internal server error."}"#.utf8), statusCode: 500)
        #expect(serverError == .failure(ParseErrorResponse(code: 1, message: "Internal server error.", form: .internalError)))
        // With the status given, a success status reads the model, and its errors are the model's.
        #expect(throws: DecodingError.self) { try decoder.decodeResponse(Recipe.self, from: #"{"code":101,"error":"x"}"#, statusCode: 200) }
        // An error status whose body is no error body is an error, not a silent success.
        #expect(throws: ParseWireError.self) { try decoder.decodeResponse(Recipe.self, from: Self.fetched, statusCode: 404) }
    }
}
