import Foundation
import ParseWire

// The seed models of DESIGN.md ("The Codable bridge"), as an application would declare them.

struct Recipe: ParseObject, Equatable {
    enum Category: Int, Codable, CaseIterable {
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
    var ingredients: [Ingredient]
    var sideOptions: [String]
    var nutritionalInfo: [String: String]
    var releaseDate: Date
}

struct Ingredient: Codable, Equatable {
    var quantity: Float
    var description: String
}

struct Book: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var title: String
    var publishingYear: Int
    var genre: Pointer<Genre>
    var isbn: Pointer<ISBN>
    var authors: Relation<Author>
    var publishers: Relation<Publisher>
}

struct Author: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
}

struct Publisher: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
}

struct Genre: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
}

struct ISBN: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var value: String
}

struct TodoListItem: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var title: String
    var description: String
}

/// The "many" side of a one-to-many: each item points to its category.
struct Item: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var code: String
    var title: String
    var category: Pointer<Category>?
}

/// The "one" side: the inverse, as a relation.
struct Category: ParseObject, Equatable {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var title: String
    var items: Relation<Item>
}

extension ParseObject {
    /// The object as a save body leaves it: without the server-owned keys.
    var unsaved: Self {
        var copy = self
        copy.objectId = nil
        copy.createdAt = nil
        copy.updatedAt = nil
        return copy
    }
}

/// The one-to-many pair as SwiftData declares it: an optional to-one on the item, the inverse
/// to-many on the category, both as the objects themselves.
enum SwiftDataStyle {
    struct Item: ParseObject, Equatable {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var name: String?
        var category: Category?
    }

    struct Category: ParseObject, Equatable {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var title: String?
        var items: [Item]?
    }
}
