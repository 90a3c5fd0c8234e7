import Foundation
import ParseWire

/// The benchmark's records: the seed `Recipe` with a pointer to its author, as an app declares it.
struct BenchRecipe: ParseObject, Equatable {
    enum Category: Int, Codable {
        case breakfast = 0, lunch = 1, dinner = 2
    }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
    var servings: Int
    var price: Double
    var isAvailable: Bool
    var category: Category
    var ingredients: [BenchIngredient]
    var sideOptions: [String]
    var nutritionalInfo: [String: String]
    var releaseDate: Date
    var author: Pointer<BenchAuthor>

    static var className: String { "Recipe" }
}

struct BenchIngredient: Codable, Equatable {
    var quantity: Float
    var description: String
}

struct BenchAuthor: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String

    static var className: String { "Author" }
}

/// One level of a deep document: `{"child":{"child":…{"leaf":1}}}`.
final class Nest: Codable, Equatable {
    let leaf: Int?
    let child: Nest?

    init(depth: Int) {
        leaf = depth == 0 ? 1 : nil
        child = depth == 0 ? nil : Nest(depth: depth - 1)
    }

    static func == (lhs: Nest, rhs: Nest) -> Bool {
        lhs.leaf == rhs.leaf && lhs.child == rhs.child
    }
}
