import Foundation
import ParseWire

/// A book: one-to-one Pointers to its genre and ISBN, and Relations to its authors and
/// publishers (one-to-many and many-to-many).
public struct Book: ParseObject, Equatable, Sendable {
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Book" }
    public var title: String
    public var publishingYear: Int
    public var genre: Pointer<Genre>
    public var isbn: Pointer<ISBN>
    public var authors: Relation<Author>
    public var publishers: Relation<Publisher>

    /// Creates a book; the server-owned keys and the ACL default to `nil`, the relations to the
    /// column values (membership is changed by operations, never written here).
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                title: String, publishingYear: Int, genre: Pointer<Genre>, isbn: Pointer<ISBN>,
                authors: Relation<Author> = Relation(), publishers: Relation<Publisher> = Relation()) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.title = title
        self.publishingYear = publishingYear
        self.genre = genre
        self.isbn = isbn
        self.authors = authors
        self.publishers = publishers
    }
}

/// A writer of books and recipes.
public struct Author: ParseObject, Equatable, Sendable {
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Author" }
    public var name: String

    /// Creates an author; the server-owned keys and the ACL default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil, name: String) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.name = name
    }
}

/// A publisher of books, related to them many-to-many.
public struct Publisher: ParseObject, Equatable, Sendable {
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Publisher" }
    public var name: String

    /// Creates a publisher; the server-owned keys and the ACL default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil, name: String) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.name = name
    }
}

/// A book's genre, pointed to one-to-one.
public struct Genre: ParseObject, Equatable, Sendable {
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Genre" }
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

/// A book's ISBN record, pointed to one-to-one.
public struct ISBN: ParseObject, Equatable, Sendable {
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "ISBN" }
    public var value: String

    /// Creates an ISBN; the server-owned keys and the ACL default to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil, value: String) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.value = value
    }
}
