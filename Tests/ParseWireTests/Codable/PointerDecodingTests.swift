import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// `Pointer` decoding: the plain shape read in place, and every other shape with the same
/// result and errors as the wire decoder's checks.
@Suite struct PointerDecodingTests {
    struct Holder: Decodable {
        var genre: TypedPointer<Genre>
    }

    static func holder(_ pointer: String) -> String { #"{"genre":\#(pointer)}"# }

    @Test("a Pointer decodes in any key order and with escapes", arguments: [
        (#"{"__type":"Pointer","className":"Genre","objectId":"g1"}"#, "g1"),
        (#"{"objectId":"g1","className":"Genre","__type":"Pointer"}"#, "g1"),
        (#"{"className":"Genre","__type":"Pointer","objectId":"g\u00e9"}"#, "gé"),
        (#"{"__type":"Pointer","className":"Gen\u0072e","objectId":"g1"}"#, "g1"),
        (#"{"\u005f_type":"Pointer","className":"Genre","objectId":"g1"}"#, "g1"),
        (#"{"__type":"Pointer","className":"Genre","objectId":"\u0067\"1"}"#, "g\"1"),
    ])
    func decodes(pointer: String, objectId: String) throws {
        #expect(try ParseWireDecoder().decode(Holder.self, from: Self.holder(pointer)).genre.objectId == objectId)
    }

    @Test("a malformed Pointer fails with the wire decoder's kind at the member's path", arguments: [
        (#"{"__type":"Pointer","className":"Genre","objectId":""}"#, ParseWireError.Kind.invalidObjectId, "$.genre.objectId"),
        (#"{"__type":"Pointer","className":"Genre","objectId":"a$b"}"#, .invalidObjectId, "$.genre.objectId"),
        (#"{"__type":"Pointer","className":"Author","objectId":"g1"}"#, .wrongFieldType, "$.genre"),
        (#"{"__type":"Pointer","className":"Genre","objectId":7}"#, .wrongFieldType, "$.genre.objectId"),
        (#"{"__type":"Pointer","className":"Genre","id":"g1"}"#, .unexpectedField, "$.genre.id"),
        (#"{"__type":"Pointer","className":"Genre"}"#, .missingField, "$.genre"),
        (#"{"__type":"Relation","className":"Genre","objectId":"g1"}"#, .wrongFieldType, "$.genre"),
        (#"{"__type":7,"className":"Genre","objectId":"g1"}"#, .wrongFieldType, "$.genre"),
        (#""g1""#, .wrongFieldType, "$.genre"),
    ])
    func fails(pointer: String, kind: ParseWireError.Kind, path: String) throws {
        let wire = try #require(decodingFailure(Holder.self, Self.holder(pointer)).flatMap(wireError))
        #expect(wire.kind == kind)
        #expect(wire.path == path)
    }
}
