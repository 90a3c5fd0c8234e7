/// A pointer: a class name and an objectId.
public struct TVNPointer: Sendable, Hashable {
    /// The class pointed to.
    public var className: String
    /// The objectId pointed to.
    public var objectId: String

    /// Creates a pointer.
    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }
}
