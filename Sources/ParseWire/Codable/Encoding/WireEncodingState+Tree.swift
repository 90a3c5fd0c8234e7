/// The encoder's fallback for containers used out of stack order.
///
/// The streaming writer closes a container as soon as a member is written outside it, which is
/// the order synthesised `Encodable` code follows. Hand-written code may do otherwise: create a
/// nested container, fill a sibling, then come back; use two containers in turn; write a key
/// twice. When a call comes out of order, ``WireEncodingState`` writes the document again with a
/// tree: containers then stay open, each member's text is recorded where it lies in the output,
/// and the document is assembled from the members when the value is done. A key written twice
/// keeps its last value, and a member whose value failed (an error the value's own code caught)
/// is left out, as `JSONEncoder` does.
struct EncodingTree {
    /// A member of an object, or an element of an array.
    struct Member {
        /// The member's key; `nil` for an array element.
        let key: String?
        /// Where the member's text starts in the state's output.
        let start: Int
        /// Where it ends; -1 while it is the member being written.
        var end = -1
        /// The level of the container the member holds, or -1 when it holds text.
        var child = -1
        /// Replaced by a later member with the same key, or its value failed.
        var isDropped = false
    }

    /// A member's position: the level of its container and its index there.
    struct Position: Equatable {
        let level: Int
        let index: Int
    }

    /// Each container's members, by level: in the tree, containers are never closed.
    var members: [[Member]] = []
    /// The member being written.
    var open: Position?
}

extension WireEncodingState {
    /// Writes the document again as a tree; see ``EncodingTree``.
    func encodeTree<T: Encodable>(_ value: T) throws {
        json.removeAll()
        frames.removeAll()
        path.removeAll()
        self.activeObjects.removeAll()
        self.valueLevel = 0
        self.valueDepth = 0
        self.valueFrame = -1
        self.compositeDepth = 0
        resetRoles()
        resetCourse()
        self.isTree = true
        defer {
            self.isTree = false
            self.tree = EncodingTree()
        }
        try encodeValue(value, key: NoKey())
        if let deferredError { throw deferredError }
        closeTreeMember()
        // A value that opened no container is its own text.
        guard !frames.isEmpty else { return }
        var output = OutputBuffer(capacity: json.count + 16)
        writeTree(level: 0, into: &output)
        let written = json
        json = output
        written.deallocate()
    }

    /// Opens a container in the tree: it is the value of the member being written, or the root.
    func pushTreeFrame(isArray: Bool, pathDepth: Int) -> Int {
        let level = frames.count
        var nesting: Int32 = 0
        if let open = tree.open {
            tree.members[open.level][open.index].child = level
            nesting = frames[open.level].nesting + 1
            closeTreeMember()
        }
        let role = level == 0 && !isArray ? self.rootRole : .plain
        frames.append(Frame(isArray: isArray, role: role, serial: takeSerial(), nesting: nesting, pathDepth: pathDepth))
        tree.members.append([])
        if level == 0, !isArray, let embeddedClassName = self.embeddedClassName {
            beginTreeMember(named: String(describing: WireTypeName.key), at: 0)
            json.writeString(WireTypeName.object.rawValue)
            beginTreeMember(named: "className", at: 0)
            json.writeString(embeddedClassName)
            closeTreeMember()
        }
        checkDepth(nesting)
        return level
    }

    /// The container of the value being encoded in the tree: the one it opened, or a new one.
    func openTreeValueFrame(isArray: Bool) -> Int {
        let existing = self.valueFrame
        if existing >= 0 {
            if frames[existing].isArray != isArray { mixedContainers() }
            return existing
        }
        let level = pushFrame(isArray: isArray, pathDepth: path.count)
        self.valueFrame = level
        return level
    }

    /// Starts a member of the object at `level` in the tree; the key is checked as in the stream.
    func beginTreeMember<K: CodingKey>(_ key: K, at level: Int) throws -> Slot {
        let role = frames[level].role
        var name = key.stringValue
        self.memberKeyIsBSONType = name.withUTF8 { KeywordDenylist.isBSONTypeKey($0) }
        let slot = try self.slot(of: name, key: key, role: role, level: level)
        if slot != .skip {
            beginTreeMember(named: name, at: level)
            memberRole = role
        }
        return slot
    }

    /// Starts the member `name` of the object at `level`; a member with the same key is dropped.
    func beginTreeMember(named name: String, at level: Int) {
        closeTreeMember()
        for index in tree.members[level].indices where tree.members[level][index].key == name {
            tree.members[level][index].isDropped = true
        }
        appendTreeMember(key: name, at: level)
    }

    /// The container that the member `name` of the object at `level` holds, if it holds one of
    /// the kind asked for.
    func existingTreeContainer(named name: String, at level: Int, isArray: Bool) -> Int? {
        guard let member = tree.members[level].last(where: { !$0.isDropped && $0.key == name }), member.child >= 0,
              frames[member.child].isArray == isArray else { return nil }
        return member.child
    }

    /// Starts an element of the array at `level` in the tree; returns its index.
    func beginTreeElement(at level: Int) -> Int {
        closeTreeMember()
        let index = frames[level].count
        appendTreeMember(key: nil, at: level)
        memberRole = .plain
        return index
    }

    private func appendTreeMember(key: String?, at level: Int) {
        tree.members[level].append(EncodingTree.Member(key: key, start: json.count))
        tree.open = EncodingTree.Position(level: level, index: tree.members[level].count - 1)
        frames[level].count += 1
    }

    /// Ends the member being written where the output ends now.
    func closeTreeMember() {
        guard let open = tree.open else { return }
        tree.members[open.level][open.index].end = json.count
        tree.open = nil
    }

    /// Leaves out the member at `position`: its value failed.
    func dropTreeMember(_ position: EncodingTree.Position?) {
        guard let position else { return }
        if tree.open == position { closeTreeMember() }
        tree.members[position.level][position.index].isDropped = true
    }

    /// Whether the value at output position `start` is still unwritten, in the tree.
    func isTreeValueUnwritten(start: Int) -> Bool {
        guard let open = tree.open else { return frames.isEmpty }
        let member = tree.members[open.level][open.index]
        return member.start == start && member.child < 0
    }

    /// Writes the container at `level` and its members, in the order they were begun.
    private func writeTree(level: Int, into output: inout OutputBuffer) {
        let isArray = frames[level].isArray
        output.write(isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        var isFirst = true
        for member in tree.members[level] where !member.isDropped {
            let end = member.end < 0 ? json.count : member.end
            // A member without a whole value is one whose writing failed and was caught.
            guard member.child >= 0 || isOneValue(from: member.start, to: end) else { continue }
            if !isFirst { output.write(UInt8(ascii: ",")) }
            isFirst = false
            if let key = member.key { output.writeKey(key) }
            if member.child >= 0 {
                writeTree(level: member.child, into: &output)
            } else {
                json.withBytes(from: member.start) { output.append(bytes: UnsafeBufferPointer(rebasing: $0[..<(end - member.start)])) }
            }
        }
        output.write(isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
    }

    /// Whether the output from `start` to `end` is exactly one JSON value.
    private func isOneValue(from start: Int, to end: Int) -> Bool {
        guard end > start else { return false }
        return json.withBytes(from: start) { bytes in
            (try? JSONScanner.scan(UnsafeBufferPointer(rebasing: bytes[..<(end - start)]))) != nil
        }
    }
}
