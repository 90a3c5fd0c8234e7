/// One principal's grant in a TVN ACL.
public struct TVNGrant: Sendable, Hashable {
    /// `*`, a user's objectId, or `role:<Name>`.
    public var principal: String
    /// Whether the principal may read.
    public var read: Bool
    /// Whether the principal may write.
    public var write: Bool

    /// Creates a grant.
    public init(principal: String, read: Bool, write: Bool) {
        self.principal = principal
        self.read = read
        self.write = write
    }
}
