/// Parse objects below the root: a Pointer, or, in a fetched-object document that is not itself an
/// object (an array of objects, a query's `{"results":[…]}`), the outermost objects written whole.
extension WireEncodingState {
    /// A Parse object below the root: written whole (`true`) when it is the outermost object of
    /// a fetched-object document, such as an element of a query's results; otherwise written here
    /// as a Pointer (`false`).
    func enterNestedObject<T: Encodable, K: CodingKey>(_ value: T, of parseType: any ParseObject.Type, key: K) throws -> Bool {
        guard mode == .fetchedObject, self.objectDepth < 0 else {
            try writePointer(to: value as! any ParseObject, of: parseType, key: key)
            return false
        }
        self.objectDepth = self.compositeDepth + 1
        return true
    }

    /// Gives the container at `level` the object role when it is the container of a Parse object
    /// written whole below the root.
    @inline(__always)
    func markingObject(_ level: Int) -> Int {
        if level > 0, self.compositeDepth == self.objectDepth, !frames[level].isArray {
            frames[level].role = .object
        }
        return level
    }
}
