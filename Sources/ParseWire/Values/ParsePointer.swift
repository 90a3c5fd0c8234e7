/// A reference to one object of a class: `{"__type":"Pointer","className":"C","objectId":"id"}` (PTR-1).
public struct ParsePointer: Sendable, Hashable, CustomStringConvertible {
    /// The class of the object pointed to, such as `Author` or `_User`.
    public let className: String
    /// The objectId of the object pointed to.
    public let objectId: String

    /// Creates a pointer.
    /// - Throws: `invalid-class-name` for a class name Parse rejects (PTR-3); `invalid-object-id` for an
    ///   empty objectId or one containing `$` (storage splits `Class$id` on `$`; PTR-4).
    public init(className: String, objectId: String) throws(ParseWireError) {
        if let error = NameRules.checkClassName(className) { throw error }
        if let error = NameRules.checkObjectId(objectId) { throw error }
        self.className = className
        self.objectId = objectId
    }

    /// A pointer whose parts the caller has already validated.
    init(uncheckedClassName className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }

    public var description: String { "Pointer<\(className)>(\(objectId))" }
}
