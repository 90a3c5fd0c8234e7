import Testing
@testable import ParseWire

@Suite("Request keyword denylist")
struct KeywordDenylistTests {
    static func bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test("a key containing constructor or __proto__ is prohibited", arguments: [
        ("constructor", "constructor"), ("myconstructorField", "constructor"), ("constructorX", "constructor"),
        ("xconstructor", "constructor"), ("éconstructor", "constructor"), ("constructorconstructor", "constructor"),
        ("__proto__", "__proto__"), ("x__proto__y", "__proto__"), ("___proto__", "__proto__"), ("__proto__x", "__proto__"),
    ])
    func prohibitedKeys(key: String, keyword: String) throws {
        let error = try #require(KeywordDenylist.check(key: key))
        #expect(error.kind == .prohibitedKeyword)
        #expect(error.parseCode == 105)
        #expect(error.message.hasPrefix("Prohibited keyword in request data: the key \"\(key)\" contains \"\(keyword)\""))
        let fast = try #require(Self.bytes(key) { KeywordDenylist.check(key: $0) })
        #expect(fast == error)
    }

    @Test("the match is case-sensitive and needs the whole keyword, as the server's regular expressions do",
          arguments: ["Constructor", "CONSTRUCTOR", "construct", "constructo", "onstructor", "constr uctor",
                      "__proto_", "_proto__", "__PROTO__", "__Proto__", "prototype", "proto", "", "c", "_", "__"])
    func allowedKeys(key: String) {
        #expect(KeywordDenylist.check(key: key) == nil)
        #expect(Self.bytes(key) { KeywordDenylist.check(key: $0) } == nil)
    }

    @Test("a key containing _bsontype needs its value checked", arguments: [
        ("_bsontype", true), ("x_bsontype", true), ("_bsontypes", true),
        ("_BSONTYPE", false), ("bsontype", false), ("_bsontyp", false), ("_bson_type", false), ("", false),
    ])
    func bsonTypeKey(key: String, matches: Bool) {
        #expect(Self.bytes(key, KeywordDenylist.isBSONTypeKey) == matches)
        #expect(KeywordDenylist.check(key: key) == nil, "the key alone is not prohibited")
    }

    @Test("a string value containing Code completes the _bsontype entry", arguments: [
        ("Code", true), ("MyCode", true), ("Codes", true), ("code", false), ("CODE", false), ("Cod", false), ("", false),
    ])
    func bsonTypeValue(value: String, matches: Bool) {
        #expect(Self.bytes(value, KeywordDenylist.isBSONTypeCodeValue) == matches)
    }

    @Test("the _bsontype error is a prohibited keyword with code 105")
    func bsonTypeError() {
        let error = KeywordDenylist.bsonTypeCodeError()
        #expect(error.kind == .prohibitedKeyword)
        #expect(error.parseCode == 105)
        #expect(error.message.hasPrefix("Prohibited keyword in request data: {\"_bsontype\":\"Code\"}"))
    }
}
