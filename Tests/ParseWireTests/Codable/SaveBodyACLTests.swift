import Testing
@testable import ParseWire
import SeedModels

/// The ACL of a save body follows the server's nested-key rule on its principals, in the Codable
/// bridge as in the wire codec.
@Suite struct SaveBodyACLTests {
    @Test("a principal holding $ or . is refused in a save body, both ways, and kept in a fetched object")
    func principalsInSaveBody() throws {
        var acl = ParseACL()
        try acl.setGrant(.init(read: true), for: "a.b")
        let item = Genre(objectId: nil, createdAt: nil, updatedAt: nil, ACL: acl, name: "n")
        for mode in [ParseWireMode.saveBody, .updateBody] {
            let error = try #require(encodingFailure(item, as: mode))
            #expect(wireError(error)?.kind == .invalidACL)
            #expect(wireError(error)?.parseCode == 121)
            let text = #"{"ACL":{"a.b":{"read":true}},"name":"n"}"#
            let decodeError = try #require(decodingFailure(Genre.self, text, as: mode))
            #expect(wireError(decodeError)?.parseCode == 121)
        }
        let fetched = try ParseWireEncoder().encodeBytes(item, as: .fetchedObject)
        #expect(try ParseWireDecoder().decode(Genre.self, from: fetched, as: .fetchedObject).ACL == acl)
    }
}

/// A `[String: String]` reads only what the encoder would write: a plain map of nested keys.
@Suite struct StringMapReadingTests {
    struct Info: Codable {
        let nutritionalInfo: [String: String]
    }

    @Test("a typed value where a map of strings is expected is refused as wrong-field-type")
    func typedValueIsNoMap() throws {
        let text = #"{"nutritionalInfo":{"__type":"Date","iso":"2022-01-01T00:00:00.000Z"}}"#
        let error = try #require(decodingFailure(Info.self, text))
        #expect(wireError(error)?.kind == .wrongFieldType)
        #expect(wireError(error)?.path == "$.nutritionalInfo")
    }

    @Test("a key the encoder refuses is refused when read", arguments: [
        (#"{"nutritionalInfo":{"$kcal":"1"}}"#, ParseWireError.Kind.invalidNestedKey),
        (#"{"nutritionalInfo":{"a.b":"1"}}"#, .invalidNestedKey),
        (#"{"nutritionalInfo":{"__op":"x"}}"#, .reservedKey),
    ])
    func refusedKeys(text: String, kind: ParseWireError.Kind) throws {
        let error = try #require(decodingFailure(Info.self, text))
        #expect(wireError(error)?.kind == kind)
        #expect(encodingFailure(Info(nutritionalInfo: ["$kcal": "1"])) != nil)
    }
}
