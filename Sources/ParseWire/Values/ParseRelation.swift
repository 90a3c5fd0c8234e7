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
