/// Resetting a state in place between documents, so that the next one starts with the grown
/// buffers and the memo of the last.
extension WireEncodingState {
    /// Readies the state for the next document: its buffers emptied (large ones given back), its
    /// memo, caches and serials kept, everything else as a new state has it.
    func recycle() {
        json.removeAll()
        scratch.bytes.removeAll(keepingCapacity: scratch.bytes.capacity <= Self.keptCapacity)
        frames.removeAll()
        path.removeAll(keepingCapacity: path.capacity <= 256)
        activeObjects.removeAll()
        valueLevel = 0
        valueDepth = 0
        valueFrame = -1
        compositeDepth = 0
        resetRoles()
        memberKeyIsBSONType = false
        cachedTraits = nil
        uniqueKeyType = nil
        options = ParseWireEncodingOptions()
        mode = .value
        isWriting = false
        resetCourse()
    }

    /// The Parse roles of a document that has not started.
    func resetRoles() {
        rootRole = .plain
        objectDepth = -1
        embeddedClassName = nil
        memberRole = .plain
        sawGeoPointField = false
    }

    /// The errors and fallback of a document that has not started.
    func resetCourse() {
        deferredError = nil
        needsTree = false
        sawError = false
        isTree = false
        tree = EncodingTree()
    }
}
