/// A Parse object in TVN.
public struct TVNObject: Sendable, Hashable {
    public var className: String
    public var objectId: String?
    /// `createdAt` as epoch milliseconds text.
    public var createdAt: String?
    /// `updatedAt` as epoch milliseconds text.
    public var updatedAt: String?
    /// The ACL; `nil` when the object has none.
    public var acl: [TVNGrant]?
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
