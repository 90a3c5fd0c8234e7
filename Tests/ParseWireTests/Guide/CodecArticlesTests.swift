import Foundation
import ParseWire
import SeedModels
import Testing

/// The code of the articles `UsingTheCodec.md` and `NumbersDepthAndErrors.md`, line for line
/// (`ArticleSnippetTests`), run with the checks of what their comments say.
@Suite struct CodecArticlesTests {
    @Test("UsingTheCodec: a Pointer read strictly, an update body written canonically")
    func usingTheCodec() throws {
        let decoder = WireDecoder()                       // strict
        let value = try decoder.decode(#"{"__type":"Pointer","className":"Author","objectId":"a1"}"#)
        // value == .pointer(ParsePointer(className: "Author", objectId: "a1"))

        let body: ParseValue = ["title": "Soup", "servings": .operation(.increment(2))]
        let json = try WireEncoder().encodeString(body, context: .update)
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
}
