import Foundation
import GeneratedSeedModels
import ParseWire
import PropertyTesting

/// Random records of the generated seed types, for comparing generated coding with the bridge.
enum SeedRecords {
    static var date: Generator<Date> { Gen.parseDate.map(\.date) }

    static var objectId: Generator<String?> { Gen.optional(Gen.objectId) }

    /// Map keys: mostly valid, some a plain map cannot have (both coders must refuse them alike).
    static var mapKey: Generator<String> {
        Gen.frequency([(8, Gen.identifier()), (3, Gen.string), (1, Gen.element(of: ["a.b", "$x", "__type", "__op", "_bsontype", "é"]))])
    }

    static var ingredient: Generator<Recipe.Ingredient> {
        Generator { (testCase) throws(TestCase.Stop) in
            Recipe.Ingredient(quantity: try Gen.float.generate(&testCase), description: try Gen.string.generate(&testCase))
        }
    }

    static var recipe: Generator<Recipe> {
        Generator { (testCase) throws(TestCase.Stop) in
            var nutrition: [String: String] = [:]
            for key in try Gen.array(of: mapKey, maximum: 4, average: 2).generate(&testCase) {
                nutrition[key] = try Gen.string.generate(&testCase)
            }
            let author = try Gen.optional(Gen.objectId).generate(&testCase).flatMap { try? TypedPointer<Author>(objectId: $0) }
            return Recipe(
                objectId: try objectId.generate(&testCase), createdAt: try Gen.optional(date).generate(&testCase),
                updatedAt: try Gen.optional(date).generate(&testCase), ACL: try Gen.optional(Gen.acl).generate(&testCase),
                name: try Gen.string.generate(&testCase), servings: Int(try Gen.int64.generate(&testCase)),
                price: try Gen.double.generate(&testCase), isAvailable: try Gen.bool.generate(&testCase),
                category: try Gen.element(of: Recipe.Category.allCases).generate(&testCase),
                ingredients: try Gen.array(of: ingredient, maximum: 6, average: 3).generate(&testCase),
                sideOptions: try Gen.array(of: Gen.string, maximum: 4, average: 2).generate(&testCase),
                nutritionalInfo: nutrition, releaseDate: try date.generate(&testCase), author: author)
        }
    }

    static var listing: Generator<Listing> {
        Generator { (testCase) throws(TestCase.Stop) in
            var details: [String: ParseValue]?
            if try Gen.bool.generate(&testCase) {
                var map: [String: ParseValue] = [:]
                for key in try Gen.array(of: mapKey, maximum: 3, average: 1).generate(&testCase) {
                    map[key] = try Gen.parseValue(depth: 2).generate(&testCase)
                }
                details = map
            }
            let category = try Gen.optional(Gen.objectId).generate(&testCase).flatMap { try? TypedPointer<GeneratedSeedModels.Category>(objectId: $0) }
            return Listing(
                objectId: try objectId.generate(&testCase), createdAt: try Gen.optional(date).generate(&testCase),
                ACL: try Gen.optional(Gen.acl).generate(&testCase), title: try Gen.optional(Gen.string).generate(&testCase),
                rating: try Gen.optional(Gen.double).generate(&testCase), isOpen: try Gen.optional(Gen.bool).generate(&testCase),
                openedAt: try Gen.optional(date).generate(&testCase), location: try Gen.optional(Gen.geoPoint).generate(&testCase),
                area: try Gen.optional(Gen.polygon).generate(&testCase), photo: try Gen.optional(Gen.file).generate(&testCase),
                thumbnail: try Gen.optional(Gen.parseBytes).generate(&testCase),
                tags: try Gen.optional(Gen.array(of: Gen.parseValue(depth: 2), maximum: 4, average: 2)).generate(&testCase),
                details: details, category: category,
                reviewers: try Gen.bool.generate(&testCase) ? TypedRelation<Author>() : nil)
        }
    }

    /// A Pointer to an id from ``Gen/objectId``, which every Pointer accepts.
    static func pointer<T: ParseObject>(_ objectId: String) -> TypedPointer<T> {
        do {
            return try TypedPointer(objectId: objectId)
        } catch {
            preconditionFailure("Gen.objectId made \(objectId), which a Pointer refuses: \(error)")
        }
    }

    static var book: Generator<Book> {
        Generator { (testCase) throws(TestCase.Stop) in
            Book(objectId: try objectId.generate(&testCase), updatedAt: try Gen.optional(date).generate(&testCase),
                 title: try Gen.string.generate(&testCase), publishingYear: Int(try Gen.int64.generate(&testCase)),
                 genre: pointer(try Gen.objectId.generate(&testCase)), isbn: pointer(try Gen.objectId.generate(&testCase)),
                 authors: try Gen.bool.generate(&testCase) ? TypedRelation() : nil)
        }
    }
}
