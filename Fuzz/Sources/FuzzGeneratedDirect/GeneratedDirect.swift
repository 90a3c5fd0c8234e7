import CorpusModels
import Foundation
import FuzzSupport
import ParseWire

/// Generated models read by ``ParseWireDecoder`` with every tier (the direct reader, the tape
/// reader, the Codable bridge) against hand-written Codable twins, which only the bridge can read:
/// both read the document or both refuse it, and what they read is equal field by field and writes
/// the same bytes. The models are the corpus's `TodoListItem` (strings, a Bool, a Date) and `Item`
/// (a Pointer), which the direct reader reads whole.
///
/// The first byte picks the model and the mode (`% 10`: a TodoListItem as a fetched object, value,
/// save body, update body, then an Item the same four ways, then an array of each as a query's
/// results); the document follows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeneratedDirect(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(start.load(as: UInt8.self)) % 10
    let input = UnsafeRawBufferPointer(start: start + 1, count: count - 1)
    let bytes = Array(input)
    let modes: [ParseWireMode] = [.fetchedObject, .value, .saveBody, .updateBody]
    switch selector {
    case 0..<4:
        compare(TodoListItem.self, TwinTodoListItem.self, bytes, mode: modes[selector], input: input, difference)
    case 4..<8:
        compare(Item.self, TwinItem.self, bytes, mode: modes[selector - 4], input: input, difference)
    case 8:
        compare([TodoListItem].self, [TwinTodoListItem].self, bytes, mode: .fetchedObject, input: input) { differenceOfArrays($0, $1, difference) }
    default:
        compare([Item].self, [TwinItem].self, bytes, mode: .fetchedObject, input: input) { differenceOfArrays($0, $1, difference) }
    }
    return 0
}

/// Stops the run unless both types read `bytes` with no difference and write the same bytes, or both refuse them.
private func compare<G: Codable, T: Codable>(_ generated: G.Type, _ twin: T.Type, _ bytes: [UInt8], mode: ParseWireMode,
                                             input: UnsafeRawBufferPointer, _ difference: (G, T) -> String?) {
    let value = Result { try ParseWireDecoder().decode(G.self, from: bytes, as: mode) }
    let twinValue = Result { try ParseWireDecoder().decode(T.self, from: bytes, as: mode) }
    switch (value, twinValue) {
    case (.failure, .failure):
        return
    case (.success(let value), .failure(let error)):
        violated("the generated model read \(value) in \(mode); the twin fails: \(error)", input: input)
    case (.failure(let error), .success(let value)):
        violated("the twin read \(value) in \(mode); the generated model fails: \(error)", input: input)
    case (.success(let value), .success(let twinValue)):
        if let difference = difference(value, twinValue) { violated("in \(mode), \(difference)", input: input) }
        var encoder = ParseWireEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try? encoder.encodeBytes(value, as: mode)
        let twinWritten = try? encoder.encodeBytes(twinValue, as: mode)
        if written != twinWritten {
            violated("in \(mode), the value writes \(String(decoding: written ?? [], as: UTF8.self)), the twin's \(String(decoding: twinWritten ?? [], as: UTF8.self))",
                     input: input)
        }
    }
}

private func differenceOfArrays<G, T>(_ generated: [G], _ twin: [T], _ difference: (G, T) -> String?) -> String? {
    guard generated.count == twin.count else { return "\(generated.count) elements, the twin \(twin.count)" }
    for (index, (element, other)) in zip(generated, twin).enumerated() {
        if let found = difference(element, other) { return "element \(index): \(found)" }
    }
    return nil
}

/// The server-owned fields every Parse object has, compared.
private func differenceOfServerFields(_ object: some ParseObject, _ twin: some ParseObject) -> String? {
    if object.objectId != twin.objectId { return "objectId \(String(describing: object.objectId)), the twin \(String(describing: twin.objectId))" }
    if object.createdAt != twin.createdAt { return "createdAt \(String(describing: object.createdAt)), the twin \(String(describing: twin.createdAt))" }
    if object.updatedAt != twin.updatedAt { return "updatedAt \(String(describing: object.updatedAt)), the twin \(String(describing: twin.updatedAt))" }
    if object.ACL != twin.ACL { return "ACL \(String(describing: object.ACL)), the twin \(String(describing: twin.ACL))" }
    return nil
}

private func difference(_ todo: TodoListItem, _ twin: TwinTodoListItem) -> String? {
    if let found = differenceOfServerFields(todo, twin) { return found }
    if todo.title != twin.title { return "title \(String(describing: todo.title)), the twin \(String(describing: twin.title))" }
    if todo.isDone != twin.isDone { return "isDone \(String(describing: todo.isDone)), the twin \(String(describing: twin.isDone))" }
    if todo.dueDate != twin.dueDate { return "dueDate \(String(describing: todo.dueDate)), the twin \(String(describing: twin.dueDate))" }
    return nil
}

private func difference(_ item: Item, _ twin: TwinItem) -> String? {
    if let found = differenceOfServerFields(item, twin) { return found }
    if item.name != twin.name { return "name \(String(describing: item.name)), the twin \(String(describing: twin.name))" }
    if item.category?.objectId != twin.category?.objectId {
        return "category \(String(describing: item.category)), the twin \(String(describing: twin.category))"
    }
    return nil
}

/// The corpus's generated `TodoListItem` written by hand as a plain Codable type: the same fields,
/// coding keys and class, so the bridge reads it as it reads the generated one, with no generated coding.
struct TwinTodoListItem: ParseObject {
    static var className: String { "TodoListItem" }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var title: String?
    var isDone: Bool?
    var dueDate: Date?
}

/// The twin of the corpus's generated `Item`.
struct TwinItem: ParseObject {
    static var className: String { "Item" }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String?
    var category: TypedPointer<TwinCategory>?
}

/// The target of `TwinItem.category`.
struct TwinCategory: ParseObject {
    static var className: String { "Category" }

    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?
    var ACL: ParseACL?
    var name: String?
}
