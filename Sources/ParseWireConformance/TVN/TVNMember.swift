/// A member of a TVN map, object fields or unknown typed value.
public struct TVNMember: Sendable, Hashable {
    public var key: String
    public var value: TVNValue

    /// Creates a member.
    public init(_ key: String, _ value: TVNValue) {
        self.key = key
        self.value = value
    }
}
