import Foundation
import ParseWire

/// A book: one-to-one Pointers to its genre and ISBN, and Relations to its authors and
/// publishers (one-to-many and many-to-many).
public struct Book: ParseObject, Equatable, Sendable {
    /// The server-assigned id; `nil` until saved.
    public var objectId: String?
    /// When the server created the object; `nil` until saved.
    public var createdAt: Date?
    /// When the server last changed the object; `nil` until saved.
    public var updatedAt: Date?
    /// Who may read and write the object; `nil` for a public object.
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Book" }
    /// The book's title.
    public var title: String
    /// The year of first publication.
    public var publishingYear: Int
    /// The book's genre (one-to-one).
    public var genre: TypedPointer<Genre>
    /// The book's ISBN record (one-to-one).
    public var isbn: TypedPointer<ISBN>
    /// The book's authors (a Relation: one-to-many or many-to-many).
    public var authors: TypedRelation<Author>
    /// The book's publishers (a Relation).
    public var publishers: TypedRelation<Publisher>

    /// Creates a book; the server-owned keys and the ACL default to `nil`, the relations to the
    /// column values (membership is changed by operations, never written here).
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                title: String, publishingYear: Int, genre: TypedPointer<Genre>, isbn: TypedPointer<ISBN>,
                authors: TypedRelation<Author> = TypedRelation(), publishers: TypedRelation<Publisher> = TypedRelation()) {
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
