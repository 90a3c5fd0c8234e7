import Foundation

/// The error a property throws to say it does not hold.
public struct PropertyViolation: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
