import Foundation

/// Opening, using and closing the containers of the stream: each is a frame on ``frames``, known by
/// its level and serial, so a call on a closed container or one out of stack order is noticed.
extension WireEncodingState {
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let level = openValueFrame(isArray: false) else {
            return KeyedEncodingContainer(WireKeyedEncoding<Key>(refusing: self))
        }
        return KeyedEncodingContainer(WireKeyedEncoding<Key>(state: self, level: level, serial: frames[level].serial,
                                                             depth: self.valueDepth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let level = openValueFrame(isArray: true) else { return WireUnkeyedEncoding(refusing: self) }
        return WireUnkeyedEncoding(state: self, level: level, serial: frames[level].serial, depth: self.valueDepth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueEncoding(state: self, start: json.count, level: frames.count, depth: self.valueDepth)
    }

    /// Opens the container of the value being encoded, or returns the one it already opened;
    /// `nil` once the document has ended.
    private func openValueFrame(isArray: Bool) -> Int? {
        guard self.isWriting else { return nil }
        if self.isTree { return markingObject(openTreeValueFrame(isArray: isArray)) }
        let valueLevel = self.valueLevel
        if frames.count > valueLevel {
            closeFrames(downTo: valueLevel + 1)
            if frames[valueLevel].isArray != isArray { mixedContainers() }
            return valueLevel
        }
        return markingObject(pushFrame(isArray: isArray, pathDepth: path.count))
    }

    func mixedContainers() {
        guard deferredError == nil else { return }
        let codingPath = codingPath
        let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(codingPath),
                                   message: "a value asked for both a keyed and an unkeyed container")
        deferredError = .invalidValue(codingPath, .init(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
    }

    /// Opens a container at the current position and returns its level. Closing it cuts the path
    /// back to `pathDepth`.
    func pushFrame(isArray: Bool, pathDepth: Int) -> Int {
        if self.isTree { return pushTreeFrame(isArray: isArray, pathDepth: pathDepth) }
        let role = frames.isEmpty && !isArray ? self.rootRole : .plain
        json.write(isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        var frame = Frame(isArray: isArray, role: role, serial: takeSerial(), nesting: Int32(frames.count), pathDepth: pathDepth)
        if frames.isEmpty, !isArray, let embeddedClassName = self.embeddedClassName {
            json.writeObjectType(className: embeddedClassName)
            frame.count = 1
        }
        checkDepth(frame.nesting)
        frames.append(frame)
        return frames.count - 1
    }

    /// A new container's serial.
    @inline(__always) func takeSerial() -> UInt32 {
        let serial = self.nextSerial
        self.nextSerial = serial &+ 1
        return serial
    }

    /// Reports a container nested deeper than the depth limit when the document ends (the
    /// protocol methods that open containers cannot throw); values recursing deeper are stopped
    /// by ``encodeComposite(_:key:)``.
    func checkDepth(_ nesting: Int32) {
        guard Int(nesting) >= options.maximumDepth, deferredError == nil else { return }
        deferredError = failure(.depthLimit, value: nesting, key: nil,
                                "containers are nested more than \(options.maximumDepth) deep (ParseWireEncodingOptions.maximumDepth)")
    }

    func closeFrames(downTo level: Int) {
        while frames.count > level {
            let frame = frames.removeLast()
            json.write(frame.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
            truncatePath(to: frame.pathDepth)
        }
    }

    /// Cuts the path back to `depth` steps.
    @inline(__always) func truncatePath(to depth: Int) {
        let count = path.count
        if count == depth + 1 {
            path.removeLast()
        } else if count > depth {
            path.removeSubrange(depth...)
        }
    }

    // MARK: - Using a container

    /// Makes the container at `level` with `serial` the one written to, closing the containers
    /// inside it, or throws: a call on a container of an ended document is an error; a call out
    /// of stack order starts the document again as a tree.
    @inline(__always)
    func use(level: Int, serial: UInt32) throws {
        guard UInt(bitPattern: level) < UInt(frames.count), frames[level].serial == serial, !frames[level].isBusy else {
            throw misused(level: level, serial: serial)
        }
        if frames.count > level + 1, !self.isTree { closeFrames(downTo: level + 1) }
    }

    /// ``use(level:serial:)`` for the calls that cannot throw; `false` when the container cannot be used.
    func canUse(level: Int, serial: UInt32) -> Bool {
        do {
            try use(level: level, serial: serial)
            return true
        } catch {
            return false
        }
    }

    /// The error for a container that cannot be used now, noting that the document needs the tree.
    @inline(never)
    func misused(level: Int, serial: UInt32) -> EncodingError {
        let codingPath = codingPath(depth: path.count)
        let message: String
        if !self.isWriting {
            message = "a container or encoder was used after its document was written; keep the value, not its coders"
        } else if self.isTree {
            message = "a container of an earlier pass over this document was used; containers belong to one call of encode(to:)"
        } else {
            self.needsTree = true
            message = "containers were used out of order; the document is written again in an order-independent way"
        }
        let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(codingPath), message: message)
        return .invalidValue(serial, .init(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
    }

    /// Starts an array element of the container at `level`; returns its index.
    func beginElement(at level: Int, serial: UInt32) throws -> Int {
        try use(level: level, serial: serial)
        if self.isTree { return beginTreeElement(at: level) }
        let index = frames[level].count
        if index > 0 { json.write(UInt8(ascii: ",")) }
        frames[level].count = index + 1
        memberRole = .plain
        return index
    }

    /// A `nil` optional member, written according to the nil policy.
    func encodeAbsent(_ key: some CodingKey, at level: Int, serial: UInt32) throws {
        guard options.nilPolicy != .omit else { return }
        try use(level: level, serial: serial)
        let role = frames[level].role
        let name = key.stringValue
        guard try slot(of: name, key: key, role: role, level: level) == .field else { return }
        switch options.nilPolicy {
        case .null:
            if !self.isTree { try noteKey(bit: keyBit(of: key), at: level, serial: serial) }
            writeMemberKey(name, at: level)
            json.write(ascii: "null")
        case .delete where role == .body && mode == .updateBody:
            if !self.isTree { try noteKey(bit: keyBit(of: key), at: level, serial: serial) }
            writeMemberKey(name, at: level)
            json.write(ascii: #"{"__op":"Delete"}"#)
        default:
            break
        }
    }
}
