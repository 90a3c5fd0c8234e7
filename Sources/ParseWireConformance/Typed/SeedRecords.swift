import Foundation
import ParseWire

/// A typed record of the typed reference: a ``ParseObject`` whose ACL and fields are ``Column``s,
/// so that it gives back whether each key was absent, `null`, a value or an operation.
protocol TypedRecord: ParseObject {
    /// The `ACL` key: an ACL, `null`, or (in an update body) `{"__op":"Delete"}`.
    var acl: Column<ParseACL> { get set }

    /// A record with every column absent.
    init()
}

extension TypedRecord {
    /// A document read into a record of this type by the Codable bridge.
    static func read(_ bytes: [UInt8], as mode: ParseWireMode) throws -> any TypedRecord {
        try ParseWireDecoder().decode(Self.self, from: bytes, as: mode)
    }

    /// The schema type of every column, `ACL` included, by key: what the record's Swift types
    /// stand for, to hold against the class schema.
    static var columns: [String: SchemaType] {
        var columns: [String: SchemaType] = [:]
        for child in Mirror(reflecting: Self()).children {
            guard let label = child.label, let column = child.value as? any SchemaColumn else { continue }
            columns[label == "acl" ? "ACL" : label] = column.schemaType
        }
        return columns
    }

    /// The ACL when the record holds one.
    var ACL: ParseACL? {
        get { acl.value }
        set { acl = newValue.map(Column.value) ?? .absent }
    }
}

/// The records of the seed classes in `Vectors/classes/`, written from their schemas: a `String`
/// column is a `String`, a `Number` an `Int` or `Double` (or an `Int`-backed enum), `Boolean` a
/// `Bool`, `Date` a `Date`, `TypedPointer<T>` and `TypedRelation<T>` the bridge's ``TypedPointer`` and
/// ``TypedRelation`` (whose target class the bridge checks, REC-2), `GeoPoint`, `Polygon`, `File` and `Bytes` the values ``GeoPoint``,
/// ``ParsePolygon``, ``ParseFile`` and ``ParseBytes``, `Array` an array and `Object` a
/// `[String: ParseValue]`. The schemas give no element type for an `Array`; the records use
/// `[String]`, as an application storing names would, except `Listing`, whose `tags` hold any value.
enum SeedRecords {
    /// Every record type, by the class name of its schema.
    static var types: [String: any TypedRecord.Type] {
        ["Author": Author.self, "Book": Book.self, "Category": Category.self, "Genre": Genre.self,
         "ISBN": ISBN.self, "Item": Item.self, "Listing": Listing.self, "Publisher": Publisher.self, "Recipe": Recipe.self,
         "TodoListItem": TodoListItem.self]
    }

    struct Author: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var name = Column<String>.absent
        var birthDate = Column<Date>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", name, birthDate }
    }

    struct Book: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var title = Column<String>.absent
        var publishingYear = Column<Int>.absent
        var genre = Column<TypedPointer<Genre>>.absent
        var isbn = Column<TypedPointer<ISBN>>.absent
        var authors = Column<TypedRelation<Author>>.absent
        var publishers = Column<TypedRelation<Publisher>>.absent

        enum CodingKeys: String, CodingKey {
            case objectId, createdAt, updatedAt, acl = "ACL", title, publishingYear, genre, isbn, authors, publishers
        }
    }

    /// The "one" side of a one-to-many: its items as a relation.
    struct Category: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var name = Column<String>.absent
        var items = Column<TypedRelation<Item>>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", name, items }
    }

    struct Genre: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var name = Column<String>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", name }
    }

    struct ISBN: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var isbn = Column<String>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", isbn }
    }

    /// The "many" side of a one-to-many: each item points to its category.
    struct Item: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var name = Column<String>.absent
        var category = Column<TypedPointer<Category>>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", name, category }
    }

    /// A column of every type parse-server's schemas know (one GeoPoint: a class may have only one).
    /// `tags` and `details` hold any value, so typed values nested in them stay typed.
    struct Listing: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var title = Column<String>.absent
        var rating = Column<Double>.absent
        var isOpen = Column<Bool>.absent
        var openedAt = Column<Date>.absent
        var location = Column<GeoPoint>.absent
        var area = Column<ParsePolygon>.absent
        var photo = Column<ParseFile>.absent
        var thumbnail = Column<ParseBytes>.absent
        var tags = Column<[ParseValue]>.absent
        var details = Column<[String: ParseValue]>.absent
        var category = Column<TypedPointer<Category>>.absent
        var reviewers = Column<TypedRelation<Author>>.absent

        enum CodingKeys: String, CodingKey {
            case objectId, createdAt, updatedAt, acl = "ACL", title, rating, isOpen, openedAt, location, area, photo,
                 thumbnail, tags, details, category, reviewers
        }
    }

    struct Publisher: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var name = Column<String>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", name }
    }

    struct Recipe: TypedRecord {
        /// The `category` column: a Number holding one of these codes.
        enum Course: Int, ColumnValue {
            case breakfast = 0, lunch = 1, dinner = 2

            static var schemaType: SchemaType { .number }
        }

        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var name = Column<String>.absent
        var servings = Column<Int>.absent
        var price = Column<Double>.absent
        var isAvailable = Column<Bool>.absent
        var category = Column<Course>.absent
        var ingredients = Column<[String]>.absent
        var sideOptions = Column<[String]>.absent
        var nutritionalInfo = Column<[String: ParseValue]>.absent
        var releaseDate = Column<Date>.absent

        enum CodingKeys: String, CodingKey {
            case objectId, createdAt, updatedAt, acl = "ACL", name, servings, price, isAvailable, category, ingredients,
                 sideOptions, nutritionalInfo, releaseDate
        }
    }

    struct TodoListItem: TypedRecord {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var acl = Column<ParseACL>.absent
        var title = Column<String>.absent
        var isDone = Column<Bool>.absent
        var dueDate = Column<Date>.absent

        enum CodingKeys: String, CodingKey { case objectId, createdAt, updatedAt, acl = "ACL", title, isDone, dueDate }
    }
}
