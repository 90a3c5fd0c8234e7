import Testing
@testable import ParseWire

/// The REST messages around a save, a find, a batch and a Cloud function (`Vectors/spec/messages.md`, MSG-1 to MSG-6).
@Suite("REST messages")
struct MessageTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a find response reads its objects in the fetched form, an included pointer as an Object, and the count")
    func queryResponse() throws {
        let text = #"{"results":[{"objectId":"b1","createdAt":"2022-01-01T12:23:45.678Z","updatedAt":"2022-01-01T12:23:45.678Z","title":"Dune","genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"SF"},"authors":{"__type":"Relation","className":"Author"}}],"count":1}"#
        let response = try ParseQueryResponse(className: "Book", decoding: Self.bytes(text))
        #expect(response.count == 1)
        let book = try #require(response.results.first)
        #expect(book.objectId == "b1")
        #expect(book.createdAt == (try ParseDate(epochMilliseconds: 1_641_039_825_678)))
        guard case .object(let genre)? = book.fields["genre"] else {
            Issue.record("the included genre is not an Object: \(String(describing: book.fields["genre"]))")
            return
        }
        #expect(genre.fields["name"] == "SF")
        #expect(Self.text(try response.encoded()) == text)
    }

    @Test("a find response refuses a result with a bad createdAt, naming its path")
    func queryResponseError() {
        let text = #"{"results":[{"objectId":"b1"},{"objectId":"b2","createdAt":"yesterday"}]}"#
        #expect { try ParseQueryResponse(className: "Book", decoding: Self.bytes(text)) } throws: {
            ($0 as? ParseWireError)?.path == "$.results[1].createdAt"
        }
        #expect(throws: ParseWireError.self) { try ParseQueryResponse(className: "Book", decoding: Self.bytes(#"{"count":3}"#)) }
    }

    @Test("a create response holds objectId, createdAt and the values the server computed")
    func createResponse() throws {
        let text = #"{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z","servings":5}"#
        let response = try ParseSaveResponse(className: "Recipe", decoding: Self.bytes(text))
        #expect(response.kind == .create)
        #expect(response.objectId == "r1")
        #expect(response.fields == ["servings": 5])
        #expect(Self.text(try response.encoded()) == text)
    }

    @Test("an update response holds updatedAt and the op results")
    func updateResponse() throws {
        let text = #"{"updatedAt":"2022-01-01T12:23:45.678Z","n":11,"tags":["a","b"]}"#
        let response = try ParseSaveResponse(className: "Recipe", decoding: Self.bytes(text))
        #expect(response.kind == .update)
        #expect(response.updatedAt == (try ParseDate(epochMilliseconds: 1_641_039_825_678)))
        #expect(response.fields == ["n": 11, "tags": ["a", "b"]])
        #expect(Self.text(try response.encoded()) == text)
    }

    @Test("a save response with neither createdAt nor updatedAt is refused")
    func saveResponseShape() {
        #expect { try ParseSaveResponse(className: "Recipe", decoding: Self.bytes(#"{"objectId":"r1"}"#)) } throws: {
            ($0 as? ParseWireError)?.kind == .missingField
        }
    }

    @Test("an error body read as a save response says it is an error response, with its code and text")
    func errorBodyAsSaveResponse() throws {
        let error = try #require(throws: ParseWireError.self) {
            try ParseSaveResponse(className: "Recipe", decoding: Self.bytes(#"{"code":101,"error":"Object not found."}"#))
        }
        #expect(error.message.contains("an error response"), "\(error.message)")
        #expect(error.message.contains("101") && error.message.contains("Object not found."), "\(error.message)")
        #expect(error.message.contains("ParseErrorResponse"), "\(error.message)")
    }

    @Test("error bodies: a Parse.Error, an internal error with message, and a code-less parser error", arguments: [
        (#"{"code":101,"error":"Object not found."}"#, Int?.some(101), "Object not found.", ParseErrorResponse.Form.parseError),
        (#"{"code":1,"message":"Internal server error."}"#, 1, "Internal server error.", .internalError),
        (#"{"error":"Unexpected token } in JSON at position 9"}"#, nil, "Unexpected token } in JSON at position 9", .codeless),
    ])
    func errorBodies(text: String, code: Int?, message: String, form: ParseErrorResponse.Form) throws {
        let response = try ParseErrorResponse(decoding: Self.bytes(text))
        #expect(response.code == code)
        #expect(response.message == message)
        #expect(response.form == form)
        #expect(Self.text(response.encoded()) == text)
    }

    @Test("an error body with neither error nor message is refused")
    func errorBodyShape() {
        #expect(throws: ParseWireError.self) { try ParseErrorResponse(decoding: Self.bytes(#"{"code":1}"#)) }
    }

    @Test("a batch request holds save bodies, a delete without one, and the transaction flag")
    func batchRequest() throws {
        let text = #"{"requests":[{"method":"POST","path":"/parse/classes/Recipe","body":{"name":"Soup","servings":{"__op":"Increment","amount":1}}},{"method":"DELETE","path":"/parse/classes/Recipe/r2"}],"transaction":true}"#
        let request = try ParseBatchRequest(decoding: Self.bytes(text))
        #expect(request.requests.count == 2)
        #expect(request.requests[0].method == .post)
        #expect(request.requests[1].body == nil)
        #expect(request.transaction == true)
        #expect(Self.text(try request.encoded()) == text)
    }

    @Test("a batch request refuses a body that is not a save body, and a non-array requests", arguments: [
        #"{"requests":{"method":"POST"}}"#,
        #"{"requests":[{"method":"POST","path":"/parse/classes/Recipe","body":{"objectId":"x"}}]}"#,
        #"{"requests":[{"method":"PATCH","path":"/parse/classes/Recipe","body":{}}]}"#,
        #"{"requests":[{"method":"POST","path":"classes/Recipe","body":{}}]}"#,
    ])
    func batchRequestDefects(text: String) {
        #expect(throws: ParseWireError.self) { try ParseBatchRequest(decoding: Self.bytes(text)) }
    }

    @Test("a batch response holds a success or an error per request")
    func batchResponse() throws {
        let text = #"[{"success":{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}},{"error":{"code":101,"error":"Object not found."}},{"success":{}}]"#
        let response = try ParseBatchResponse(decoding: Self.bytes(text))
        #expect(response.items.count == 3)
        guard case .success(let first) = response.items[0], case .failure(let second) = response.items[1] else {
            Issue.record("unexpected items: \(response.items)")
            return
        }
        #expect(first["objectId"] == "r1")
        #expect(second.code == 101)
        #expect(Self.text(try response.encoded()) == text)
    }

    @Test("a Cloud function result holds any value, embedded Objects included")
    func functionResponse() throws {
        let text = #"{"result":{"best":{"__type":"Object","className":"Recipe","objectId":"r1","name":"Soup"},"when":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}}"#
        let response = try ParseFunctionResponse(decoding: Self.bytes(text))
        guard case .map(let result) = response.result, case .object(let best)? = result["best"] else {
            Issue.record("unexpected result: \(response.result)")
            return
        }
        #expect(best.className == "Recipe")
        #expect(Self.text(try response.encoded()) == text)
        #expect(throws: ParseWireError.self) { try ParseFunctionResponse(decoding: Self.bytes(#"{"results":1}"#)) }
    }
}
