import Foundation

/// What the encoder learns about types and keys, kept from one document to the next: the traits
/// of each type it met, and each member key's meaning and written form.
///
/// A key is remembered by its type and its one byte of storage, so only keys of at most one byte
/// are remembered: the synthesised `CodingKeys` enums (no payload) and keys like them, whose
/// `stringValue` is a function of that byte. Other keys are classified on every write.
///
/// One memo serves one document at a time: ``WireEncodingState`` checks it out of ``MemoStore``
/// when it starts and returns it when it is done, so the memo itself needs no lock. Documents
/// encoded at the same time on other threads start with an empty memo.
struct EncodingMemo {
    /// A remembered key: its slot and, unless skipped, its `,"name":` bytes in ``text`` (the comma
    /// for every member but the first).
    struct KeyEntry {
        /// The key's type, as the bits of its `ObjectIdentifier`; `0` for an empty table cell.
        var type: UInt = 0
        /// The key's storage byte and the container role, which together with the type name the entry.
        var tag: UInt8 = 0
        var role: UInt8 = 0
        var slot = WireEncodingState.Slot.field
        /// Whether the key contains `_bsontype`, so that a string value needs the denylist check.
        var isBSONTypeKey = false
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// Open addressing, linear probing; the capacity is a power of two and at most half full.
    private(set) var keys = [KeyEntry](repeating: KeyEntry(), count: 64)
    private var keyCount = 0
    /// The written forms of the remembered keys, back to back.
    private(set) var text: [UInt8] = []
    /// The traits of the first types met, searched in order: a document has few types, and a
    /// short scan is cheaper than hashing.
    private var firstTraits: [(type: ObjectIdentifier, traits: WireEncodingState.Traits)] = []
    /// The traits of any further type.
    private var moreTraits: [ObjectIdentifier: WireEncodingState.Traits] = [:]
    private static let firstTraitsCount = 32

    /// The traits of a type, if remembered.
    func traits(of type: ObjectIdentifier) -> WireEncodingState.Traits? {
        for entry in firstTraits where entry.type == type { return entry.traits }
        return firstTraits.count < Self.firstTraitsCount ? nil : moreTraits[type]
    }

    /// Remembers the traits of a type.
    mutating func remember(_ traits: WireEncodingState.Traits, of type: ObjectIdentifier) {
        if firstTraits.count < Self.firstTraitsCount {
            firstTraits.append((type, traits))
        } else {
            if moreTraits.count >= Self.limit { moreTraits.removeAll() }
            moreTraits[type] = traits
        }
    }

    /// Past this many keys or types the memo starts over, so that it stays small.
    static let limit = 4096

    private static func cell(type: UInt, tag: UInt8, role: UInt8, mask: Int) -> Int {
        let mixed = (type ^ UInt(tag) &<< 3 ^ UInt(role) &<< 1) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }

    /// The entry of a key, if remembered.
    func entry(type: UInt, tag: UInt8, role: UInt8) -> KeyEntry? {
        let mask = keys.count - 1
        var index = Self.cell(type: type, tag: tag, role: role, mask: mask)
        while true {
            let entry = keys[index]
            if entry.type == 0 { return nil }
            if entry.type == type, entry.tag == tag, entry.role == role { return entry }
            index = (index + 1) & mask
        }
    }

    /// Remembers a key with its written form `"name":` (nothing for a skipped key), stored with a comma before it.
    mutating func remember(type: UInt, tag: UInt8, role: UInt8, slot: WireEncodingState.Slot, isBSONTypeKey: Bool,
                           written: UnsafeBufferPointer<UInt8>) {
        if keyCount >= Self.limit || text.count > Self.limit * 64 {
            self = EncodingMemo()
        }
        if (keyCount + 1) * 2 > keys.count { grow() }
        var entry = KeyEntry(type: type, tag: tag, role: role, slot: slot, isBSONTypeKey: isBSONTypeKey,
                             start: Int32(text.count), count: Int32(written.count + 1))
        text.append(UInt8(ascii: ","))
        text.append(contentsOf: written)
        let mask = keys.count - 1
        var index = Self.cell(type: type, tag: tag, role: role, mask: mask)
        while keys[index].type != 0 {
            if keys[index].type == type, keys[index].tag == tag, keys[index].role == role {
                entry.start = keys[index].start
                entry.count = keys[index].count
                keys[index] = entry
                return
            }
            index = (index + 1) & mask
        }
        keys[index] = entry
        keyCount += 1
    }

    private mutating func grow() {
        let old = keys
        keys = [KeyEntry](repeating: KeyEntry(), count: old.count * 2)
        let mask = keys.count - 1
        for entry in old where entry.type != 0 {
            var index = Self.cell(type: entry.type, tag: entry.tag, role: entry.role, mask: mask)
            while keys[index].type != 0 { index = (index + 1) & mask }
            keys[index] = entry
        }
    }
}
