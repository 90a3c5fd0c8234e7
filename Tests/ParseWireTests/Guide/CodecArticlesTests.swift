import Foundation
import ParseWire
import SeedModels
import Testing

/// The code of the articles `UsingTheCodec.md` and `NumbersDepthAndErrors.md`, line for line
/// (`ArticleSnippetTests`), run with the checks of what their comments say.
@Suite struct CodecArticlesTests {
    @Test("UsingTheCodec: a Pointer read strictly, an update body written canonically")
    func usingTheCodec() throws {
        let decoder = ParseValueDecoder()                       // strict
        let value = try decoder.decode(#"{"__type":"Pointer","className":"Author","objectId":"a1"}"#)
        // value == .pointer(ParsePointer(className: "Author", objectId: "a1"))

        let body: ParseValue = ["title": "Soup", "servings": .operation(.increment(2))]
        let json = try ParseValueEncoder().encodeString(body, context: .update)
        // {"title":"Soup","servings":{"__op":"Increment","amount":2}}
        #expect(value == .pointer(try ParsePointer(className: "Author", objectId: "a1")))
        #expect(json == #"{"title":"Soup","servings":{"__op":"Increment","amount":2}}"#)
    }

    @Test("NumbersDepthAndErrors: the ParseWireError inside a DecodingError, in one line")
    func errorInOneLine() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let data = Data(#"{"name":"Soup","servings":"four"}"#.utf8)
        var recipe: Recipe?
        do {
            recipe = try ParseWireDecoder().decode(Recipe.self, from: data)
        } catch {
            if let wire = ParseWireError(from: error) { print(wire.kind, wire.path, wire.message) }
        }
        // or, on a caught DecodingError / EncodingError: error.parseWireError
        #expect(recipe == nil)
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("wrong-field-type $.servings ") == true, "\(printed)")
    }

    @Test("CodableBridge: every option of the table is set by the name the article gives it")
    func optionsTable() throws {
        var encoder = ParseWireEncoder(); encoder.options.nilPolicy = .delete
        encoder.options.dataEncoding = .base64String
        encoder.options.maximumDepth = 512
        encoder.options.userInfo = [:]
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var decoder = ParseWireDecoder()
        decoder.options.dataEncoding = .bytes
        decoder.options.userInfo = [:]
        decoder.options.wire.enable(.dateWithoutMillis)
        decoder.options.wire.limits.maximumDepth = 512
        decoder.options.wire.limits.maximumBytes = 64 << 20
        #expect(JSONLimits().maximumBytes == 64 << 20)
        #expect(ParseWireEncodingOptions().nilPolicy == .omit && ParseWireEncodingOptions().dataEncoding == .bytes)
        struct Update: Encodable { var servings: Int? }
        #expect(try encoder.encodeString(Update(servings: nil), as: .updateBody).contains(#""__op" : "Delete""#))
    }
}
