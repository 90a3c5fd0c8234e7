import Foundation
import ParseWire

/// A recipe, the first seed model: scalars, an `Int`-backed enum, an array of structs, a map
/// and a date, with an optional Pointer to its author.
public struct Recipe: ParseObject, Equatable, Sendable {
    /// The meal a recipe is for, stored as its number.
    public enum Category: Int, Codable, CaseIterable, Sendable {
        case breakfast = 0, lunch = 1, dinner = 2
    }

    /// The server-assigned id; `nil` until saved.
    public var objectId: String?
    /// When the server created the object; `nil` until saved.
    public var createdAt: Date?
    /// When the server last changed the object; `nil` until saved.
    public var updatedAt: Date?
    /// Who may read and write the object; `nil` for a public object.
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Recipe" }
    /// The recipe's name.
    public var name: String
    /// How many people the recipe serves.
    public var servings: Int
    /// The price, in the app's currency.
    public var price: Double
    /// Whether the recipe is on offer.
    public var isAvailable: Bool
    /// The meal it is for.
    public var category: Category
    /// The ingredient lines, in order.
    public var ingredients: [Ingredient]
    /// What may be served with it.
    public var sideOptions: [String]
    /// Nutrition facts by name, such as `"calories": "180"`.
    public var nutritionalInfo: [String: String]
    /// When the recipe was published.
    public var releaseDate: Date
    /// Who wrote the recipe; `nil` when no one is named.
    public var author: TypedPointer<Author>?

    /// Creates a recipe; the server-owned keys and the ACL default to `nil`, as for a new object.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                name: String, servings: Int, price: Double, isAvailable: Bool, category: Category,
                ingredients: [Ingredient], sideOptions: [String], nutritionalInfo: [String: String], releaseDate: Date,
                author: TypedPointer<Author>? = nil) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.name = name
        self.servings = servings
        self.price = price
        self.isAvailable = isAvailable
        self.category = category
        self.ingredients = ingredients
        self.sideOptions = sideOptions
        self.nutritionalInfo = nutritionalInfo
        self.releaseDate = releaseDate
        self.author = author
    }
}
