import Foundation
import ParseWire

/// A place in a directory, with a column of every type parse-server's schemas know
/// (`Vectors/classes/Listing.json`): how each one is held in Swift. A class may have only one
/// GeoPoint column, so `location` is the only one.
public struct Listing: ParseObject, Equatable, Sendable {
    /// The server-assigned id; `nil` until saved.
    public var objectId: String?
    /// When the server created the object; `nil` until saved.
    public var createdAt: Date?
    /// When the server last changed the object; `nil` until saved.
    public var updatedAt: Date?
    /// Who may read and write the object; `nil` for a public object.
    public var ACL: ParseACL?
    /// The class on the server, named here so that renaming the type does not rename it.
    public static var className: String { "Listing" }
    /// A `String` column.
    public var title: String?
    /// A `Number` column: JSON has one number type, so a fraction is as welcome as an integer.
    public var rating: Double?
    /// A `Boolean` column.
    public var isOpen: Bool?
    /// A `Date` column: on the wire a typed Date (`{"__type":"Date","iso":…}`), unlike the plain
    /// strings of `createdAt` and `updatedAt`.
    public var openedAt: Date?
    /// The `GeoPoint` column.
    public var location: GeoPoint?
    /// A `Polygon` column: the server gives its ring back closed.
    public var area: ParsePolygon?
    /// A `File` column: the server keeps the name and makes the `url` itself.
    public var photo: ParseFile?
    /// A `Bytes` column.
    public var thumbnail: ParseBytes?
    /// An `Array` column: the schema gives no element type, so any value (typed values included).
    public var tags: [ParseValue]?
    /// An `Object` column: a map of any values.
    public var details: [String: ParseValue]?
    /// A `Pointer` column.
    public var category: TypedPointer<Category>?
    /// A `Relation` column: its members are changed by `AddRelation` and `RemoveRelation`.
    public var reviewers: TypedRelation<Author>

    /// Creates a listing; every column but the relation defaults to `nil`.
    public init(objectId: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, ACL: ParseACL? = nil,
                title: String? = nil, rating: Double? = nil, isOpen: Bool? = nil, openedAt: Date? = nil,
                location: GeoPoint? = nil, area: ParsePolygon? = nil, photo: ParseFile? = nil,
                thumbnail: ParseBytes? = nil, tags: [ParseValue]? = nil, details: [String: ParseValue]? = nil,
                category: TypedPointer<Category>? = nil, reviewers: TypedRelation<Author> = TypedRelation()) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.ACL = ACL
        self.title = title
        self.rating = rating
        self.isOpen = isOpen
        self.openedAt = openedAt
        self.location = location
        self.area = area
        self.photo = photo
        self.thumbnail = thumbnail
        self.tags = tags
        self.details = details
        self.category = category
        self.reviewers = reviewers
    }
}
