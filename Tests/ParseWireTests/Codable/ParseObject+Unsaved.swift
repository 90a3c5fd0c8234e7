import ParseWire

extension ParseObject {
    /// The object as a save body leaves it: without the server-owned keys.
    var unsaved: Self {
        var copy = self
        copy.objectId = nil
        copy.createdAt = nil
        copy.updatedAt = nil
        return copy
    }
}
