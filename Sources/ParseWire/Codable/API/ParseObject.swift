import Foundation

/// A Codable type stored as a Parse object: a class name, the server-owned keys and an ACL.
///
/// Conform a struct (or a final class) and it encodes as a fetched object, a save body or an
/// update body (``ParseWireMode``); nested inside another value it encodes as a Pointer.
///
///     struct Recipe: ParseObject {
///         var objectId: String?
///         var createdAt: Date?
///         var updatedAt: Date?
///         var ACL: ParseACL?
///         var name: String
///     }
public protocol ParseObject: Codable {
    /// The Parse class name, such as `Recipe` or `_User`; by default the type's own name.
    static var className: String { get }
    /// The server-assigned id; `nil` until the object is saved.
    var objectId: String? { get set }
    /// When the server created the object; `nil` until it is saved.
    var createdAt: Date? { get set }
    /// When the server last changed the object; `nil` until it is saved.
    var updatedAt: Date? { get set }
    /// Who may read and write the object; `nil` for none on the wire (a public object).
    var ACL: ParseACL? { get set }
}

extension ParseObject {
    /// The type's own name, such as `Recipe`; for a generic type its name without the arguments
    /// (`Shelf` for `Shelf<Int>`), since `<` is not allowed in a Parse class name.
    public static var className: String { TypeNames.className(of: Self.self) }

    /// A pointer to this object.
    ///
    /// - Returns: A pointer with the object's class name and objectId.
    /// - Throws: ``ParseWireError`` of kind `invalid-object-id` when the object is not saved.
    public func toPointer() throws(ParseWireError) -> TypedPointer<Self> {
        guard let objectId else {
            throw ParseWireError(.invalidObjectId, message: "this \(Self.className) has no objectId; save it before pointing to it")
        }
        return try TypedPointer(objectId: objectId)
    }
}

/// The default class names of types, worked out once per type: `String(describing:)` of a type
/// costs thousands of instructions (it reflects on the type), and the default
/// ``ParseObject/className`` is read for every Pointer written or read.
enum TypeNames {
    private nonisolated(unsafe) static var names: [ObjectIdentifier: String] = [:]
    private static let lock = NSLock()

    /// The type's name without generic arguments (`Shelf` for `Shelf<Int>`, since `<` is not
    /// allowed in a Parse class name), from the cache after the first call for `type`.
    static func className(of type: Any.Type) -> String {
        let identity = ObjectIdentifier(type)
        lock.lock()
        let known = names[identity]
        lock.unlock()
        if let known { return known }
        let described = String(describing: type)
        let name = described.firstIndex(of: "<").map { String(described[..<$0]) } ?? described
        lock.lock()
        names[identity] = name
        lock.unlock()
        return name
    }
}
