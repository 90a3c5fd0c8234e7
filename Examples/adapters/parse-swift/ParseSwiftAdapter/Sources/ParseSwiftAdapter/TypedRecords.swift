import Foundation
import ParseSwift

/// A record type as an app declares it for one class of `Vectors/classes/`: each column a property
/// of its own Swift type, decoded by the SDK's synthesised `Codable` conformance.
///
/// The Swift types are those of the corpus's seed models (`Int` for a count or a year, `Double`
/// for a price, `Pointer<Target>` for a Pointer column, `ParseRelation` for a Relation column); an
/// `Array` or `Object` column, whose elements the schema does not type, holds the adapter's
/// ``SDKValue``, as an app would use a type-erased value there.
protocol TypedRecord: ParseObject {
    /// The declared columns that hold a value, for the report (`nil` properties are left out).
    var columns: [String: SDKValue?] { get }
}

/// The record types, by class name.
let typedRecords: [String: any TypedRecord.Type] = [
    "Author": Author.self, "Book": Book.self, "Category": Category.self, "Genre": Genre.self,
    "ISBN": ISBN.self, "Item": Item.self, "Listing": Listing.self, "Publisher": Publisher.self, "Recipe": Recipe.self,
    "TodoListItem": TodoListItem.self
]

struct Author: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var name: String?
    var birthDate: Date?
    var columns: [String: SDKValue?] { ["name": name.map(SDKValue.string), "birthDate": birthDate.map(SDKValue.date)] }
}

struct Book: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var title: String?
    var publishingYear: Int?
    var genre: Pointer<Genre>?
    var isbn: Pointer<ISBN>?
    var authors: ParseRelation<Book>?
    var publishers: ParseRelation<Book>?
    var columns: [String: SDKValue?] {
        ["title": title.map(SDKValue.string), "publishingYear": publishingYear.map(SDKValue.int),
         "genre": genre.map { .pointer(.typed($0)) }, "isbn": isbn.map { .pointer(.typed($0)) },
         "authors": authors.map { .relation(.typed($0)) }, "publishers": publishers.map { .relation(.typed($0)) }]
    }
}

struct Category: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var name: String?
    var items: ParseRelation<Category>?
    var columns: [String: SDKValue?] { ["name": name.map(SDKValue.string), "items": items.map { .relation(.typed($0)) }] }
}

struct Genre: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var name: String?
    var columns: [String: SDKValue?] { ["name": name.map(SDKValue.string)] }
}

struct ISBN: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var isbn: String?
    var columns: [String: SDKValue?] { ["isbn": isbn.map(SDKValue.string)] }
}

struct Item: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var name: String?
    var category: Pointer<Category>?
    var columns: [String: SDKValue?] { ["name": name.map(SDKValue.string), "category": category.map { .pointer(.typed($0)) }] }
}

/// The class with a column of every type: each typed column is the SDK's own type for it.
struct Listing: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var title: String?
    var rating: Double?
    var isOpen: Bool?
    var openedAt: Date?
    var location: ParseGeoPoint?
    var area: ParsePolygon?
    var photo: ParseFile?
    var thumbnail: ParseBytes?
    var tags: [SDKValue]?
    var details: [String: SDKValue]?
    var category: Pointer<Category>?
    var reviewers: ParseRelation<Listing>?
    var columns: [String: SDKValue?] {
        ["title": title.map(SDKValue.string), "rating": rating.map(SDKValue.double), "isOpen": isOpen.map(SDKValue.bool),
         "openedAt": openedAt.map(SDKValue.date), "location": location.map(SDKValue.geoPoint),
         "area": area.map(SDKValue.polygon), "photo": photo.map(SDKValue.file), "thumbnail": thumbnail.map(SDKValue.bytes),
         "tags": tags.map(SDKValue.array), "details": details.map(SDKValue.map),
         "category": category.map { .pointer(.typed($0)) }, "reviewers": reviewers.map { .relation(.typed($0)) }]
    }
}

struct Publisher: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var name: String?
    var columns: [String: SDKValue?] { ["name": name.map(SDKValue.string)] }
}

struct Recipe: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var name: String?
    var servings: Int?
    var price: Double?
    var isAvailable: Bool?
    var category: Int?
    var ingredients: [SDKValue]?
    var sideOptions: [SDKValue]?
    var nutritionalInfo: [String: SDKValue]?
    var releaseDate: Date?
    var columns: [String: SDKValue?] {
        ["name": name.map(SDKValue.string), "servings": servings.map(SDKValue.int), "price": price.map(SDKValue.double),
         "isAvailable": isAvailable.map(SDKValue.bool), "category": category.map(SDKValue.int),
         "ingredients": ingredients.map(SDKValue.array), "sideOptions": sideOptions.map(SDKValue.array),
         "nutritionalInfo": nutritionalInfo.map(SDKValue.map), "releaseDate": releaseDate.map(SDKValue.date)]
    }
}

struct TodoListItem: TypedRecord {
    var originalData: Data?, objectId: String?, createdAt: Date?, updatedAt: Date?, ACL: ParseACL?
    var title: String?
    var isDone: Bool?
    var dueDate: Date?
    var columns: [String: SDKValue?] {
        ["title": title.map(SDKValue.string), "isDone": isDone.map(SDKValue.bool), "dueDate": dueDate.map(SDKValue.date)]
    }
}

extension Pointer<Record> {
    /// The same Pointer, held as the adapter's untyped Pointer for the report.
    static func typed<Target>(_ pointer: Pointer<Target>) -> Pointer<Record> {
        var untyped = Pointer<Record>(objectId: pointer.objectId)
        untyped.className = pointer.className
        return untyped
    }
}

extension ParseRelation<Record> {
    /// The same Relation's class, held as the adapter's untyped Relation for the report.
    static func typed<Parent>(_ relation: ParseRelation<Parent>) -> ParseRelation<Record> {
        var untyped = ParseRelation<Record>(parent: Pointer<Record>(objectId: "parent"))
        untyped.className = relation.className
        return untyped
    }
}

extension TypedRecord {
    /// What the record holds, for the report.
    var parts: TVNObjectParts {
        var fields: [String: SDKValue] = [:]
        for (name, value) in columns { if let value { fields[name] = value } }
        return TVNObjectParts(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, acl: ACL, fields: fields)
    }
}

/// What a fetched record holds, for the report.
struct TVNObjectParts {
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var acl: ParseACL?
    var fields: [String: SDKValue]
}
