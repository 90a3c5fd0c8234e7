/// A Parse object as the wire carries it: a class, the server-owned keys, an ACL and fields.
///
/// Two wire forms hold one: the *fetched* REST form (a document decoded in the object context,
/// `{"objectId":…,"createdAt":"<iso>",…}`, its class known from the request), and the *embedded*
/// form inside a value (`{"__type":"Object","className":…,…}`: an included pointer, a cloud
/// function result). In both, `createdAt` and `updatedAt` are plain ISO strings.
public struct ParseObjectValue: Sendable, Hashable, CustomStringConvertible {
    /// The object's class.
    public let className: String
    /// The server-assigned id; `nil` for an object that has none on the wire.
    public let objectId: String?
    public let createdAt: ParseDate?
    public let updatedAt: ParseDate?
    /// The object's ACL; `nil` when the wire has no `ACL` key (a public object).
    public let acl: ParseACL?
    /// Every other key, in wire order.
    public let fields: ParseMap

    /// The keys an object holds apart from its fields.
    static let reservedKeys: Set<String> = ["objectId", "createdAt", "updatedAt", "ACL"]

    /// Creates an object.
    /// - Throws: `invalid-class-name`, `invalid-object-id`, `invalid-field-name` for a field name
    ///   Parse rejects, `reserved-key` for a field named `objectId`, `createdAt`, `updatedAt`,
    ///   `ACL` or `__type`.
    public init(className: String, objectId: String? = nil, createdAt: ParseDate? = nil, updatedAt: ParseDate? = nil,
                acl: ParseACL? = nil, fields: ParseMap = ParseMap()) throws(ParseWireError) {
        if let error = NameRules.checkClassName(className) { throw error }
        if let objectId, let error = NameRules.checkObjectId(objectId) { throw error }
        for position in fields.indices {
            let key = fields.key(at: position)
            if Self.reservedKeys.contains(key) {
                throw ParseWireError(.reservedKey, path: WirePath().appending(key: key).description,
                                     message: "\"\(key)\" is held by the object itself, not by its fields")
            }
            if let error = NameRules.checkFieldName(key) {
                throw error.located(offset: nil, path: WirePath().appending(key: key).description)
            }
        }
        self.className = className
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.acl = acl
        self.fields = fields
    }

    public var description: String { "Object<\(className)>(\(objectId ?? "unsaved"), \(fields.count) fields)" }
}
