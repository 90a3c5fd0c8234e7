import Foundation

extension WireEncodingState {
    func writeInteger<I: FixedWidthInteger>(_ value: I) {
        if let exact = Int64(exactly: value) {
            NumberFormatting.appendInteger(exact, to: &json)
        } else {
            var text = String(value)
            text.withUTF8 { json.append(bytes: $0) }
        }
    }

    /// Writes the key of a member that holds a nested container. The key is checked like any
    /// other; a key the mode leaves out, or one that breaks a rule, is reported when the document
    /// ends, because these protocol methods cannot throw.
    func beginNestedMember(_ key: some CodingKey, at level: Int, serial: UInt32) -> Bool {
        guard canUse(level: level, serial: serial) else { return false }
        let name = key.stringValue
        do {
            guard try slot(of: name, key: key, role: frames[level].role, level: level) == .field else {
                throw failure(.reservedKey, value: name, key: key, "\"\(name)\" holds a Parse object's own value and cannot hold a nested container")
            }
        } catch {
            if deferredError == nil { deferredError = error as? EncodingError }
        }
        if !self.isTree, (try? noteKey(bit: keyBit(of: key), at: level, serial: serial)) == nil { return false }
        writeMemberKey(name, at: level)
        memberRole = frames[level].role
        return true
    }

    /// Opens the nested container of the member `key` of the container at `level`, and returns
    /// its level and serial; `nil` when the container cannot be used. In the tree, a key that
    /// holds a container of the same kind already gives that container again, as with `JSONEncoder`.
    func openNestedMember<K: CodingKey>(_ key: K, at level: Int, serial: UInt32, isArray: Bool, depth: Int) -> (level: Int, serial: UInt32)? {
        if self.isTree, canUse(level: level, serial: serial),
           let existing = existingTreeContainer(named: key.stringValue, at: level, isArray: isArray) {
            return (existing, frames[existing].serial)
        }
        guard beginNestedMember(key, at: level, serial: serial) else { return nil }
        let nested = pushNestedFrame(isArray: isArray, key: key, depth: depth)
        return (nested, frames[nested].serial)
    }

    /// Opens a nested container for the member or element `key` of the container at `depth`: the
    /// key is on the path while the nested container is open.
    func pushNestedFrame<K: CodingKey>(isArray: Bool, key: K, depth: Int) -> Int {
        truncatePath(to: depth)
        path.append(Self.pathEntry(key))
        return pushFrame(isArray: isArray, pathDepth: depth)
    }

    /// Checks that a single-value container made at output position `start`, with `level` frames
    /// open, may write: its value is the one being encoded and is still unwritten.
    func useSingleValue(start: Int, level: Int) throws {
        let unwritten = self.isTree ? isTreeValueUnwritten(start: start) : frames.count == level
        if self.isWriting, json.count == start, unwritten { return }
        let codingPath = codingPath(depth: path.count)
        let message = self.isWriting
            ? "a single-value container holds one value, written while that value is encoded; this one was used again or too late"
            : "a container or encoder was used after its document was written; keep the value, not its coders"
        let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(codingPath), message: message)
        self.sawError = true
        throw EncodingError.invalidValue(start, .init(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
    }
}
