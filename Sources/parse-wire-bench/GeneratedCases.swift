import Foundation
import GeneratedSeedModels
import ParseWire
import SeedModels

/// Recipes through generated coding (`GeneratedSeedModels`, the twin of the seed Recipe made by
/// `parse-wire generate swift`) beside the Codable bridge and Foundation: each record encoded as a
/// fetched object; the query-style array decoded; and each record decoded as its own document.
enum GeneratedCases {
    /// The seed Recipe as its generated twin.
    static func twin(_ recipe: SeedModels.Recipe) throws -> GeneratedSeedModels.Recipe {
        GeneratedSeedModels.Recipe(
            objectId: recipe.objectId, createdAt: recipe.createdAt, updatedAt: recipe.updatedAt, ACL: recipe.ACL, name: recipe.name,
            servings: recipe.servings, price: recipe.price, isAvailable: recipe.isAvailable,
            category: GeneratedSeedModels.Recipe.Category(rawValue: recipe.category.rawValue)!,
            ingredients: recipe.ingredients.map { .init(quantity: $0.quantity, description: $0.description) },
            sideOptions: recipe.sideOptions, nutritionalInfo: recipe.nutritionalInfo, releaseDate: recipe.releaseDate,
            author: try recipe.author.map { try TypedPointer<GeneratedSeedModels.Author>(objectId: $0.objectId) })
    }

    static func cases(_ data: Datasets) throws -> [BenchCase] {
        let encoder = ParseWireEncoder()
        let decoder = ParseWireDecoder()
        let twins = try data.recipes.map(twin)
        let records = try data.recipeRecords()
        let document = Datasets.document(of: records)
        let total = records.reduce(0) { $0 + $1.count }
        // The generated code writes the bridge's bytes and reads its values back.
        try Check.equal(try twins.map { try encoder.encodeBytes($0, as: .fetchedObject) }, records, "generated Recipe encode")
        try Check.equal(try decoder.decode([GeneratedSeedModels.Recipe].self, from: document, as: .fetchedObject), twins,
                        "generated Recipe array decode")
        try Check.equal(try records.map { try decoder.decode(GeneratedSeedModels.Recipe.self, from: $0, as: .fetchedObject) }, twins,
                        "generated Recipe record decode")
        let recordData = records.map { Data($0) }
        let foundationRecords = try data.recipes.map { try FoundationCoders.encoder(typical: false).encode($0) }
        let fastDecodeName = "Foundation JSONDecoder, fast date hook"
        let perDocument = "Recipe decode, one per document"
        return [
            BenchCase(name: "generated (ParseWireEncoder)", group: "Recipe encode", baseline: "Foundation JSONEncoder, fast date hook",
                      bytes: total, records: twins.count) {
                for recipe in twins { _ = try encoder.encodeBytes(recipe, as: .fetchedObject) }
            },
            BenchCase(name: "generated (ParseWireDecoder)", group: "Recipe decode", baseline: fastDecodeName, bytes: document.count,
                      records: twins.count) {
                _ = try decoder.decode([GeneratedSeedModels.Recipe].self, from: document, as: .fetchedObject)
            },
            BenchCase(name: fastDecodeName, group: perDocument, baseline: nil, bytes: total, records: records.count) {
                let foundation = FoundationCoders.decoder(typical: false)
                for record in foundationRecords { _ = try foundation.decode(SeedModels.Recipe.self, from: record) }
            },
            BenchCase(name: "ParseWireDecoder", group: perDocument, baseline: fastDecodeName, bytes: total, records: records.count) {
                for record in recordData { _ = try decoder.decode(SeedModels.Recipe.self, from: record, as: .fetchedObject) }
            },
            BenchCase(name: "generated (ParseWireDecoder)", group: perDocument, baseline: fastDecodeName, bytes: total, records: records.count) {
                for record in recordData { _ = try decoder.decode(GeneratedSeedModels.Recipe.self, from: record, as: .fetchedObject) }
            },
        ]
    }
}
