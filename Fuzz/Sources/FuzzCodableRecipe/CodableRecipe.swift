import Foundation
import FuzzSupport
import ParseWire

/// The Codable decoder on a Recipe-like model in each mode; what decodes must encode, and decode
/// back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodableRecipe(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start.load(as: UInt8.self)
    let input = UnsafeRawBufferPointer(start: start + 1, count: count - 1)
    let bytes = Array(input)
    let modes: [ParseWireMode] = [.fetchedObject, .value, .saveBody, .updateBody]
    let mode = modes[Int(selector) % modes.count]
    let recipe: FuzzRecipe
    do {
        recipe = try ParseWireDecoder().decode(FuzzRecipe.self, from: bytes, as: mode)
    } catch let error as DecodingError {
        guard let wireError = underlying(error) else { violated("a DecodingError without a ParseWireError: \(error)", input: input) }
        checkError(wireError, input: input)
        return 0
    } catch {
        violated("decoding threw \(error), not a DecodingError", input: input)
    }
    // Fetched objects and plain values round-trip; a save body leaves the server-owned keys out.
    guard mode == .fetchedObject || mode == .value else { return 0 }
    let encoded: [UInt8]
    do {
        encoded = try ParseWireEncoder().encodeBytes(recipe, as: mode)
    } catch {
        violated("a decoded Recipe does not encode: \(error)", input: input)
    }
    do {
        let back = try ParseWireDecoder().decode(FuzzRecipe.self, from: encoded, as: mode)
        if back != recipe { violated("re-encoded as \(String(decoding: encoded, as: UTF8.self)), which decodes to another Recipe", input: input) }
    } catch {
        violated("re-encoded as \(String(decoding: encoded, as: UTF8.self)), which does not decode: \(error)", input: input)
    }
    return 0
}

private func underlying(_ error: DecodingError) -> ParseWireError? {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
        context.underlyingError as? ParseWireError
    @unknown default:
        nil
    }
}

struct FuzzRecipe: ParseObject, Equatable {
    static var className: String { "Recipe" }

    enum Category: Int, Codable {
        case breakfast = 0, lunch = 1, dinner = 2
    }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
    var servings: Int
    var price: Double
    var isAvailable: Bool?
    var category: Category
    var ingredients: [FuzzIngredient]
    var sideOptions: [String]
    var nutritionalInfo: [String: String]
    var releaseDate: Date
    var author: TypedPointer<FuzzAuthor>?
    var readers: TypedRelation<FuzzAuthor>?
    var photo: ParseFile?
    var location: GeoPoint?
    var tags: [String: [Int8]]?
    var extra: ParseValue?
}

struct FuzzIngredient: Codable, Equatable {
    var quantity: Float
    var description: String
    var notes: [FuzzIngredient]?
}

struct FuzzAuthor: ParseObject, Equatable {
    static var className: String { "Author" }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
}
