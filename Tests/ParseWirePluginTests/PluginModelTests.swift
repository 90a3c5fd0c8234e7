import Foundation
import GeneratedSeedModels
import Testing
@testable import ParseWire

/// The models the ParseWireModels plugin generated for this target at build time, from
/// `Schemas/*.schema.json`, code exactly as the committed `GeneratedSeedModels` generated from the
/// same schemas: same bytes written, same values read, through the generated path.
///
/// In this module `Recipe`, `Author`, `Book`… are the plugin's; the committed ones are spelled
/// `GeneratedSeedModels.Recipe`.
@Suite struct PluginModelTests {
    static let modes: [ParseWireMode] = [.value, .fetchedObject, .saveBody, .updateBody]
    static let date = Date(timeIntervalSince1970: 1_700_000_000.125)

    static func seedRecipes() throws -> [GeneratedSeedModels.Recipe] {
        [
            .init(objectId: "r1", createdAt: date, name: "Pancakes", servings: 4, price: 3.5, isAvailable: true, category: .breakfast,
                  ingredients: [.init(quantity: 0.5, description: "milk")], sideOptions: ["jam"], nutritionalInfo: ["kcal": "300"],
                  releaseDate: date),
            .init(objectId: "r2", createdAt: date, updatedAt: date.addingTimeInterval(60),
                  ACL: try ParseACL([(principal: "*", grant: .init(read: true)), (principal: "u1", grant: .init(read: true, write: true))]),
                  name: "Soupe \u{e0} l'oignon \"gratin\u{e9}e\"", servings: -2, price: 1e-7, isAvailable: false, category: .dinner,
                  ingredients: [], sideOptions: [], nutritionalInfo: [:], releaseDate: date, author: try TypedPointer(objectId: "a1")),
        ]
    }

    static func pluginRecipe(_ seed: GeneratedSeedModels.Recipe) throws -> Recipe {
        Recipe(objectId: seed.objectId, createdAt: seed.createdAt, updatedAt: seed.updatedAt, ACL: seed.ACL, name: seed.name,
               servings: seed.servings, price: seed.price, isAvailable: seed.isAvailable,
               category: try #require(Recipe.Category(rawValue: seed.category.rawValue)),
               ingredients: seed.ingredients.map { .init(quantity: $0.quantity, description: $0.description) },
               sideOptions: seed.sideOptions, nutritionalInfo: seed.nutritionalInfo, releaseDate: seed.releaseDate,
               author: try seed.author.map { try TypedPointer<Author>(objectId: $0.objectId) })
    }

    /// The generated path's bytes, or `nil` when it hands the record to the bridge.
    static func generatedBytes<T: Encodable>(_ value: T, _ mode: ParseWireMode) -> [UInt8]? {
        GeneratedFastPath.encode(value, mode: mode, options: ParseWireEncodingOptions())
    }

    /// The wire error a decoding failure carries (the decoder reports it inside a `DecodingError`).
    static func wireError(_ body: () throws -> Void) -> ParseWireError? {
        do {
            try body()
            return nil
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
                return context.underlyingError as? ParseWireError
            @unknown default:
                return nil
            }
        } catch {
            return error as? ParseWireError
        }
    }

    @Test func recipesWriteTheCommittedModelsBytes() throws {
        for seed in try Self.seedRecipes() {
            let recipe = try Self.pluginRecipe(seed)
            for mode in Self.modes {
                let expected = try ParseWireEncoder().encodeBytes(seed, as: mode)
                let written = try #require(Self.generatedBytes(recipe, mode), "the plugin's Recipe has no generated coding in \(mode)")
                #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(mode)")
                #expect(try ParseWireEncoder().encodeBytes(recipe, as: mode) == expected, "\(mode), through the encoder's API")
            }
        }
    }

    @Test func recipesReadBackAsTheCommittedModelReadsThem() throws {
        for seed in try Self.seedRecipes() {
            let bytes = try ParseWireEncoder().encodeBytes(seed, as: .fetchedObject)
            let read = try ParseWireDecoder().decode(Recipe.self, from: bytes, as: .fetchedObject)
            #expect(read == (try Self.pluginRecipe(seed)))
            #expect(try ParseWireEncoder().encodeBytes(read, as: .fetchedObject) == bytes)
        }
    }

    /// `Catalog.schema.json` is a `/schemas` response of four classes; Book relates to Author, whose
    /// class is in another schema file of the target.
    @Test func classesOfAResponseFileCodeLikeTheCommittedModels() throws {
        let seed = GeneratedSeedModels.Book(objectId: "b1", createdAt: Self.date, title: "Dune", publishingYear: 1965,
                                            genre: try TypedPointer(objectId: "g1"), isbn: try TypedPointer(objectId: "i1"),
                                            authors: TypedRelation(), publishers: TypedRelation())
        let book = Book(objectId: "b1", createdAt: Self.date, title: "Dune", publishingYear: 1965,
                        genre: try TypedPointer<Genre>(objectId: "g1"), isbn: try TypedPointer<ISBN>(objectId: "i1"),
                        authors: TypedRelation<Author>(), publishers: TypedRelation<Publisher>())
        for mode in Self.modes {
            let expected = try ParseWireEncoder().encodeBytes(seed, as: mode)
            let written = try #require(Self.generatedBytes(book, mode), "the plugin's Book has no generated coding in \(mode)")
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(mode)")
        }
        let fetched = try ParseWireEncoder().encodeBytes(seed, as: .fetchedObject)
        #expect(try ParseWireDecoder().decode(Book.self, from: fetched, as: .fetchedObject) == book)
    }

    /// The plugin's models keep the generator's strict errors: a wrong type is refused as the
    /// committed model refuses it, with the same kind, code, offset, path and message.
    @Test func badDocumentsAreRefusedAlike() throws {
        let document = Array(#"{"objectId":"r1","name":"x","servings":"four","price":1,"isAvailable":true,"category":0,"ingredients":[],"sideOptions":[],"nutritionalInfo":{},"releaseDate":{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}}"#.utf8)
        let seedError = Self.wireError { _ = try ParseWireDecoder().decode(GeneratedSeedModels.Recipe.self, from: document, as: .fetchedObject) }
        let pluginError = Self.wireError { _ = try ParseWireDecoder().decode(Recipe.self, from: document, as: .fetchedObject) }
        #expect(pluginError != nil && pluginError == seedError)
        #expect(pluginError?.path.contains("servings") == true)
    }
}
