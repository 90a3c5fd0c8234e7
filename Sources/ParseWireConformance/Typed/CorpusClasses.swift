import CorpusModels
import Foundation
import ParseWire

/// A model generated from a class of `Vectors/classes/` (the target `CorpusModels`), as the typed
/// reference uses it: one that can be made empty, so that its columns can be read off it.
protocol CorpusModel: ParseWireGeneratedObject, Sendable {
    /// A model with every property `nil`: no field of `Vectors/classes` is required, so every
    /// column of a model may be absent (REC-4), and a key the class does not list is not an error
    /// either; the model does not read it.
    init()
}

extension CorpusModel {
    /// A document read into a model of this type by ``ParseWireDecoder``, which takes the model's
    /// generated coding and hands what that refuses to the Codable bridge, whose error it reports.
    static func read(_ bytes: [UInt8], as mode: ParseWireMode) throws -> any CorpusModel {
        try ParseWireDecoder().decode(Self.self, from: bytes, as: mode)
    }
}

extension CorpusModels.Author: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Book: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Category: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Genre: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.ISBN: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Item: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Listing: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Publisher: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.Recipe: CorpusModel { init() { self.init(objectId: nil) } }
extension CorpusModels.TodoListItem: CorpusModel { init() { self.init(objectId: nil) } }

/// One class of `Vectors/classes/`: its generated model, and the model's properties as columns.
struct CorpusClass: Sendable {
    /// The generated model.
    let type: any CorpusModel.Type
    /// Every key the model reads, in the order of its declaration: the schema's order, which is
    /// the order its generated code writes.
    let keys: [String]
    /// The schema type of every column (`ACL` and the fields, not the server's keys), by key: what
    /// the model's Swift types stand for, to hold an operation against and to compare with the
    /// class schema.
    let columns: [String: SchemaType]

    init(_ type: any CorpusModel.Type) {
        self.type = type
        var keys: [String] = []
        var columns: [String: SchemaType] = [:]
        for child in Mirror(reflecting: type.init()).children {
            guard let label = child.label else { continue }
            keys.append(label)
            guard !["objectId", "createdAt", "updatedAt"].contains(label), let column = child.value as? any SchemaColumn else { continue }
            columns[label] = column.schemaType
        }
        self.keys = keys
        self.columns = columns
    }

    /// Every class, by its name.
    static let byName: [String: CorpusClass] = {
        let types: [any CorpusModel.Type] = [
            CorpusModels.Author.self, CorpusModels.Book.self, CorpusModels.Category.self, CorpusModels.Genre.self,
            CorpusModels.ISBN.self, CorpusModels.Item.self, CorpusModels.Listing.self, CorpusModels.Publisher.self,
            CorpusModels.Recipe.self, CorpusModels.TodoListItem.self,
        ]
        return Dictionary(uniqueKeysWithValues: types.map { ($0.className, CorpusClass($0)) })
    }()
}

/// A Pointer column's value that may hold the object the server sent in its place (a query's
/// `include`): ``TypedPointer`` reads it into its target's model and keeps it in
/// ``TypedPointer/included``, but writes only the Pointer, so the typed reference puts the
/// included object back itself (written by its own model) to give back what the document said.
protocol IncludingPointer {
    /// The included object as an untyped value, or `nil` when the Pointer has none.
    func includedValue() throws(ParseWireError) -> ParseValue?
}

extension TypedPointer: IncludingPointer {
    func includedValue() throws(ParseWireError) -> ParseValue? {
        guard let included else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try ParseWireEncoder().encodeBytes(included, as: .fetchedObject)
        } catch {
            throw TypedReference.wireError(error)
        }
        return try ParseValueDecoder().decode(bytes, context: .object(className: Target.className))
    }
}

extension Optional: IncludingPointer where Wrapped: IncludingPointer {
    func includedValue() throws(ParseWireError) -> ParseValue? {
        try self?.includedValue()
    }
}
