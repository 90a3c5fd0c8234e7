import Foundation
import ParseWire

/// A to-do item: the smallest seed model, two strings.
public struct TodoListItem: ParseObject, Equatable, Sendable {
    /// The server-assigned id; `nil` until saved.
    public var objectId: String?
    /// When the server created the object; `nil` until saved.
    public var createdAt: Date?
    /// When the server last changed the object; `nil` until saved.
    public var updatedAt: Date?
    /// Who may read and write the object; `nil` for a public object.
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "TodoListItem" }
    /// What to do.
    public var title: String
    /// The details.
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
