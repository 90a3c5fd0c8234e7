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

/// A relation column of a class: `{"__type":"Relation","className":"C"}` (REL-1).
///
/// Membership is never on the wire in reads; it changes through `AddRelation`/`RemoveRelation`
/// operations (``FieldOperation``).
public struct ParseRelation: Sendable, Hashable, CustomStringConvertible {
    /// The class of the related objects.
    public let className: String

    /// Creates a relation.
    /// - Throws: `invalid-class-name` for a class name Parse rejects.
    public init(className: String) throws(ParseWireError) {
        if let error = NameRules.checkClassName(className) { throw error }
        self.className = className
    }

    public var description: String { "Relation<\(className)>" }
}

/// A file reference: `{"__type":"File","name":"…","url":"…"}`.
public struct ParseFile: Sendable, Hashable, CustomStringConvertible {
    /// The stored name of the file (what the server keeps).
    public let name: String
    /// The URL the server generated for it; absent for a file nested in an Object or Array value
    /// that was saved without one.
    public let url: String?

    /// Creates a file reference.
    ///
    /// FILE-3: a name in a File value is any non-empty string (the upload rule applies to uploads only).
    /// - Throws: `missing-field` when the name is empty (the server answers 111 `This is not a valid File`; FILE-1).
    public init(name: String, url: String? = nil) throws(ParseWireError) {
        guard !name.isEmpty else {
            throw ParseWireError(.missingField, message: "a File needs a non-empty name; Parse Server answers 111 \"This is not a valid File\"")
        }
        self.name = name
        self.url = url
    }

    public var description: String { "File(\(name))" }
}
