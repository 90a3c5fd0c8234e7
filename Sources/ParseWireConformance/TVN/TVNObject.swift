/// A Parse object in TVN.
public struct TVNObject: Sendable, Hashable {
    /// The object's class.
    public var className: String
    /// The object's objectId, when it has one.
    public var objectId: String?
    /// `createdAt` as epoch milliseconds text.
    public var createdAt: String?
    /// `updatedAt` as epoch milliseconds text.
    public var updatedAt: String?
    /// The ACL; `nil` when the object has none.
    public var acl: [TVNGrant]?
    /// The object's other fields, in order.
    public var fields: TVNList<TVNMember>

    /// Creates an object.
    public init(className: String, objectId: String? = nil, createdAt: String? = nil, updatedAt: String? = nil,
                acl: [TVNGrant]? = nil, fields: [TVNMember] = []) {
        self.className = className
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.acl = acl
        self.fields = TVNList(fields)
    }
}
