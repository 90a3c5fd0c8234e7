import Foundation
import ParseWire

/// The one-to-many pair as SwiftData declares it: an optional to-one on the item and the
/// inverse to-many on the category, both as the objects themselves. On the wire the to-one is
/// a Pointer and the to-many an array of Pointers; read back from those, each related object
/// holds only its objectId (every other property is optional for that reason).
public enum SwiftDataStyle {
    /// An item with an optional category.
    public struct Item: ParseObject, Equatable, Sendable {
        /// The server-assigned id; `nil` until saved.
        public var objectId: String?
        /// When the server created the object; `nil` until saved.
        public var createdAt: Date?
        /// When the server last changed the object; `nil` until saved.
        public var updatedAt: Date?
        /// Who may read and write the object; `nil` for a public object.
        public var ACL: ParseACL?
        /// The class on the server, named here so that renaming the type does not rename it.
        public static var className: String { "Item" }
        /// The item's name.
        public var name: String?
        /// The category the item belongs to, if any: a Pointer on the wire.
        public var category: Category?

        /// Creates an item; every property defaults to `nil`.
        public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                    name: String? = nil, category: Category? = nil) {
            self.objectId = objectId
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.ACL = ACL
            self.name = name
            self.category = category
        }
    }

    /// A category with the inverse to-many of its items.
    public struct Category: ParseObject, Equatable, Sendable {
        /// The server-assigned id; `nil` until saved.
        public var objectId: String?
        /// When the server created the object; `nil` until saved.
        public var createdAt: Date?
        /// When the server last changed the object; `nil` until saved.
        public var updatedAt: Date?
        /// Who may read and write the object; `nil` for a public object.
        public var ACL: ParseACL?
        /// The class on the server, named here so that renaming the type does not rename it.
        public static var className: String { "Category" }
        /// The category's name.
        public var title: String?
        /// The category's items: an array of Pointers on the wire.
        public var items: [Item]?

        /// Creates a category; every property defaults to `nil`.
        public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                    title: String? = nil, items: [Item]? = nil) {
            self.objectId = objectId
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.ACL = ACL
            self.title = title
            self.items = items
        }
    }
}
