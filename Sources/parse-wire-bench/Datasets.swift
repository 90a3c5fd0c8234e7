import Foundation
import ParseWire
import PropertyTesting
import SeedModels

/// The benchmark's data, the same on every run (a fixed SplitMix64 seed).
struct Datasets {
    let recipes: [Recipe]
    let listings: [Listing]
    let grid: [[[[Int]]]]
    let nests50: [Nest]
    let nests400: [Nest]
    let dates: [Int64]

    init(recipeCount: Int = 10_000, listingCount: Int = 10_000, nestCount: Int = 1_000, dateCount: Int = 20_000) {
        var random = SplitMix64(seed: 0xB3_9C4)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next(upTo: UInt64(choices.count - 1)))] }
        let words = ["tomato", "basil", "crème fraîche", "\"smoked\" paprika", "salt\\pepper", "chili 🌶️", "garlic",
                     "olive oil", "rice\tnoodles", "lime\nzest", "miso", "ginger", "dashi", "thyme", "leek", "päprika"]
        let start: Int64 = 1_500_000_000_000
        recipes = (0..<recipeCount).map { index in
            let created = try! ParseDate(epochMilliseconds: start + Int64(random.next(upTo: 100_000_000_000))).date
            return Recipe(
                objectId: "r" + String(format: "%09d", index),
                createdAt: created,
                updatedAt: try! ParseDate(epochMilliseconds: ParseDate(created).epochMilliseconds + Int64(random.next(upTo: 1_000_000))).date,
                ACL: nil,
                name: "\(pick(words).capitalized) and \(pick(words)) soup no. \(index)",
                servings: Int(random.next(upTo: 11)) + 1,
                price: Double(random.next(upTo: 10_000)) / 100,
                isAvailable: random.next(upTo: 1) == 1,
                category: Recipe.Category(rawValue: Int(random.next(upTo: 2)))!,
                ingredients: (0..<Int(random.next(upTo: 4)) + 2).map { _ in
                    Ingredient(quantity: Float(random.next(upTo: 1000)) / 8, description: "\(pick(words)), \(pick(words))")
                },
                sideOptions: (0..<Int(random.next(upTo: 3))).map { _ in pick(words) },
                nutritionalInfo: ["calories": "\(random.next(upTo: 900))", "fat": "\(random.next(upTo: 60)) g", "note": pick(words)],
                releaseDate: try! ParseDate(epochMilliseconds: start + Int64(random.next(upTo: 100_000_000_000))).date,
                author: try! TypedPointer(objectId: "a" + String(format: "%09d", random.next(upTo: 999)))
            )
        }
        grid = (0..<10).map { _ in (0..<10).map { _ in (0..<10).map { _ in (0..<100).map { _ in Int(random.next(upTo: 2_000_000)) - 1_000_000 } } } }
        nests50 = (0..<nestCount).map { _ in Nest(depth: 49) }
        nests400 = (0..<nestCount).map { _ in Nest(depth: 399) }
        dates = (0..<dateCount).map { _ in ParseDate.minimum.epochMilliseconds
            + Int64(random.next(upTo: UInt64(ParseDate.maximum.epochMilliseconds - ParseDate.minimum.epochMilliseconds))) }
        listings = ListingCases.listings(count: listingCount)
    }

    /// Each Recipe as a fetched object, as ParseWire writes it.
    func recipeRecords() throws -> [[UInt8]] {
        let encoder = ParseWireEncoder()
        return try recipes.map { try encoder.encodeBytes($0, as: .fetchedObject) }
    }

    /// Records as a query result's array.
    static func document(of records: [[UInt8]]) -> [UInt8] {
        Array("[".utf8) + Array(records.joined(separator: Array(",".utf8))) + Array("]".utf8)
    }
}
