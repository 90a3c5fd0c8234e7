import Foundation
import ParseWire

/// The "one" side: the inverse as a Relation on the parent, whose members are changed by
/// `AddRelation` and `RemoveRelation` operations and listed by a `$relatedTo` query.
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
    public var title: String
    /// The category's items: a Relation on the parent.
    public var items: TypedRelation<Item>

    /// Creates a category; the server-owned keys and the ACL default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                title: String, items: TypedRelation<Item> = TypedRelation()) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.title = title
        self.items = items
    }
}
