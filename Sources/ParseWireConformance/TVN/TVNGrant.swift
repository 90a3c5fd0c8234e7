/// One principal's grant in a TVN ACL.
public struct TVNGrant: Sendable, Hashable {
    /// `*`, a user's objectId, or `role:<Name>`.
    public var principal: String
    public var read: Bool
    public var write: Bool

    /// Creates a grant.
    public init(principal: String, read: Bool, write: Bool) {
        self.principal = principal
        self.read = read
        self.write = write
    }
}
