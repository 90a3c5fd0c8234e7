/// An adapter line that breaks `Vectors/schema/protocol.schema.json`: not JSON, the wrong `seq`,
/// a missing or extra member. The runner records it as an `error` for the check at hand.
public struct ProtocolViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for the adapter's author.
    public let message: String

    /// Creates a violation.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
