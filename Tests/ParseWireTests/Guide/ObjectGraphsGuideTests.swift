import Foundation
import ParseWire
import SeedModels
import Testing

/// The seed model the article calls `Category` (Foundation on some platforms has one too).
private typealias Category = SeedModels.Category

/// The code of the article `ObjectGraphs.md` in the documentation catalog, step by step, with
/// the JSON each step writes or reads: every Swift block of the article is in this file, line for
/// line, each followed by the checks of what its comments say (`ArticleSnippetTests`). Public API
/// only: a change that breaks the article breaks this suite.
@Suite struct ObjectGraphsGuideTests {
    static let created = "2022-01-01T12:23:45.678Z"

    // MARK: - A Recipe's create, fetch, update and delete

    static func soup() throws -> Recipe {
        Recipe(name: "Tomato soup", servings: 4, price: 12.5, isAvailable: true, category: .lunch,
               ingredients: [Ingredient(quantity: 6, description: "tomatoes")], sideOptions: ["bread"],
               nutritionalInfo: ["calories": "180"], releaseDate: try ParseDate(isoString: created).date)
    }

    @Test("create: the save body has the fields and no server-owned keys")
    func create() throws {
        var soup = Recipe(name: "Tomato soup", servings: 4, price: 12.5, isAvailable: true, category: .lunch,
                          ingredients: [Ingredient(quantity: 6, description: "tomatoes")], sideOptions: ["bread"],
                          nutritionalInfo: ["calories": "180"], releaseDate: try ParseDate(isoString: "2022-01-01T12:23:45.678Z").date)
        let body = try ParseWireEncoder().encodeString(soup, as: .saveBody)
        // {"name":"Tomato soup","servings":4,"price":12.5,"isAvailable":true,"category":1,
        //  "ingredients":[{"quantity":6,"description":"tomatoes"}],"sideOptions":["bread"],
        //  "nutritionalInfo":{"calories":"180"},"releaseDate":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}
        #expect(body == #"{"name":"Tomato soup","servings":4,"price":12.5,"isAvailable":true,"category":1,"#
            + #""ingredients":[{"quantity":6,"description":"tomatoes"}],"sideOptions":["bread"],"#
            + #""nutritionalInfo":{"calories":"180"},"releaseDate":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}"#)
        soup.servings = 5
        #expect(try ParseWireEncoder().encodeString(soup, as: .saveBody) != body)
    }

    @Test("create response: the new objectId and createdAt are read and merged into the Recipe")
    func createResponse() throws {
        var soup = try Self.soup()
        let response = #"{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}"#
        // {"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}
        let created = try ParseSaveResponse(className: "Recipe", decoding: response)
        try created.merge(into: &soup)   // objectId "r1", createdAt and updatedAt 2022-01-01T12:23:45.678Z
        #expect(created.kind == .create)
        #expect(soup.objectId == "r1")
        #expect(soup.createdAt == (try ParseDate(isoString: Self.created).date))
        #expect(soup.updatedAt == soup.createdAt)
        #expect(created.fields.isEmpty)
    }

    @Test("update response: updatedAt and the values the operations computed")
    func updateResponse() throws {
        var soup = try Self.soup()
        let response = #"{"updatedAt":"2022-01-02T08:00:00.000Z","servings":6,"sideOptions":["bread","salad"]}"#
        // {"updatedAt":"2022-01-02T08:00:00.000Z","servings":6,"sideOptions":["bread","salad"]}
        let updated = try ParseSaveResponse(className: "Recipe", decoding: response)
        let computed = updated.fields    // ["servings": 6, "sideOptions": ["bread", "salad"]]
        try updated.merge(into: &soup)   // servings 6, sideOptions ["bread", "salad"], and updatedAt
        #expect(updated.kind == .update)
        #expect(computed == ["servings": .number(6), "sideOptions": .array([.string("bread"), .string("salad")])])
        #expect(soup.servings == 6)
        #expect(soup.sideOptions == ["bread", "salad"])
        #expect(soup.updatedAt == (try ParseDate(isoString: "2022-01-02T08:00:00.000Z").date))
    }

    @Test("fetch: the fetched object fills in the server-owned keys")
    func fetch() throws {
        let response = #"{"objectId":"r1","createdAt":"\#(Self.created)","updatedAt":"\#(Self.created)","#
            + #""name":"Tomato soup","servings":4,"price":12.5,"isAvailable":true,"category":1,"#
            + #""ingredients":[{"quantity":6,"description":"tomatoes"}],"sideOptions":["bread"],"#
            + #""nutritionalInfo":{"calories":"180"},"releaseDate":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}"#
        let recipe = try ParseWireDecoder().decode(Recipe.self, from: response, as: .fetchedObject)
        #expect(recipe.objectId == "r1")
        #expect(recipe.createdAt == (try ParseDate(isoString: Self.created).date))
        var expected = try Self.soup()
        expected.objectId = "r1"
        expected.createdAt = recipe.createdAt
        expected.updatedAt = recipe.updatedAt
        #expect(recipe == expected)
    }

    @Test("update: operations change fields on the server without reading them first")
    func update() throws {
        struct RecipeUpdate: Encodable {
            var servings: FieldOperation
            var sideOptions: FieldOperation
        }
        let update = RecipeUpdate(servings: .increment(2), sideOptions: .addUnique(["salad"]))
        let body = try ParseWireEncoder().encodeString(update, as: .updateBody)
        // {"servings":{"__op":"Increment","amount":2},"sideOptions":{"__op":"AddUnique","objects":["salad"]}}
        #expect(body == #"{"servings":{"__op":"Increment","amount":2},"sideOptions":{"__op":"AddUnique","objects":["salad"]}}"#)
    }

    // MARK: - A Book with Pointers and Relations

    @Test("a Book writes Pointers to its genre and ISBN, and its relations as column values")
    func bookSaveBody() throws {
        let book = Book(title: "Dune", publishingYear: 1965, genre: try TypedPointer(objectId: "g1"), isbn: try TypedPointer(objectId: "i1"))
        let body = try ParseWireEncoder().encodeString(book, as: .saveBody)
        // {"title":"Dune","publishingYear":1965,
        //  "genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},
        //  "isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},
        //  "authors":{"__type":"Relation","className":"Author"},"publishers":{"__type":"Relation","className":"Publisher"}}
        #expect(body == #"{"title":"Dune","publishingYear":1965,"#
            + #""genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},"#
            + #""isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},"#
            + #""authors":{"__type":"Relation","className":"Author"},"publishers":{"__type":"Relation","className":"Publisher"}}"#)
    }

    @Test("a Book fetched with include=genre keeps the Pointer and the included Genre")
    func bookWithIncludedGenre() throws {
        let response = #"{"objectId":"b1","title":"Dune","publishingYear":1965,"#
            + #""genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"Science fiction"},"#
            + #""isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},"#
            + #""authors":{"__type":"Relation","className":"Author"},"publishers":{"__type":"Relation","className":"Publisher"}}"#
        let book = try ParseWireDecoder().decode(Book.self, from: response, as: .fetchedObject)
        let genreId = book.genre.objectId              // "g1"
        let genreName = book.genre.included?.name      // "Science fiction"; nil when the response had only the Pointer
        #expect(genreId == "g1")
        #expect(genreName == "Science fiction")
        #expect(book.isbn.included == nil)
    }

    @Test("authors are added to and removed from a Book's relation by operations")
    func bookRelationOperations() throws {
        struct BookAuthorsUpdate: Encodable {
            var authors: FieldOperation
        }
        let add = BookAuthorsUpdate(authors: TypedRelation<Author>().add([try TypedPointer(objectId: "a1")]))
        let body = try ParseWireEncoder().encodeString(add, as: .updateBody)
        // {"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}
        #expect(body == #"{"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#)
        let remove = BookAuthorsUpdate(authors: TypedRelation<Author>().remove([try TypedPointer(objectId: "a1")]))
        #expect(try ParseWireEncoder().encodeString(remove, as: .updateBody)
            == #"{"authors":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#)
    }

    @Test("the $relatedTo query lists a Book's authors, and its results read as Authors")
    func bookAuthorsQuery() throws {
        var query = try ParseQuery(className: Author.className)
        query.relatedTo(try ParsePointer(className: Book.className, objectId: "b1"), key: "authors")
        query.order = [.ascending("name")]
        let body = try query.findRequestString(includingMethod: true)
        // {"_method":"GET","where":{"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},
        //  "key":"authors"}},"order":"name"}
        let parameters = try query.queryString()   // where=%7B%22%24relatedTo%22…&order=name
        #expect(body == #"{"_method":"GET","where":{"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"#
            + #""key":"authors"}},"order":"name"}"#)
        #expect(parameters.hasPrefix("where=%7B%22%24relatedTo%22"))
        #expect(parameters.hasSuffix("&order=name"))
        let response = #"{"results":[{"objectId":"a1","name":"Frank Herbert"}]}"#
        // {"results":[{"objectId":"a1","name":"Frank Herbert"}]}
        let authors = try ParseWireDecoder().decode(ParseQueryResults<Author>.self, from: response, as: .fetchedObject).results
        #expect(authors == [Author(objectId: "a1", name: "Frank Herbert")])
    }

    // MARK: - Item and Category, three ways

    @Test("way 1, a Pointer on the child: an item names its category")
    func pointerOnChild() throws {
        let bolt = Item(code: "B-12", title: "Bolt", category: try TypedPointer(objectId: "c1"))
        let body = try ParseWireEncoder().encodeString(bolt, as: .saveBody)
        // {"code":"B-12","title":"Bolt","category":{"__type":"Pointer","className":"Category","objectId":"c1"}}
        #expect(body == #"{"code":"B-12","title":"Bolt","category":{"__type":"Pointer","className":"Category","objectId":"c1"}}"#)
    }

    @Test("way 1: a category's items are found by a query on Item")
    func pointerOnChildQuery() throws {
        var query = try ParseQuery(className: Item.className)
        query.where("category", .equalTo(try TypedPointer<Category>(objectId: "c1")))
        let body = try query.findRequestString()
        // {"where":{"category":{"__type":"Pointer","className":"Category","objectId":"c1"}}}
        #expect(body == #"{"where":{"category":{"__type":"Pointer","className":"Category","objectId":"c1"}}}"#)
    }

    /// Clears an item's category: what the app sends for each item before it deletes the category.
    struct ItemCategoryUpdate: Encodable {
        var category: FieldOperation
    }

    @Test("way 1, on deleting the category: the app clears each item's Pointer (or deletes the items)")
    func pointerOnChildDelete() throws {
        let body = try ParseWireEncoder().encodeString(ItemCategoryUpdate(category: .delete), as: .updateBody)
        #expect(body == #"{"category":{"__op":"Delete"}}"#)
    }

    @Test("way 2, a Relation on the parent: membership changes by operations")
    func relationOnParent() throws {
        struct CategoryItemsUpdate: Encodable {
            var items: FieldOperation
        }
        let hardware = Category(title: "Hardware")
        let saveBody = try ParseWireEncoder().encodeString(hardware, as: .saveBody)
        // {"title":"Hardware","items":{"__type":"Relation","className":"Item"}}
        let update = CategoryItemsUpdate(items: hardware.items.remove([try TypedPointer(objectId: "i1")]))
        let body = try ParseWireEncoder().encodeString(update, as: .updateBody)
        // {"items":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}}
        #expect(saveBody == #"{"title":"Hardware","items":{"__type":"Relation","className":"Item"}}"#)
        #expect(body == #"{"items":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}}"#)
    }

    @Test("way 3, an array of Pointers on the parent: the SwiftData-style pair reads its own JSON")
    func arrayOfPointers() throws {
        var hardware = SwiftDataStyle.Category(objectId: "c1", title: "Hardware")
        hardware.items = [SwiftDataStyle.Item(objectId: "i1", name: "Bolt", category: hardware)]
        let json = try ParseWireEncoder().encodeString(hardware, as: .fetchedObject)
        // {"objectId":"c1","title":"Hardware","items":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}
        let read = try ParseWireDecoder().decode(SwiftDataStyle.Category.self, from: json, as: .fetchedObject)
        let items = read.items   // [SwiftDataStyle.Item(objectId: "i1")]: the Pointer, no name
        #expect(json == #"{"objectId":"c1","title":"Hardware","items":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}"#)
        #expect(items == [SwiftDataStyle.Item(objectId: "i1")])
    }

    @Test("way 3, on deleting an item: the app removes its Pointer from the array")
    func arrayOfPointersDelete() throws {
        struct CategoryArrayUpdate: Encodable {
            var items: FieldOperation
        }
        let bolt = try ParsePointer(className: "Item", objectId: "i1")
        let body = try ParseWireEncoder().encodeString(CategoryArrayUpdate(items: .remove([.pointer(bolt)])), as: .updateBody)
        #expect(body == #"{"items":{"__op":"Remove","objects":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}}"#)
    }

    @Test("a query's results of whole objects, written and read in the fetched-object mode")
    func queryResults() throws {
        struct Results<Element: Codable>: Codable { var results: [Element] }
        let sent = [Item(objectId: "i1", code: "B-12", title: "Bolt", category: try TypedPointer(objectId: "c1"))]
        let response = try ParseWireEncoder().encodeString(Results(results: sent), as: .fetchedObject)
        #expect(response == #"{"results":[{"objectId":"i1","code":"B-12","title":"Bolt","#
            + #""category":{"__type":"Pointer","className":"Category","objectId":"c1"}}]}"#)
        let items = try ParseWireDecoder().decode(ParseQueryResults<Item>.self, from: response, as: .fetchedObject).results
        #expect(items == sent)
    }
}
