import Foundation

/// An object generated code is reading.
public struct GeneratedWireObject {
    @usableFromInline let index: Int
    let role: GeneratedWireWriter.Role
    /// For a Parse object, its class.
    let className: String

    /// The key entry of its first member.
    public var firstMember: Int { index + 1 }
}
