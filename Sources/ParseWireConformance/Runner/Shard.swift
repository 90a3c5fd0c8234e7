/// One of `count` parts of a run, for splitting the corpus across CI jobs (`--shard k/n`).
///
/// A case belongs to shard `k` when the FNV-1a hash of its id, modulo `count`, is `k - 1`: every
/// check of a case (its follow-up roundtrip included) runs in the same shard, the `count` shards
/// together run every check exactly once, and adding a case never moves another to a new shard.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which part, from 1.
    package let index: Int
    /// How many parts.
    package let count: Int

    /// Creates shard `index` of `count`, or `nil` unless 1 ≤ index ≤ count.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `k/n`.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether the case with this id runs in this shard.
    package func includes(id: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index - 1
    }

    package var description: String { "\(index)/\(count)" }
}
