import Foundation

/// Finding an object's members on the tape.
extension WireDecodingState {
    /// The value index of the member `name` of the object at `object`, or `nil`.
    ///
    /// `depth` picks the search cursor: the search starts after the member found last in this
    /// object and wraps around, so keys read in written order are found at the first comparison.
    func find(_ name: String, in object: Int, depth: Int) -> Int? {
        let entry = entries[object]
        guard entry.length > 0 else { return nil }
        let end = Int(entry.next)
        let cursor = level(depth)
        var start = object + 1
        if cursor.pointee.cursorObject == object, cursor.pointee.cursorMember < end { start = cursor.pointee.cursorMember }
        var name = name
        return name.withUTF8 { key -> Int? in
            func search(from first: Int, to limit: Int) -> Int? {
                var child = first
                while child < limit {
                    let next = Int(entries[child + 1].next)
                    if keyMatches(child, key) {
                        cursor.pointee.cursorObject = object
                        cursor.pointee.cursorMember = next
                        return child + 1
                    }
                    child = next
                }
                return nil
            }
            // From the cursor to the end, then from the first member up to the cursor.
            return search(from: start, to: end) ?? search(from: object + 1, to: start)
        }
    }

    private func keyMatches(_ keyIndex: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entries[keyIndex]
        if entry.flags & JSONTape.stringHasEscapes != 0 {
            return JSONStrings.unescapedBytes(of: entry, in: input).elementsEqual(key)
        }
        guard Int(entry.length) == key.count else { return false }
        // Keys are short: a loop beats a call to memcmp.
        let bytes = input.baseAddress! + Int(entry.offset)
        for position in 0..<key.count where bytes[position] != key[position] { return false }
        return true
    }

    /// The value index of the member `name` of the object at `object`, without touching cursors.
    func memberValue(named name: StaticString, in object: Int) -> Int? {
        let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        var child = object + 1
        for _ in 0..<Int(entries[object].length) {
            if keyMatches(child, key) { return child + 1 }
            child = Int(entries[child + 1].next)
        }
        return nil
    }

    /// Whether the value is `null`, or `{"__op":"Delete"}` as a top-level value of a body.
    func isAbsent(_ valueIndex: Int, role: Role) -> Bool {
        let entry = entries[valueIndex]
        if entry.kind == .null { return true }
        guard role == .body, entry.kind == .object, entry.length == 1, walker.keyEquals(valueIndex + 1, "__op"),
              entries[valueIndex + 2].kind == .string else { return false }
        return walker.string(at: valueIndex + 2) == "Delete"
    }
}
