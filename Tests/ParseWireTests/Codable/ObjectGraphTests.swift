import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// Object graphs: nested Parse objects read from a Pointer or an included object, `Pointer`'s
/// included object, and arrays and envelopes of objects at the top of a fetched-object document.
@Suite struct ObjectGraphTests {
    static let date = ParseDate(uncheckedEpochMilliseconds: 1_641_039_825_678).date
    static let iso = "2022-01-01T12:23:45.678Z"

    /// A class whose properties other than `objectId` are optional: a Pointer is enough to build one.
    struct Tag: ParseObject, Equatable {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var label: String?
    }

    struct Note: Codable, Equatable {
        var tag: Tag
    }

    @Test("a nested object whose other properties are optional decodes from a Pointer into one that holds only its objectId")
    func objectFromPointer() throws {
        let text = #"{"tag":{"__type":"Pointer","className":"Tag","objectId":"t1"}}"#
        let note = try ParseWireDecoder().decode(Note.self, from: text)
        #expect(note == Note(tag: Tag(objectId: "t1")))
        #expect(try ParseWireEncoder().encodeString(note) == text)
    }

    @Test("a Pointer read as an object is checked as a Pointer", arguments: [
        (#"{"__type":"Pointer","className":"Genre","objectId":"t1"}"#, ParseWireError.Kind.wrongFieldType, "$.tag"),
        (#"{"__type":"Pointer","className":"Tag","objectId":"a$b"}"#, .invalidObjectId, "$.tag.objectId"),
        (#"{"__type":"Pointer","className":"Tag"}"#, .missingField, "$.tag"),
        (#"{"__type":"Pointer","className":"Tag","objectId":"t1","label":"x"}"#, .unexpectedField, "$.tag.label"),
    ])
    func pointerChecked(pointer: String, kind: ParseWireError.Kind, path: String) throws {
        let wire = try #require(decodingFailure(Note.self, #"{"tag":\#(pointer)}"#).flatMap(wireError))
        #expect(wire.kind == kind)
        #expect(wire.path == path)
    }

    @Test("a nested object that a Pointer cannot build fails with what to do")
    func objectNeedsMoreThanPointer() throws {
        struct Shelf: Codable { var author: Author }
        let text = #"{"author":{"__type":"Pointer","className":"Author","objectId":"a1"}}"#
        let wire = try #require(decodingFailure(Shelf.self, text).flatMap(wireError))
        #expect(wire.kind == .wrongFieldType)
        #expect(wire.path == "$.author")
        #expect(wire.offset == offset(of: #"{"__type":"Pointer""#, in: text))
        for advice in [#""name""#, "Pointer<Author>", "optional", "include"] {
            #expect(wire.message.contains(advice), "\(wire.message) should mention \(advice)")
        }
    }

    @Test("the one-to-many pair with an optional to-one and the inverse to-many reads its own JSON", arguments: ParseWireMode.all)
    func oneToManyRoundTrip(mode: ParseWireMode) throws {
        var hardware = SwiftDataStyle.Category(objectId: "c1", createdAt: Self.date, title: "Hardware")
        let bolt = SwiftDataStyle.Item(objectId: "i1", createdAt: Self.date, name: "Bolt", category: hardware)
        let nut = SwiftDataStyle.Item(objectId: "i2", name: "Nut", category: hardware)
        hardware.items = [bolt, nut]

        let itemText = try ParseWireEncoder().encodeString(bolt, as: mode)
        #expect(itemText.contains(#""category":{"__type":"Pointer","className":"Category","objectId":"c1"}"#))
        let item = try ParseWireDecoder().decode(SwiftDataStyle.Item.self, from: itemText, as: mode)
        #expect(item.name == "Bolt")
        #expect(item.category == SwiftDataStyle.Category(objectId: "c1"))
        #expect(try ParseWireEncoder().encodeString(item, as: mode) == itemText)

        let categoryText = try ParseWireEncoder().encodeString(hardware, as: mode)
        #expect(categoryText.contains(#""items":[{"__type":"Pointer","className":"Item","objectId":"i1"},{"__type":"Pointer","className":"Item","objectId":"i2"}]"#))
        let category = try ParseWireDecoder().decode(SwiftDataStyle.Category.self, from: categoryText, as: mode)
        #expect(category.items == [SwiftDataStyle.Item(objectId: "i1"), SwiftDataStyle.Item(objectId: "i2")])
        #expect(try ParseWireEncoder().encodeString(category, as: mode) == categoryText)
    }

    @Test("an included object decodes fully into a nested object property")
    func includedObjectProperty() throws {
        let text = #"{"objectId":"i1","name":"Bolt","category":{"__type":"Object","className":"Category","objectId":"c1","createdAt":"\#(Self.iso)","title":"Hardware"}}"#
        let item = try ParseWireDecoder().decode(SwiftDataStyle.Item.self, from: text, as: .fetchedObject)
        #expect(item.category == SwiftDataStyle.Category(objectId: "c1", createdAt: Self.date, title: "Hardware"))
    }

    // MARK: - Pointer and its included object

    struct Shelf: Codable, Equatable {
        var genre: TypedPointer<Genre>
    }

    @Test("a Pointer property decodes from an included object, keeps it, and encodes as a Pointer")
    func pointerFromIncludedObject() throws {
        let included = #"{"genre":{"__type":"Object","className":"Genre","objectId":"g1","createdAt":"\#(Self.iso)","name":"Science fiction"}}"#
        let shelf = try ParseWireDecoder().decode(Shelf.self, from: included)
        #expect(shelf.genre.objectId == "g1")
        #expect(shelf.genre.included == Genre(objectId: "g1", createdAt: Self.date, name: "Science fiction"))
        #expect(shelf == Shelf(genre: try TypedPointer(objectId: "g1")))
        #expect(try ParseWireEncoder().encodeString(shelf) == #"{"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}"#)
    }

    @Test("a Pointer property read from a Pointer has no included object")
    func pointerWithoutIncludedObject() throws {
        let shelf = try ParseWireDecoder().decode(Shelf.self, from: #"{"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}"#)
        #expect(shelf.genre.objectId == "g1")
        #expect(shelf.genre.included == nil)
    }

    @Test("an included object for a Pointer is checked", arguments: [
        (#"{"__type":"Object","className":"Author","objectId":"g1","name":"x"}"#, ParseWireError.Kind.wrongFieldType, "$.genre"),
        (#"{"__type":"Object","className":"Genre","name":"x"}"#, .missingField, "$.genre.objectId"),
        (#"{"__type":"Object","className":"Genre","objectId":"g1"}"#, .missingField, "$.genre.name"),
        (#"{"__type":"Object","className":"Genre","objectId":"g$1","name":"x"}"#, .invalidObjectId, "$.genre.objectId"),
    ])
    func includedObjectChecked(object: String, kind: ParseWireError.Kind, path: String) throws {
        let wire = try #require(decodingFailure(Shelf.self, #"{"genre":\#(object)}"#).flatMap(wireError))
        #expect(wire.kind == kind)
        #expect(wire.path == path)
    }

    @Test("a save or update body refuses an included object where a Pointer belongs, as the server does", arguments: [ParseWireMode.saveBody, .updateBody])
    func includedObjectRefusedInBodies(mode: ParseWireMode) throws {
        let body = #"{"genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"x"}}"#
        let wire = try #require(decodingFailure(Shelf.self, body, as: mode).flatMap(wireError))
        #expect(wire.path == "$.genre")
        #expect(try ParseWireDecoder().decode(Shelf.self, from: #"{"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"}}"#, as: mode).genre.objectId == "g1")
    }

    // MARK: - Arrays and envelopes in the fetched-object mode

    struct Page<Element: Codable & Equatable>: Codable, Equatable {
        var results: [Element]
        var count: Int
    }

    /// A class holding another class's object: inside a whole object, the other is a Pointer.
    struct Loan: ParseObject, Equatable {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var tag: Tag
    }

    static var authors: [Author] {
        [Author(objectId: "a1", createdAt: date, updatedAt: date, name: "Ann"), Author(objectId: "a2", name: "Bo")]
    }

    static let authorObjects = [
        #"{"objectId":"a1","createdAt":"\#(iso)","updatedAt":"\#(iso)","name":"Ann"}"#,
        #"{"objectId":"a2","name":"Bo"}"#,
    ]

    @Test("an array of objects at the top of a fetched-object document is whole objects")
    func arrayOfObjects() throws {
        let text = try ParseWireEncoder().encodeString(Self.authors, as: .fetchedObject)
        #expect(text == "[\(Self.authorObjects.joined(separator: ","))]")
        #expect(try ParseWireDecoder().decode([Author].self, from: text, as: .fetchedObject) == Self.authors)
    }

    @Test("outside the fetched-object mode, an array of objects is an array of Pointers")
    func arrayOfObjectsAsValue() throws {
        let text = try ParseWireEncoder().encodeString(Self.authors, as: .value)
        #expect(text == #"[{"__type":"Pointer","className":"Author","objectId":"a1"},{"__type":"Pointer","className":"Author","objectId":"a2"}]"#)
        let body = try ParseWireEncoder().encodeString(Page(results: Self.authors, count: 2), as: .saveBody)
        #expect(body.hasPrefix(#"{"results":[{"__type":"Pointer","className":"Author","objectId":"a1"}"#))
    }

    @Test("a generic envelope and a dictionary of objects are whole objects in the fetched-object mode")
    func envelopesOfObjects() throws {
        let page = Page(results: Self.authors, count: 2)
        let text = try ParseWireEncoder().encodeString(page, as: .fetchedObject)
        #expect(text == #"{"results":[\#(Self.authorObjects.joined(separator: ","))],"count":2}"#)
        #expect(try ParseWireDecoder().decode(Page<Author>.self, from: text, as: .fetchedObject) == page)

        let byName = ["ann": Self.authors[0]]
        let mapText = try ParseWireEncoder().encodeString(byName, as: .fetchedObject)
        #expect(mapText == #"{"ann":\#(Self.authorObjects[0])}"#)
        #expect(try ParseWireDecoder().decode([String: Author].self, from: mapText, as: .fetchedObject) == byName)
    }

    @Test("inside a whole object of an envelope, a nested object is still a Pointer")
    func nestedObjectInEnvelope() throws {
        let loans = Page(results: [Loan(objectId: "l1", tag: Tag(objectId: "t1", label: "red"))], count: 1)
        let text = try ParseWireEncoder().encodeString(loans, as: .fetchedObject)
        #expect(text == #"{"results":[{"objectId":"l1","tag":{"__type":"Pointer","className":"Tag","objectId":"t1"}}],"count":1}"#)
        let back = try ParseWireDecoder().decode(Page<Loan>.self, from: text, as: .fetchedObject)
        #expect(back.results[0].tag == Tag(objectId: "t1"))
    }

    @Test("envelopes of objects are written the same in the order-independent fallback")
    func envelopeInTreeFallback() throws {
        let text = try ParseWireEncoder().encodeString(OutOfOrder(authors: Self.authors), as: .fetchedObject)
        #expect(text == #"{"rest":[\#(Self.authorObjects[1])],"first":\#(Self.authorObjects[0])}"#)
    }

    /// Writes its second member through a container made before the first member was written.
    struct OutOfOrder: Encodable {
        var authors: [Author]
        enum CodingKeys: String, CodingKey { case first, rest }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var rest = container.nestedUnkeyedContainer(forKey: .rest)
            try container.encode(authors[0], forKey: .first)
            try rest.encode(contentsOf: authors.dropFirst())
        }
    }

    /// A plain class that can hold itself.
    final class Link: Codable {
        var next: Link?
    }

    struct Chain: ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var link: Link
    }

    @Test("a reference cycle inside a whole object of an envelope is still an error")
    func cycleInEnvelope() throws {
        let link = Link()
        link.next = link
        let wire = try #require(encodingFailure([Chain(objectId: "c1", link: link)], as: .fetchedObject).flatMap(wireError))
        #expect(wire.kind == .unrepresentable)
        #expect(wire.message.contains("cycle"))
    }
}
