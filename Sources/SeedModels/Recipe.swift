import Foundation
import ParseWire

/// A recipe, the first seed model: scalars, an `Int`-backed enum, an array of structs, a map
/// and a date, with an optional Pointer to its author.
public struct Recipe: ParseObject, Equatable, Sendable {
    /// The meal a recipe is for, stored as its number.
    public enum Category: Int, Codable, CaseIterable, Sendable {
        case breakfast = 0, lunch = 1, dinner = 2
    }

    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Recipe" }
    public var name: String
    public var servings: Int
    public var price: Double
    public var isAvailable: Bool
    public var category: Category
    public var ingredients: [Ingredient]
    public var sideOptions: [String]
    public var nutritionalInfo: [String: String]
    public var releaseDate: Date
    /// Who wrote the recipe; `nil` when no one is named.
    public var author: Pointer<Author>?

    /// Creates a recipe; the server-owned keys and the ACL default to `nil`, as for a new object.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                name: String, servings: Int, price: Double, isAvailable: Bool, category: Category,
                ingredients: [Ingredient], sideOptions: [String], nutritionalInfo: [String: String], releaseDate: Date,
                author: Pointer<Author>? = nil) {
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

/// One line of a recipe: a `Float` quantity and what it is.
public struct Ingredient: Codable, Equatable, Sendable {
    public var quantity: Float
    public var description: String

    /// Creates an ingredient line.
    public init(quantity: Float, description: String) {
        self.quantity = quantity
        self.description = description
    }
}

/// A to-do item: the smallest seed model, two strings.
public struct TodoListItem: ParseObject, Equatable, Sendable {
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "TodoListItem" }
    public var title: String
    public var description: String

    /// Creates an item; the server-owned keys and the ACL default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                title: String, description: String) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.title = title
        self.description = description
    }
}
