import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// Failures surface as `DecodingError`/`EncodingError` with a located ``ParseWireError`` underneath.
@Suite struct ErrorTests {
    static let recipe = #"""
    {"name":"Pancakes","servings":4,"price":3.5,"isAvailable":true,"category":0,\#
    "ingredients":[{"quantity":1,"description":"egg"},{"quantity":0.5,"description":"milk"},{"quantity":QTY,"description":"flour"}],\#
    "sideOptions":["jam"],"nutritionalInfo":{"kcal":"300"},"releaseDate":{"__type":"Date","iso":"ISO"}}
    """#

    static func recipe(quantity: String = "2", iso: String = "2024-02-29T12:00:00.000Z", category: String = "0") -> String {
        recipe.replacingOccurrences(of: "QTY", with: quantity).replacingOccurrences(of: "ISO", with: iso)
            .replacingOccurrences(of: #""category":0"#, with: #""category":\#(category)"#)
    }

    @Test("the seed document decodes")
    func seedDecodes() throws {
        let recipe = try ParseWireDecoder().decode(Recipe.self, from: Self.recipe(), as: .fetchedObject)
        #expect(recipe.ingredients[2].quantity == 2)
        #expect(try ParseDate(recipe.releaseDate).isoString == "2024-02-29T12:00:00.000Z")
    }

    @Test("a wrong type is a typeMismatch at its path and offset")
    func wrongType() throws {
        let text = Self.recipe(quantity: #""two""#)
        let error = try #require(decodingFailure(Recipe.self, text))
        guard case DecodingError.typeMismatch = error else { Issue.record("\(error)"); return }
        let wire = try #require(wireError(error))
        #expect(wire.kind == .wrongFieldType)
        #expect(wire.path == "$.ingredients[2].quantity")
        #expect(wire.offset == offset(of: #""two""#, in: text))
    }

    @Test("a missing key is keyNotFound with the path of the key")
    func missingKey() throws {
        let text = Self.recipe().replacingOccurrences(of: #"{"quantity":2,"description":"flour"}"#, with: #"{"description":"flour"}"#)
        let error = try #require(decodingFailure(Recipe.self, text))
        guard case DecodingError.keyNotFound(let key, _) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "quantity")
        let wire = try #require(wireError(error))
        #expect(wire.kind == .missingField)
        #expect(wire.path == "$.ingredients[2].quantity")
        #expect(wire.offset == offset(of: #"{"description":"flour"}"#, in: text))
    }

    @Test("an invalid date is reported at its iso", arguments: ["2024-02-30T12:00:00.000Z", "2024-02-29T12:00:00Z", "2024-02-29T12:00:00.000+01:00"])
    func invalidDate(iso: String) throws {
        let text = Self.recipe(iso: iso)
        let error = try #require(decodingFailure(Recipe.self, text))
        guard case DecodingError.dataCorrupted = error else { Issue.record("\(error)"); return }
        let wire = try #require(wireError(error))
        #expect(wire.kind == .invalidDate)
        #expect(wire.path == "$.releaseDate.iso")
        #expect(wire.offset == offset(of: "\"\(iso)\"", in: text))
    }

    @Test("an unknown Int enum raw value is out of range at its path")
    func unknownEnumValue() throws {
        let error = try #require(decodingFailure(Recipe.self, Self.recipe(category: "7")))
        let wire = try #require(wireError(error))
        #expect(wire.kind == .outOfRange)
        #expect(wire.path == "$.category")
        #expect(wire.offset == offset(of: #"7,"ingredients""#, in: Self.recipe(category: "7")))
    }

    @Test("an out-of-range GeoPoint is reported at the coordinate")
    func geoPointOutOfRange() throws {
        struct Place: Codable { var location: GeoPoint }
        let text = #"{"location":{"__type":"GeoPoint","latitude":91,"longitude":0}}"#
        let wire = try #require(decodingFailure(Place.self, text).flatMap(wireError))
        #expect(wire.kind == .outOfRange)
        #expect(wire.path == "$.location.latitude")
        #expect(wire.offset == offset(of: "91", in: text))
    }

    @Test("a Pointer to the wrong class is a type mismatch (Parse code 111)")
    func pointerOfWrongClass() throws {
        var generator = SeedGenerator(seed: 1)
        let book = generator.book()
        let text = try ParseWireEncoder().encodeString(book, as: .fetchedObject)
            .replacingOccurrences(of: #""className":"Genre""#, with: #""className":"Author""#)
        let error = try #require(decodingFailure(Book.self, text, as: .fetchedObject))
        guard case DecodingError.typeMismatch = error else { Issue.record("\(error)"); return }
        let wire = try #require(wireError(error))
        #expect(wire.kind == .wrongFieldType)
        #expect(wire.parseCode == 111)
        #expect(wire.path == "$.genre")
        #expect(wire.offset == offset(of: #"{"__type":"Pointer","className":"Author""#, in: text))
    }

    @Test("an unsaved nested Parse object is an encoding error that names it")
    func unsavedNestedObject() throws {
        struct Shelf: Codable { var books: [Author] }
        let shelf = Shelf(books: [Author(objectId: "a1", name: "Saved"), Author(name: "Unsaved")])
        let error = try #require(encodingFailure(shelf))
        guard case EncodingError.invalidValue = error else { Issue.record("\(error)"); return }
        let wire = try #require(wireError(error))
        #expect(wire.kind == .invalidObjectId)
        #expect(wire.path == "$.books[1]")
        #expect(wire.message.contains("Author"))
    }

    @Test("a reference cycle is an encoding error, not a hang")
    func cycle() throws {
        final class Node: Codable {
            var name: String
            var next: Node?
            init(name: String) { self.name = name }
        }
        let first = Node(name: "a")
        first.next = Node(name: "b")
        first.next?.next = first
        let wire = try #require(encodingFailure(first).flatMap(wireError))
        #expect(wire.kind == .unrepresentable)
        #expect(wire.path == "$.next.next")
    }

    @Test("NaN, a date beyond year 9999 and a forbidden key cannot be encoded")
    func unencodable() throws {
        struct Values: Codable { var number: Double; var date: Date }
        #expect(encodingFailure(Values(number: .nan, date: Date())).flatMap(wireError)?.path == "$.number")
        let late = Values(number: 1, date: Date(timeIntervalSince1970: 300_000_000_000))
        #expect(encodingFailure(late).flatMap(wireError)?.kind == .invalidDate)
        #expect(encodingFailure(["a.b": "x"]).flatMap(wireError)?.kind == .invalidNestedKey)
        #expect(encodingFailure(["constructor": 1]).flatMap(wireError)?.kind == .prohibitedKeyword)
    }

    @Test("a syntax error is dataCorrupted with the scanner's offset")
    func syntax() throws {
        let error = try #require(decodingFailure(Recipe.self, #"{"name":}"#))
        guard case DecodingError.dataCorrupted = error else { Issue.record("\(error)"); return }
        #expect(wireError(error)?.kind == .jsonSyntax)
        #expect(wireError(error)?.offset == 8)
    }

    @Test("Pointer and Relation work with Foundation's coders in their keyed form, and check the class")
    func foundationCoders() throws {
        let book = Book(title: "Dune", publishingYear: 1965, genre: try TypedPointer(objectId: "g1"), isbn: try TypedPointer(objectId: "i1"),
                        authors: TypedRelation(), publishers: TypedRelation())
        let data = try JSONEncoder().encode(book)
        #expect(try JSONDecoder().decode(Book.self, from: data) == book)
        let text = String(decoding: try JSONEncoder().encode(try TypedPointer<Genre>(objectId: "g1")), as: UTF8.self)
        #expect(try ParseValueDecoder().decode(text) == .pointer(try ParsePointer(className: "Genre", objectId: "g1")))
        let wrongClass = Data(#"{"__type":"Pointer","className":"ISBN","objectId":"g1"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TypedPointer<Genre>.self, from: wrongClass) }
        let wrongType = Data(#"{"__type":"Relation","className":"Genre","objectId":"g1"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TypedPointer<Genre>.self, from: wrongType) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TypedRelation<Author>.self, from: Data(#"{"__type":"Relation","className":"Genre"}"#.utf8)) }
    }

    @Test("a missing field names the object it is missing from, not a byte as if the error were there")
    func missingFieldOffset() throws {
        struct Dated: Decodable { let d: Date }
        struct Outer: Decodable { let inner: Dated }
        let error = try #require(throws: DecodingError.self) { try ParseWireDecoder().decode(Outer.self, from: #"{"inner":{"x":1}}"#) }
        let description = "\(error)"
        #expect(description.contains("missing-field (Parse code 111) in the object at byte 9, $.inner.d"), "\(description)")
    }
}
