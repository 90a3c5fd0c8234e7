import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// The bridge writes the same bytes as the wire encoder writes for the same value built by hand
/// as a `ParseValue`.
@Suite struct DifferentialTests {
    func object(className: String, _ value: some ParseObject, fields: ParseMap) throws -> ParseObjectValue {
        try ParseObjectValue(className: className, objectId: value.objectId, createdAt: value.createdAt.map { try ParseDate($0) },
                             updatedAt: value.updatedAt.map { try ParseDate($0) }, acl: value.ACL, fields: fields)
    }

    func fields(_ recipe: Recipe) throws -> ParseMap {
        ParseMap([
            ("name", .string(recipe.name)),
            ("servings", .number(ParseNumber(Int64(recipe.servings)))),
            ("price", .number(ParseNumber(recipe.price)!)),
            ("isAvailable", .bool(recipe.isAvailable)),
            ("category", .number(ParseNumber(Int64(recipe.category.rawValue)))),
            ("ingredients", .array(recipe.ingredients.map {
                .map(["quantity": .number(ParseNumber($0.quantity)!), "description": .string($0.description)])
            })),
            ("sideOptions", .array(recipe.sideOptions.map(ParseValue.string))),
            ("nutritionalInfo", .map(ParseMap(recipe.nutritionalInfo.map { ($0.key, ParseValue.string($0.value)) }))),
            ("releaseDate", .date(try ParseDate(recipe.releaseDate))),
        ])
    }

    func fields(_ book: Book) -> ParseMap {
        ParseMap([
            ("title", .string(book.title)),
            ("publishingYear", .number(ParseNumber(Int64(book.publishingYear)))),
            ("genre", .pointer(book.genre.parsePointer)),
            ("isbn", .pointer(book.isbn.parsePointer)),
            ("authors", .relation(try! ParseRelation(className: "Author"))),
            ("publishers", .relation(try! ParseRelation(className: "Publisher"))),
        ])
    }

    /// The hand-built document of each mode, written by ``ParseValueEncoder``.
    func expected(_ object: ParseObjectValue, mode: ParseWireMode) throws -> [UInt8] {
        switch mode {
        case .value, .fetchedObject:
            return try ParseValueEncoder().encode(.object(object), context: mode.context(className: object.className))
        case .saveBody, .updateBody:
            var body = ParseMap()
            if let acl = object.acl { body.appendUnchecked("ACL", .acl(acl)) }
            for (key, value) in object.fields { body.appendUnchecked(key, value) }
            return try ParseValueEncoder().encode(.map(body), context: .update)
        }
    }

    @Test("a Recipe encodes to the bytes of the same ParseValue, and decodes strictly to it", arguments: ParseWireMode.all)
    func recipe(mode: ParseWireMode) throws {
        var generator = SeedGenerator(seed: 21)
        for _ in 0..<200 {
            let recipe = generator.recipe()
            let object = try object(className: "Recipe", recipe, fields: fields(recipe))
            let bytes = try ParseWireEncoder().encodeBytes(recipe, as: mode)
            #expect(bytes == (try expected(object, mode: mode)), "\(String(decoding: bytes, as: UTF8.self))")
            if mode == .value || mode == .fetchedObject {
                #expect(try ParseValueDecoder().decode(bytes, context: mode.context(className: "Recipe")) == .object(object))
            }
        }
    }

    @Test("a Book with pointers and relations encodes to the bytes of the same ParseValue", arguments: ParseWireMode.all)
    func book(mode: ParseWireMode) throws {
        var generator = SeedGenerator(seed: 22)
        for _ in 0..<200 {
            let book = generator.book()
            let object = try object(className: "Book", book, fields: fields(book))
            #expect(try ParseWireEncoder().encodeBytes(book, as: mode) == (try expected(object, mode: mode)))
        }
    }

    @Test("Float and Double numbers are written exactly as ParseNumber writes them")
    func numbers() throws {
        var generator = SeedGenerator(seed: 23)
        for _ in 0..<5_000 {
            let float = generator.float()
            let double = generator.double()
            var bytes: [UInt8] = []
            NumberFormatting.appendNumber(float, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ParseNumber(float)!.description)
            bytes = []
            NumberFormatting.appendNumber(double, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ParseNumber(double)!.description)
        }
        #expect(try ParseWireEncoder().encodeString([Float(0.1), 1.1, 16_777_216, 1e-7]) == "[0.1,1.1,16777216,1e-7]")
        #expect(try ParseWireEncoder().encodeString([Int64.max, Int64.min]) == "[9223372036854775807,-9223372036854775808]")
    }
}
