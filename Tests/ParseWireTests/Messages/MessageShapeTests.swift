import Foundation
import Testing
@testable import ParseWire

/// The query and every REST message take `String`, `Data` or bytes and give `[UInt8]`, `Data` or
/// `String`, as the coders do, and the three shapes mean the same.
@Suite("One shape for message inputs and outputs")
struct MessageShapeTests {
    static let save = #"{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}"#
    static let find = #"{"results":[{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z","updatedAt":"2022-01-01T12:23:45.678Z","name":"Soup"}],"count":1}"#
    static let error = #"{"code":101,"error":"Object not found."}"#
    static let batch = #"{"requests":[{"method":"POST","path":"/parse/classes/Recipe","body":{"name":"Soup"}}]}"#
    static let batchResponse = #"[{"success":{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}},{"error":{"code":101,"error":"Object not found."}}]"#
    static let function = #"{"result":{"n":1}}"#
    static let query = #"{"where":{"name":"Soup"},"limit":5}"#

    @Test("String, Data and bytes read to the same message; [UInt8], Data and String write the same text")
    func shapes() throws {
        let saveValues = [try ParseSaveResponse(className: "Recipe", decoding: Self.save),
                          try ParseSaveResponse(className: "Recipe", decoding: Data(Self.save.utf8)),
                          try ParseSaveResponse(className: "Recipe", decoding: Array(Self.save.utf8))]
        #expect(Set(saveValues).count == 1)
        #expect(try saveValues[0].encodedString() == Self.save)
        #expect(try saveValues[0].encodedData() == Data(saveValues[0].encoded()))

        let findValue = try ParseQueryResponse(className: "Recipe", decoding: Self.find)
        #expect(findValue == (try ParseQueryResponse(className: "Recipe", decoding: Data(Self.find.utf8))))
        #expect(try findValue.encodedString() == Self.find && findValue.encodedData() == Data(Self.find.utf8))

        let errorValue = try ParseErrorResponse(decoding: Self.error)
        #expect(errorValue == (try ParseErrorResponse(decoding: Data(Self.error.utf8))))
        #expect(errorValue.encodedString() == Self.error && errorValue.encodedData() == Data(Self.error.utf8))

        let batchValue = try ParseBatchRequest(decoding: Self.batch)
        #expect(batchValue == (try ParseBatchRequest(decoding: Data(Self.batch.utf8))))
        #expect(try batchValue.encodedString() == Self.batch && batchValue.encodedData() == Data(Self.batch.utf8))

        let batchResponseValue = try ParseBatchResponse(decoding: Self.batchResponse)
        #expect(batchResponseValue == (try ParseBatchResponse(decoding: Data(Self.batchResponse.utf8))))
        #expect(try batchResponseValue.encodedString() == Self.batchResponse)
        #expect(try batchResponseValue.encodedData() == Data(Self.batchResponse.utf8))

        let functionValue = try ParseFunctionResponse(decoding: Self.function)
        #expect(functionValue == (try ParseFunctionResponse(decoding: Data(Self.function.utf8))))
        #expect(try functionValue.encodedString() == Self.function && functionValue.encodedData() == Data(Self.function.utf8))

        let queryValue = try ParseQuery(className: "Recipe", findRequest: Self.query)
        #expect(queryValue == (try ParseQuery(className: "Recipe", findRequest: Data(Self.query.utf8))))
        #expect(try queryValue.findRequestString() == Self.query)
        #expect(try queryValue.findRequestData() == Data(queryValue.findRequestJSON()))
    }

    @Test("a String input keeps the errors' byte offsets")
    func offsets() {
        let error = #expect(throws: ParseWireError.self) { try ParseErrorResponse(decoding: #"{"code":"x","error":"e"}"#) }
        #expect(error?.offset == 8)
    }
}
