/// An adapter line that breaks `Vectors/schema/protocol.schema.json`: not JSON, the wrong `seq`,
/// a missing or extra member. The runner records it as an `error` for the check at hand.
public struct ProtocolViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for the adapter's author.
    public let message: String
    /// The `seq` an answer echoed when it was not the one asked for: the runner charges an echo of
    /// an earlier request to that request's check (an adapter that answered it twice).
    public let echoedSeq: Int?

    /// Creates a violation.
    public init(_ message: String, echoedSeq: Int? = nil) {
        self.message = message
        self.echoedSeq = echoedSeq
    }

    public var description: String { message }
}
