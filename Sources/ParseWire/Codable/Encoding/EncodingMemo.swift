import Foundation

/// What the encoder learns about types and keys, kept from one document to the next: the traits
/// of each type it met, and each member key's meaning and written form.
///
/// A key is remembered by its type and its one byte of storage, so only keys of at most one byte
/// are remembered: the synthesised `CodingKeys` enums (no payload) and keys like them, whose
/// `stringValue` is a function of that byte. Other keys are classified on every write.
///
/// A keyed container finds its key type's dense table at its first key and keeps it in its frame
/// (``table(type:role:)``):
/// the entries of that type and role side by side, indexed by the key's byte, so each of its keys
/// costs an array index rather than a hash. Every entry names its type, byte and role, and a
/// lookup checks all three, so an index that outlived a reset of the memo finds nothing rather
/// than another key's entry.
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
    /// The dense tables, ``tableWidth`` entries each, back to back; a table's place is kept in
    /// ``keys`` under the role bit ``tableRole``.
    private(set) var tables: [KeyEntry] = []
    /// How many entries a dense table has: keys whose byte is at least this are kept in ``keys``.
    static let tableWidth = 64
    /// Past this many tables a keyed container's keys are looked up in ``keys``, so that the
    /// tables of a document with many key types stay small (48 KB at most).
    static let tableLimit = 32
    /// The role bit of the entry in ``keys`` that gives a table's place; roles are small numbers.
    private static let tableRole: UInt8 = 0x80
    /// The table last asked for, and its type and role: containers of one type come in runs (the
    /// elements of an array, the levels of a recursive type), and two compares are cheaper than a hash.
    private var lastTable: (type: UInt, role: UInt8, table: Int32) = (0, 0, -1)
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

    /// The dense table of key type `type` in role `role`, made when first asked for; -1 when the
    /// memo keeps no more tables.
    @inline(__always)
    mutating func table(type: UInt, role: UInt8) -> Int32 {
        let last = lastTable
        if last.type == type, last.role == role { return last.table }
        let table = findTable(type: type, role: role)
        lastTable = (type, role, table)
        return table
    }

    /// ``table(type:role:)`` for a type or role other than the last.
    private mutating func findTable(type: UInt, role: UInt8) -> Int32 {
        if let place = entry(type: type, tag: 0, role: role | Self.tableRole) { return place.start }
        guard tables.count < Self.tableLimit * Self.tableWidth else { return -1 }
        if keyCount >= Self.limit { self = EncodingMemo() }
        let table = Int32(tables.count / Self.tableWidth)
        tables.append(contentsOf: repeatElement(KeyEntry(), count: Self.tableWidth))
        insert(KeyEntry(type: type, tag: 0, role: role | Self.tableRole, start: table))
        return table
    }

    /// The entry of a key in dense table `table`, if remembered there.
    @inline(__always)
    func entry(table: Int32, type: UInt, tag: UInt8, role: UInt8) -> KeyEntry? {
        let index = Int(table) &* Self.tableWidth &+ Int(tag)
        guard Int(tag) < Self.tableWidth, UInt(bitPattern: index) < UInt(tables.count) else { return nil }
        let entry = tables[index]
        return entry.type == type && entry.role == role ? entry : nil
    }

    /// Remembers a key with its written form `"name":` (nothing for a skipped key), stored with a
    /// comma before it: in dense table `table` if there is one for it, else in ``keys``.
    mutating func remember(type: UInt, tag: UInt8, role: UInt8, slot: WireEncodingState.Slot, isBSONTypeKey: Bool,
                           written: UnsafeBufferPointer<UInt8>, table: Int32 = -1) {
        if keyCount >= Self.limit || text.count > Self.limit * 64 {
            self = EncodingMemo()
        }
        let entry = KeyEntry(type: type, tag: tag, role: role, slot: slot, isBSONTypeKey: isBSONTypeKey,
                             start: Int32(text.count), count: Int32(written.count + 1))
        text.append(UInt8(ascii: ","))
        text.append(contentsOf: written)
        let index = Int(table) &* Self.tableWidth &+ Int(tag)
        if Int(tag) < Self.tableWidth, UInt(bitPattern: index) < UInt(tables.count) {
            tables[index] = entry
        } else {
            insert(entry)
        }
    }

    /// Puts `entry` in ``keys``, in place of the entry of the same key if there is one (whose text is kept).
    private mutating func insert(_ entry: KeyEntry) {
        var entry = entry
        if (keyCount + 1) * 2 > keys.count { grow() }
        let type = entry.type, tag = entry.tag, role = entry.role
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
