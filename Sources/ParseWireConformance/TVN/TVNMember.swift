/// A member of a TVN map, object fields or unknown typed value.
public struct TVNMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: TVNValue

    /// Creates a member.
    public init(_ key: String, _ value: TVNValue) {
        self.key = key
        self.value = value
    }
}
