import Foundation
import ParseWire
import SeedModels
import Testing

/// The code of the article `ObjectGraphs.md` in the documentation catalog, step by step, with
/// the JSON each step writes or reads. Public API only: a change that breaks the article breaks
/// this suite.
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
        let body = try ParseWireEncoder().encodeString(try Self.soup(), as: .saveBody)
        #expect(body == #"{"name":"Tomato soup","servings":4,"price":12.5,"isAvailable":true,"category":1,"#
            + #""ingredients":[{"quantity":6,"description":"tomatoes"}],"sideOptions":["bread"],"#
            + #""nutritionalInfo":{"calories":"180"},"releaseDate":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}}"#)
    }

    @Test("create response: the new objectId and createdAt are read and merged into the Recipe")
    func createResponse() throws {
        let response = #"{"objectId":"r1","createdAt":"2022-01-01T12:23:45.678Z"}"#
        let created = try ParseSaveResponse(className: "Recipe", decoding: response)
        var soup = try Self.soup()
        soup.objectId = created.objectId
        soup.createdAt = created.createdAt?.date
        soup.updatedAt = created.createdAt?.date
        #expect(created.kind == .create)
        #expect(soup.objectId == "r1")
        #expect(soup.createdAt == (try ParseDate(isoString: Self.created).date))
        #expect(created.fields.isEmpty)
    }

    @Test("update response: updatedAt and the values the operations computed")
    func updateResponse() throws {
        let response = #"{"updatedAt":"2022-01-02T08:00:00.000Z","servings":6,"sideOptions":["bread","salad"]}"#
        let updated = try ParseSaveResponse(className: "Recipe", decoding: response)
        var soup = try Self.soup()
        soup.updatedAt = updated.updatedAt?.date
        if let servings = updated.fields["servings"]?.intValue { soup.servings = servings }
        if let sides = updated.fields["sideOptions"]?.arrayValue { soup.sideOptions = sides.compactMap(\.stringValue) }
        #expect(updated.kind == .update)
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

    /// An update of two fields of a Recipe, as operations.
    struct RecipeUpdate: Encodable {
        var servings: FieldOperation
        var sideOptions: FieldOperation
    }

    @Test("update: operations change fields on the server without reading them first")
    func update() throws {
        let update = RecipeUpdate(servings: .increment(2), sideOptions: .addUnique(["salad"]))
        let body = try ParseWireEncoder().encodeString(update, as: .updateBody)
        #expect(body == #"{"servings":{"__op":"Increment","amount":2},"sideOptions":{"__op":"AddUnique","objects":["salad"]}}"#)
    }

    // MARK: - A Book with Pointers and Relations

    @Test("a Book writes Pointers to its genre and ISBN, and its relations as column values")
    func bookSaveBody() throws {
        let book = Book(title: "Dune", publishingYear: 1965, genre: try TypedPointer(objectId: "g1"), isbn: try TypedPointer(objectId: "i1"))
        let body = try ParseWireEncoder().encodeString(book, as: .saveBody)
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
        #expect(book.genre.objectId == "g1")
        #expect(book.genre.included?.name == "Science fiction")
        #expect(book.isbn.included == nil)
    }

    /// Adds authors to a Book's relation.
    struct BookAuthorsUpdate: Encodable {
        var authors: FieldOperation
    }

    @Test("authors are added to and removed from a Book's relation by operations")
    func bookRelationOperations() throws {
        let herbert = try TypedPointer<Author>(objectId: "a1")
        let add = BookAuthorsUpdate(authors: TypedRelation<Author>().add([herbert]))
        #expect(try ParseWireEncoder().encodeString(add, as: .updateBody)
            == #"{"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#)
        let remove = BookAuthorsUpdate(authors: TypedRelation<Author>().remove([herbert]))
        #expect(try ParseWireEncoder().encodeString(remove, as: .updateBody)
            == #"{"authors":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#)
    }

    @Test("the $relatedTo query lists a Book's authors, and its results read as Authors")
    func bookAuthorsQuery() throws {
        let book = Book(objectId: "b1", title: "Dune", publishingYear: 1965, genre: try TypedPointer(objectId: "g1"), isbn: try TypedPointer(objectId: "i1"))
        var query = try ParseQuery(className: Author.className)
        query.relatedTo(try ParsePointer(className: Book.className, objectId: try #require(book.objectId)), key: "authors")
        query.order = [.ascending("name")]
        let body = String(decoding: try query.findRequestJSON(includingMethod: true), as: UTF8.self)
        #expect(body == #"{"_method":"GET","where":{"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"#
            + #""key":"authors"}},"order":"name"}"#)
        let parameters = try query.queryString()
        #expect(parameters.hasPrefix("where=%7B%22%24relatedTo%22"))
        #expect(parameters.hasSuffix("&order=name"))
        struct Results<Element: Codable>: Codable { var results: [Element] }
        let response = #"{"results":[{"objectId":"a1","name":"Frank Herbert"}]}"#
        let authors = try ParseWireDecoder().decode(Results<Author>.self, from: response, as: .fetchedObject).results
        #expect(authors == [Author(objectId: "a1", name: "Frank Herbert")])
    }

    // MARK: - Item and Category, three ways

    @Test("way 1, a Pointer on the child: an item names its category")
    func pointerOnChild() throws {
        let bolt = Item(code: "B-12", title: "Bolt", category: try TypedPointer(objectId: "c1"))
        #expect(try ParseWireEncoder().encodeString(bolt, as: .saveBody)
            == #"{"code":"B-12","title":"Bolt","category":{"__type":"Pointer","className":"Category","objectId":"c1"}}"#)
    }

    @Test("way 1: a category's items are found by a query on Item")
    func pointerOnChildQuery() throws {
        var query = try ParseQuery(className: Item.className)
        query.where("category", .equalTo(.pointer(try TypedPointer<SeedModels.Category>(objectId: "c1").parsePointer)))
        #expect(String(decoding: try query.findRequestJSON(), as: UTF8.self)
            == #"{"where":{"category":{"__type":"Pointer","className":"Category","objectId":"c1"}}}"#)
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

    /// Adds or removes items of a Category's relation.
    struct CategoryItemsUpdate: Encodable {
        var items: FieldOperation
    }

    @Test("way 2, a Relation on the parent: membership changes by operations")
    func relationOnParent() throws {
        let hardware = Category(title: "Hardware")
        #expect(try ParseWireEncoder().encodeString(hardware, as: .saveBody)
            == #"{"title":"Hardware","items":{"__type":"Relation","className":"Item"}}"#)
        let bolt = try TypedPointer<Item>(objectId: "i1")
        let body = try ParseWireEncoder().encodeString(CategoryItemsUpdate(items: hardware.items.remove([bolt])), as: .updateBody)
        #expect(body == #"{"items":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}}"#)
    }

    @Test("way 3, an array of Pointers on the parent: the SwiftData-style pair reads its own JSON")
    func arrayOfPointers() throws {
        var hardware = SwiftDataStyle.Category(objectId: "c1", title: "Hardware")
        let bolt = SwiftDataStyle.Item(objectId: "i1", name: "Bolt", category: hardware)
        hardware.items = [bolt]
        let body = try ParseWireEncoder().encodeString(hardware, as: .fetchedObject)
        #expect(body == #"{"objectId":"c1","title":"Hardware","items":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}"#)
        let read = try ParseWireDecoder().decode(SwiftDataStyle.Category.self, from: body, as: .fetchedObject)
        #expect(read.items == [SwiftDataStyle.Item(objectId: "i1")])
    }

    @Test("way 3, on deleting an item: the app removes its Pointer from the array")
    func arrayOfPointersDelete() throws {
        let bolt = try ParsePointer(className: "Item", objectId: "i1")
        let body = try ParseWireEncoder().encodeString(CategoryItemsUpdate(items: .remove([.pointer(bolt)])), as: .updateBody)
        #expect(body == #"{"items":{"__op":"Remove","objects":[{"__type":"Pointer","className":"Item","objectId":"i1"}]}}"#)
    }

    @Test("a query's results of whole objects, written and read in the fetched-object mode")
    func queryResults() throws {
        struct Results<Element: Codable>: Codable { var results: [Element] }
        let items = [Item(objectId: "i1", code: "B-12", title: "Bolt", category: try TypedPointer(objectId: "c1"))]
        let text = try ParseWireEncoder().encodeString(Results(results: items), as: .fetchedObject)
        #expect(text == #"{"results":[{"objectId":"i1","code":"B-12","title":"Bolt","#
            + #""category":{"__type":"Pointer","className":"Category","objectId":"c1"}}]}"#)
        #expect(try ParseWireDecoder().decode(Results<Item>.self, from: text, as: .fetchedObject).results == items)
    }
}
