import Foundation
import ParseWire
import SeedModels
import Testing

/// The Codable example of the DocC article `ParseWire.docc/CodableBridge.md`, line for line
/// (`ArticleSnippetTests`), kept compiling and passing.
@Suite struct ReadmeExampleTests {
    @Test("the README example runs")
    func readme() throws {
        // A Recipe to wire JSON and back.
        let recipe = Recipe(
            name: "Pancakes", servings: 4, price: 3.5, isAvailable: true, category: .breakfast,
            ingredients: [Ingredient(quantity: 0.5, description: "milk")], sideOptions: ["jam"],
            nutritionalInfo: ["kcal": "300"], releaseDate: Date(timeIntervalSince1970: 1_700_000_000))
        let body = try ParseWireEncoder().encode(recipe, as: .saveBody)   // POST /classes/Recipe
        let back = try ParseWireDecoder().decode(Recipe.self, from: body, as: .saveBody)

        // A Book with pointers and relations, and an update that adds an author.
        let book = Book(title: "Dune", publishingYear: 1965,
                        genre: try TypedPointer(objectId: "g1"), isbn: try TypedPointer(objectId: "i1"),
                        authors: TypedRelation(), publishers: TypedRelation())
        let json = try ParseWireEncoder().encodeString(book, as: .saveBody)
        // {"title":"Dune","publishingYear":1965,"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},…}
        struct AddAuthor: Encodable { var authors: FieldOperation }
        let update = AddAuthor(authors: book.authors.add([try TypedPointer(objectId: "a1")]))
        let patch = try ParseWireEncoder().encodeString(update, as: .updateBody)
        // {"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}
        #expect(back == recipe)
        #expect(json.hasPrefix(#"{"title":"Dune","publishingYear":1965,"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}"#))
        #expect(patch == #"{"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#)
    }
}
