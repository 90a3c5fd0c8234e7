/// A pointer: a class name and an objectId.
public struct TVNPointer: Sendable, Hashable {
    public var className: String
    public var objectId: String

    /// Creates a pointer.
    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }
}
