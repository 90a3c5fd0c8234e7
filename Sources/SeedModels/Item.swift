import Foundation
import ParseWire

/// The "many" side of a one-to-many, as Parse carries it best: each item points to its category
/// (a Pointer on the child). Deleting a category leaves its items pointing to nothing: the
/// server does not cascade, so the app deletes or re-points the items first.
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
    /// The item's stock code.
    public var code: String
    /// The item's name.
    public var title: String
    /// The category the item belongs to, if any: a Pointer on the child.
    public var category: TypedPointer<Category>?

    /// Creates an item; the server-owned keys, the ACL and the category default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                code: String, title: String, category: TypedPointer<Category>? = nil) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.code = code
        self.title = title
        self.category = category
    }
}
