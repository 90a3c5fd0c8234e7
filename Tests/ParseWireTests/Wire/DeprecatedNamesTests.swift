import Testing
import ParseWire
import SeedModels

/// Code written against the names the types had before they said which is which still compiles and
/// behaves the same. The test is itself deprecated so that its uses of the old names warn nobody.
@Suite struct DeprecatedNamesTests {
    @available(*, deprecated, message: "uses the deprecated names on purpose")
    @Test("the old names are the renamed types")
    func oldNamesAreTheNewTypes() {
        #expect(WireEncoder.self == ParseValueEncoder.self)
        #expect(WireDecoder.self == ParseValueDecoder.self)
        #expect(WireEncodingOptions.self == ParseValueEncodingOptions.self)
        #expect(WireDecodingOptions.self == ParseValueDecodingOptions.self)
        #expect(Pointer<Author>.self == TypedPointer<Author>.self)
        #expect(Relation<Author>.self == TypedRelation<Author>.self)
    }

    @available(*, deprecated, message: "uses the deprecated names on purpose")
    @Test("code spelled with the old names round-trips a pointer")
    func oldNamesStillWork() throws {
        let pointer = try Pointer<Author>(objectId: "a1")
        let text = try WireEncoder(options: WireEncodingOptions()).encodeString(.pointer(pointer.parsePointer))
        #expect(text == #"{"__type":"Pointer","className":"Author","objectId":"a1"}"#)
        let value = try WireDecoder(options: WireDecodingOptions.strict).decode(text)
        #expect(value == .pointer(pointer.parsePointer))
    }
}
