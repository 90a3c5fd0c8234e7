/// Thrown by generated coding when the document must be coded by the Codable bridge instead,
/// which then reports any error exactly as it does for any `Codable` type.
public struct GeneratedWireFallback: Error, Sendable {
    /// Creates the signal.
    public init() {}
}
