import Foundation
import ParseWire

/// A book's genre, pointed to one-to-one.
public struct Genre: ParseObject, Equatable, Sendable {
    /// The server-assigned id; `nil` until saved.
    public var objectId: String?
    /// When the server created the object; `nil` until saved.
    public var createdAt: Date?
    /// When the server last changed the object; `nil` until saved.
    public var updatedAt: Date?
    /// Who may read and write the object; `nil` for a public object.
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Genre" }
    /// The genre's name.
    public var name: String

    /// Creates a genre; the server-owned keys and the ACL default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil, name: String) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.name = name
    }
}
