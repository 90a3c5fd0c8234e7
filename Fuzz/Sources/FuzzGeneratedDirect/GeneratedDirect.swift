import Foundation
import FuzzSupport
import ParseWire

/// A generated Recipe read by ``ParseWireDecoder`` with every tier (the direct reader, the tape
/// reader, the Codable bridge) against its hand-written Codable twin, which only the bridge can
/// read: both read the document or both refuse it, and what they read is equal field by field
/// (floating-point fields bit for bit) and writes the same bytes. `Recipe` and `Author` are
/// generated at build time by the `ParseWireModels` plugin from this folder's schema files, copies
/// of the seed models' schemas.
///
/// The first byte picks the mode (`% 5`: fetched object, value, save body, update body, and an
/// array of fetched objects, a query's results); the document follows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeneratedDirect(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start.load(as: UInt8.self)
    let input = UnsafeRawBufferPointer(start: start + 1, count: count - 1)
    let bytes = Array(input)
    let modes: [ParseWireMode] = [.fetchedObject, .value, .saveBody, .updateBody]
    let choice = Int(selector) % (modes.count + 1)
    if choice == modes.count {
        let generated = Result { try ParseWireDecoder().decode([Recipe].self, from: bytes, as: .fetchedObject) }
        let twin = Result { try ParseWireDecoder().decode([TwinRecipe].self, from: bytes, as: .fetchedObject) }
        compare(generated, twin, mode: .fetchedObject, input: input) { generated, twin in
            guard generated.count == twin.count else { return "\(generated.count) elements, the twin \(twin.count)" }
            return zip(generated, twin).lazy.compactMap { difference($0.0, $0.1) }.first
        }
    } else {
        let mode = modes[choice]
        let generated = Result { try ParseWireDecoder().decode(Recipe.self, from: bytes, as: mode) }
        let twin = Result { try ParseWireDecoder().decode(TwinRecipe.self, from: bytes, as: mode) }
        compare(generated, twin, mode: mode, input: input, difference)
    }
    return 0
}

/// Stops the run unless both decodes succeed with no difference and write the same bytes, or both fail.
private func compare<G: Encodable, T: Encodable>(_ generated: Result<G, any Error>, _ twin: Result<T, any Error>, mode: ParseWireMode,
                                                 input: UnsafeRawBufferPointer, _ difference: (G, T) -> String?) {
    switch (generated, twin) {
    case (.failure, .failure):
        return
    case (.success(let value), .failure(let error)):
        violated("the generated model read \(value) in \(mode); the twin fails: \(error)", input: input)
    case (.failure(let error), .success(let value)):
        violated("the twin read \(value) in \(mode); the generated model fails: \(error)", input: input)
    case (.success(let value), .success(let twinValue)):
        if let difference = difference(value, twinValue) { violated("in \(mode), \(difference)", input: input) }
        // Sorted keys: two equal dictionaries may iterate in different orders.
        var encoder = ParseWireEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try? encoder.encodeBytes(value, as: mode)
        let twinWritten = try? encoder.encodeBytes(twinValue, as: mode)
        if written != twinWritten {
            violated("in \(mode), the values write \(String(decoding: written ?? [], as: UTF8.self)) and the twin's \(String(decoding: twinWritten ?? [], as: UTF8.self))",
                     input: input)
        }
    }
}

/// The first field in which the two Recipes differ, or `nil`.
private func difference(_ recipe: Recipe, _ twin: TwinRecipe) -> String? {
    if recipe.objectId != twin.objectId { return "objectId \(String(describing: recipe.objectId)), the twin \(String(describing: twin.objectId))" }
    if recipe.createdAt != twin.createdAt { return "createdAt \(String(describing: recipe.createdAt)), the twin \(String(describing: twin.createdAt))" }
    if recipe.updatedAt != twin.updatedAt { return "updatedAt \(String(describing: recipe.updatedAt)), the twin \(String(describing: twin.updatedAt))" }
    if recipe.ACL != twin.ACL { return "ACL \(String(describing: recipe.ACL)), the twin \(String(describing: twin.ACL))" }
    if recipe.name != twin.name { return "name \(recipe.name), the twin \(twin.name)" }
    if recipe.servings != twin.servings { return "servings \(recipe.servings), the twin \(twin.servings)" }
    if recipe.price.bitPattern != twin.price.bitPattern { return "price \(recipe.price), the twin \(twin.price)" }
    if recipe.isAvailable != twin.isAvailable { return "isAvailable \(recipe.isAvailable), the twin \(twin.isAvailable)" }
    if recipe.category.rawValue != twin.category.rawValue { return "category \(recipe.category), the twin \(twin.category)" }
    if recipe.ingredients.count != twin.ingredients.count { return "\(recipe.ingredients.count) ingredients, the twin \(twin.ingredients.count)" }
    for (index, (ingredient, other)) in zip(recipe.ingredients, twin.ingredients).enumerated() {
        if ingredient.quantity.bitPattern != other.quantity.bitPattern || ingredient.description != other.description {
            return "ingredient \(index) \(ingredient), the twin \(other)"
        }
    }
    if recipe.sideOptions != twin.sideOptions { return "sideOptions \(recipe.sideOptions), the twin \(twin.sideOptions)" }
    if recipe.nutritionalInfo != twin.nutritionalInfo { return "nutritionalInfo \(recipe.nutritionalInfo), the twin \(twin.nutritionalInfo)" }
    if recipe.releaseDate != twin.releaseDate { return "releaseDate \(recipe.releaseDate), the twin \(twin.releaseDate)" }
    if recipe.author?.objectId != twin.author?.objectId { return "author \(String(describing: recipe.author)), the twin \(String(describing: twin.author))" }
    return nil
}

/// The generated Recipe written by hand as a plain Codable type: the same fields, coding keys
/// and class, so the bridge reads it as it reads the generated one, but no generated coding.
struct TwinRecipe: ParseObject {
    static var className: String { "Recipe" }

    enum Category: Int, Codable {
        case breakfast = 0, lunch = 1, dinner = 2
    }

    struct Ingredient: Codable {
        var quantity: Float
        var description: String
    }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
    var servings: Int
    var price: Double
    var isAvailable: Bool
    var category: Category
    var ingredients: [Ingredient]
    var sideOptions: [String]
    var nutritionalInfo: [String: String]
    var releaseDate: Date
    var author: TypedPointer<TwinAuthor>?
}

/// The twin of the generated Author, the target of `TwinRecipe.author`.
struct TwinAuthor: ParseObject {
    static var className: String { "Author" }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String
    var birthDate: Date?
}
