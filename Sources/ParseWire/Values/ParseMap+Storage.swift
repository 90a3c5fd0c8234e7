/// A map's members in one heap block: a small header and the key–value pairs after it.
///
/// A where clause `{"a":1}` is a map of one member, and a query of many clauses is mostly such maps:
/// a separate storage object, keys array and values array would be three blocks (184 bytes for one
/// member); here it is one of 88.
extension ParseMap {
    /// One member: its key and its value, side by side.
    struct Member {
        var key: String
        var value: ParseValue
    }

    /// What the block holds before its members, packed into two words.
    struct Header {
        /// How many members are initialized.
        var count: UInt32
        /// How many containers deep the values nest, at most (``ParseValue/height``): exact when
        /// built, an upper bound after removals; saturates, which only ever makes a release take
        /// the work list.
        var height: UInt32
        /// An index from key to position, kept only for maps large enough for linear search to hurt
        /// (CONT-4: maps of thousands of members stay whole and linear in time).
        var index: [ExactString: Int]?
    }

    /// The block, mutated only while uniquely referenced (copy on write): what makes it sound for
    /// ``ParseMap`` to hold it as `nonisolated(unsafe)` (the standard library's `ManagedBuffer` is
    /// not `Sendable`), since no block is ever mutated while another owner sees it. Its header and
    /// members are reached through pointers, which carry no exclusivity check: every access goes
    /// through ``ParseMap``, which never holds one across another.
    final class Storage: ManagedBuffer<Header, Member> {
        /// A block with room for `capacity` members, none initialized.
        static func make(capacity: Int, height: Int = 1) -> Storage {
            let buffer = Storage.create(minimumCapacity: capacity) { _ in
                Header(count: 0, height: UInt32(clamping: height), index: nil)
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        /// The storage of every empty map until one is mutated: an empty map allocates nothing.
        nonisolated(unsafe) static let empty = make(capacity: 0)

        var head: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }
        var members: UnsafeMutablePointer<Member> { withUnsafeMutablePointerToElements { $0 } }
        var count: Int { Int(head.pointee.count) }

        /// A copy of the members in a block with room for `capacity` of them.
        func copy(capacity: Int) -> Storage {
            let copy = Storage.make(capacity: Swift.max(capacity, count))
            copy.members.initialize(from: members, count: count)
            copy.head.pointee = head.pointee
            return copy
        }

        /// The members moved into a block with room for `capacity` of them; this block is left empty.
        func moved(capacity: Int) -> Storage {
            let moved = Storage.make(capacity: Swift.max(capacity, count))
            moved.members.moveInitialize(from: members, count: count)
            moved.head.pointee = head.pointee
            head.pointee.count = 0
            head.pointee.index = nil
            return moved
        }

        deinit {
            let count = self.count
            guard count > 0 else { return }
            if head.pointee.height >= UInt32(ParseValue.shallow) {
                // Deep values go to the work list rather than the runtime's recursive release.
                var values: [ParseValue] = []
                values.reserveCapacity(count)
                for position in 0..<count { values.append((members + position).move().value) }
                ParseValue.dismantle(&values)
            } else {
                members.deinitialize(count: count)
            }
        }
    }

    /// The heap objects the map's members live in (one), for tests that ask the allocator what
    /// they cost.
    var storageObjects: [AnyObject] { [storage] }
}
