import CorpusModels
import Foundation
import ParseWireGenerator
import PropertyTesting
import PropertyTestingSupport
import Testing
@testable import ParseWire

/// The models of the corpus's classes (`Sources/CorpusModels`, from `Vectors/classes`), which the
/// typed reference reads and writes documents with: committed as the generator writes them, taking
/// the generated path, and writing and reading exactly what the Codable bridge does.
///
/// `PBT_COUNT` sets the records of the agreement property (each of one class of the ten, drawn at
/// random); the default keeps `swift test` short.
@Suite struct CorpusModelsTests {
    @Test func committedCorpusModelsAreUpToDate() throws {
        let files = try SwiftModelGenerator.generate(try CommittedOutputTests.schemaFiles(in: "Vectors/classes"))
        let folder = CommittedOutputTests.root.appendingPathComponent("Sources/CorpusModels")
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(committed == files.map(\.name).sorted(), "Sources/CorpusModels holds other files than the generator writes")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "Sources/CorpusModels/\(file.name) is stale: run `swift run parse-wire generate swift --output Sources/CorpusModels Vectors/classes`")
        }
    }

    /// A model with a column of every type takes the generated path both ways (without the
    /// server's keys, which a body does not hold).
    @Test func listingTakesTheGeneratedPath() throws {
        let listing = Listing(ACL: ParseACL(), title: "Café", rating: 4.5, isOpen: true,
                              openedAt: Date(timeIntervalSince1970: 1_700_000_000), location: try GeoPoint(latitude: 40.5, longitude: -73.25),
                              thumbnail: ParseBytes([1, 2]), tags: [.string("wifi")], details: ["seats": .number(ParseNumber(Int64(40)))],
                              category: try TypedPointer(objectId: "c1"), reviewers: TypedRelation())
        for mode in BridgeAgreementTests.modes {
            let bytes = try #require(GeneratedFastPath.encode(listing, mode: mode, options: ParseWireEncodingOptions()), "\(mode)")
            #expect(BridgeAgreementTests.generatedValue(Listing.self, bytes, mode: mode) == listing, "\(mode)")
        }
    }

    @Test func corpusRecordsAgree() {
        property("generated coding of the corpus's classes agrees with the bridge", count: 300, CorpusRecords.any,
                 describe: { String(describing: $0.value) }) { sample in
            try BridgeAgreementTests.agree(sample.value)
        }
    }
}

/// Random records of the corpus's classes.
enum CorpusRecords {
    /// A record of any of the classes.
    struct Sample {
        let value: any Codable & Equatable
    }

    static var any: Generator<Sample> {
        Gen.frequency([
            (1, author.map { Sample(value: $0) }), (1, book.map { Sample(value: $0) }), (1, category.map { Sample(value: $0) }),
            (1, genre.map { Sample(value: $0) }), (1, isbn.map { Sample(value: $0) }), (1, item.map { Sample(value: $0) }),
            (3, listing.map { Sample(value: $0) }), (1, publisher.map { Sample(value: $0) }), (2, recipe.map { Sample(value: $0) }),
            (1, todo.map { Sample(value: $0) }),
        ])
    }

    static var date: Generator<Date?> { Gen.optional(Gen.parseDate.map(\.date)) }
    static var string: Generator<String?> { Gen.optional(Gen.string) }
    static var number: Generator<Double?> { Gen.optional(Gen.double) }
    static var array: Generator<[ParseValue]?> { Gen.optional(Gen.array(of: Gen.parseValue(depth: 2), maximum: 4, average: 2)) }

    /// Map keys: mostly valid, some a plain map cannot have (both coders must refuse them alike).
    static var map: Generator<[String: ParseValue]?> {
        let key = Gen.frequency([(8, Gen.identifier()), (3, Gen.string), (1, Gen.element(of: ["a.b", "$x", "__type", "__op", "_bsontype", "é"]))])
        return Gen.optional(Gen.array(of: key, maximum: 3, average: 1)).flatMap { keys in
            Generator { (testCase) throws(TestCase.Stop) in
                guard let keys else { return nil }
                var map: [String: ParseValue] = [:]
                for key in keys { map[key] = try Gen.parseValue(depth: 2).generate(&testCase) }
                return map
            }
        }
    }

    static func pointer<T: ParseObject>(_ target: T.Type) -> Generator<TypedPointer<T>?> {
        Gen.optional(Gen.objectId).map { $0.flatMap { try? TypedPointer<T>(objectId: $0) } }
    }

    static func relation<T: ParseObject>(_ target: T.Type) -> Generator<TypedRelation<T>?> {
        Gen.bool.map { $0 ? TypedRelation<T>() : nil }
    }

    /// The server's keys and the ACL, which every class has.
    struct ServerKeys {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl: ParseACL?
    }

    static var server: Generator<ServerKeys> {
        Generator { (testCase) throws(TestCase.Stop) in
            ServerKeys(objectId: try Gen.optional(Gen.objectId).generate(&testCase), createdAt: try date.generate(&testCase),
                       updatedAt: try date.generate(&testCase), acl: try Gen.optional(Gen.acl).generate(&testCase))
        }
    }

    static var author: Generator<Author> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Author(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                          name: try string.generate(&testCase), birthDate: try date.generate(&testCase))
        }
    }

    static var book: Generator<Book> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Book(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                        title: try string.generate(&testCase), publishingYear: try number.generate(&testCase),
                        genre: try pointer(Genre.self).generate(&testCase), isbn: try pointer(ISBN.self).generate(&testCase),
                        authors: try relation(Author.self).generate(&testCase), publishers: try relation(Publisher.self).generate(&testCase))
        }
    }

    static var category: Generator<CorpusModels.Category> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return CorpusModels.Category(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                                         name: try string.generate(&testCase), items: try relation(Item.self).generate(&testCase))
        }
    }

    static var genre: Generator<Genre> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Genre(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                         name: try string.generate(&testCase))
        }
    }

    static var isbn: Generator<ISBN> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return ISBN(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                        isbn: try string.generate(&testCase))
        }
    }

    static var item: Generator<Item> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Item(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                        name: try string.generate(&testCase), category: try pointer(CorpusModels.Category.self).generate(&testCase))
        }
    }

    static var listing: Generator<Listing> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Listing(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                           title: try string.generate(&testCase), rating: try number.generate(&testCase),
                           isOpen: try Gen.optional(Gen.bool).generate(&testCase), openedAt: try date.generate(&testCase),
                           location: try Gen.optional(Gen.geoPoint).generate(&testCase), area: try Gen.optional(Gen.polygon).generate(&testCase),
                           photo: try Gen.optional(Gen.file).generate(&testCase), thumbnail: try Gen.optional(Gen.parseBytes).generate(&testCase),
                           tags: try array.generate(&testCase), details: try map.generate(&testCase),
                           category: try pointer(CorpusModels.Category.self).generate(&testCase),
                           reviewers: try relation(Author.self).generate(&testCase))
        }
    }

    static var publisher: Generator<Publisher> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Publisher(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                             name: try string.generate(&testCase))
        }
    }

    static var recipe: Generator<Recipe> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return Recipe(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                          name: try string.generate(&testCase), servings: try number.generate(&testCase), price: try number.generate(&testCase),
                          isAvailable: try Gen.optional(Gen.bool).generate(&testCase), category: try number.generate(&testCase),
                          ingredients: try array.generate(&testCase), sideOptions: try array.generate(&testCase),
                          nutritionalInfo: try map.generate(&testCase), releaseDate: try date.generate(&testCase))
        }
    }

    static var todo: Generator<TodoListItem> {
        Generator { (testCase) throws(TestCase.Stop) in
            let keys = try server.generate(&testCase)
            return TodoListItem(objectId: keys.objectId, createdAt: keys.createdAt, updatedAt: keys.updatedAt, ACL: keys.acl,
                                title: try string.generate(&testCase), isDone: try Gen.optional(Gen.bool).generate(&testCase),
                                dueDate: try date.generate(&testCase))
        }
    }
}
