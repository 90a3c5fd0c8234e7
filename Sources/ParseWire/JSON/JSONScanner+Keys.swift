/// The scanner's duplicate-key check: each key is compared as it is read, and the first repeat is
/// reported as its object closes.
extension JSONScanner {
    /// Compares the key just read at `key` with the earlier keys of the innermost object, while its
    /// bytes are at hand: its fingerprint picks one bit of 64; only when that bit is already set can
    /// the key repeat an earlier one, and only then are the earlier keys compared. A key written with
    /// escapes, or past ``fingerprintedKeys`` keys, leaves the whole check to ``checkDuplicateKeys(objectIndex:)``
    /// at the close. Nothing is thrown here, so that the error an object reports stays the one it
    /// reported when every check ran at its close.
    @inline(__always)
    mutating func noteKey(_ key: Int) {
        let frame = open + (depth - 1)
        guard frame.pointee.repeatedKey == OpenContainer.noRepeat else { return }
        let entry = tape[key]
        let objectIndex = frame.pointee.entry
        guard entry.flags & JSONTape.stringHasEscapes == 0, tape[objectIndex].length < Self.fingerprintedKeys else {
            frame.pointee.repeatedKey = OpenContainer.checkAtClose
            return
        }
        let bit: UInt64 = 1 << ((fingerprint(of: entry) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if frame.pointee.keyBits & bit != 0 {
            var earlierKey = objectIndex + 1
            while earlierKey != key {
                if rawBytesEqual(earlierKey, key) {
                    frame.pointee.repeatedKey = key
                    return
                }
                earlierKey = Int(tape[earlierKey + 1].next)
            }
        }
        frame.pointee.keyBits |= bit
    }

    /// Objects with at most this many keys have their keys checked as each is read
    /// (``noteKey(_:)``); larger ones, and any with an escaped key, at their close through
    /// ``checkDuplicateKeys(objectIndex:)``.
    static let fingerprintedKeys = 32

    /// Rejects an object whose keys repeat, comparing unescaped bytes (so `"a"` and `"\u0061"` clash;
    /// JSON-3), without Unicode normalisation (STR-4: composed and decomposed keys differ). Run at
    /// the close of an object that ``noteKey(_:)`` could not check alone; the first repeated key
    /// in the document's order is reported, as there.
    mutating func checkDuplicateKeys(objectIndex: Int) throws(ParseWireError) {
        let memberCount = Int(tape[objectIndex].length)
        guard memberCount > 1 else { return }
        if memberCount <= Self.fingerprintedKeys, try !needsUnescapedComparison(objectIndex: objectIndex, memberCount: memberCount) {
            return
        }
        var seen: Set<[UInt8]> = []
        seen.reserveCapacity(memberCount)
        var key = objectIndex + 1
        for _ in 0..<memberCount {
            if !seen.insert(JSONStrings.unescapedBytes(of: tape[key], in: input)).inserted { throw duplicateKey(key) }
            key = Int(tape[key + 1].next)
        }
    }

    /// Compares each key's fingerprint with the earlier keys' and, where they match, the raw
    /// bytes; throws at the first repeated key. Returns `true`, having checked nothing, when a key
    /// is escaped (it can equal a key written differently, so unescaped bytes must be compared).
    private mutating func needsUnescapedComparison(objectIndex: Int, memberCount: Int) throws(ParseWireError) -> Bool {
        var key = objectIndex + 1
        if memberCount <= 4 {
            // Few keys (a Date, a Pointer, most embedded records): compare each pair directly;
            // keys of different lengths differ at the first comparison.
            for _ in 0..<memberCount {
                if tape[key].flags & JSONTape.stringHasEscapes != 0 { return true }
                var earlierKey = objectIndex + 1
                while earlierKey != key {
                    if rawBytesEqual(earlierKey, key) { throw duplicateKey(key) }
                    earlierKey = Int(tape[earlierKey + 1].next)
                }
                key = Int(tape[key + 1].next)
            }
            return false
        }
        // One bit per key, chosen by its fingerprint: only a key whose bit is already set can
        // repeat an earlier key, and only then are the earlier fingerprints searched.
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: memberCount) { (fingerprints) throws(ParseWireError) -> Bool in
            var seenBits: UInt64 = 0
            for member in 0..<memberCount {
                let entry = tape[key]
                if entry.flags & JSONTape.stringHasEscapes != 0 { return true }
                let fingerprint = fingerprint(of: entry)
                fingerprints[member] = fingerprint
                let bit: UInt64 = 1 << ((fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 58)
                if seenBits & bit != 0 {
                    for earlier in 0..<member where fingerprints[earlier] == fingerprint {
                        var earlierKey = objectIndex + 1
                        for _ in 0..<earlier { earlierKey = Int(tape[earlierKey + 1].next) }
                        if rawBytesEqual(earlierKey, key) { throw duplicateKey(key) }
                    }
                }
                seenBits |= bit
                key = Int(tape[key + 1].next)
            }
            return false
        }
    }

    /// A key's length and up to its first and last eight raw bytes, mixed into one word: equal
    /// keys have equal fingerprints, and different keys of one object almost never do.
    @inline(__always)
    func fingerprint(of key: JSONTape.Entry) -> UInt64 {
        let start = Int(key.offset), length = Int(key.length)
        var value = UInt64(length) &* 0x9E37_79B9_7F4A_7C15
        guard let base = input.baseAddress else { return value }
        if length >= 8 {
            let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            let last = UInt64(littleEndian: UnsafeRawPointer(base + start + length - 8).loadUnaligned(as: UInt64.self))
            value ^= first &* 0xC2B2_AE3D_27D4_EB4F ^ last
        } else if start + 8 <= input.count {
            // A short key: one load of eight bytes (the closing quote and more follow), masked to the key.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            value ^= word & ((1 << UInt64(8 * length)) &- 1)
        } else {
            for index in 0..<length { value ^= UInt64(base[start + index]) << (8 * index) }
        }
        return value
    }

    private func rawBytesEqual(_ a: Int, _ b: Int) -> Bool {
        let left = tape[a], right = tape[b]
        guard left.length == right.length else { return false }
        let leftStart = Int(left.offset), rightStart = Int(right.offset)
        for index in 0..<Int(left.length) where input[leftStart + index] != input[rightStart + index] {
            return false
        }
        return true
    }

    /// The error for the second occurrence of a key, placed at that key: its offset, and a path
    /// that ends in the key rather than in the object's last key.
    func duplicateKey(_ keyIndex: Int) -> ParseWireError {
        let key = JSONStrings.string(of: tape[keyIndex], in: input)
        return ParseWireError(.duplicateKey, offset: Int(tape[keyIndex].offset) - 1, path: currentPath(innermostKey: .at(keyIndex)),
                              message: "the key \(JSONStrings.quoted(key)) appears more than once in this object; Parse Server would silently keep only the last")
    }
}
