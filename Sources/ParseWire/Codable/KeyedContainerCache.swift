/// The keyed containers the encoder has handed out, for reuse.
///
/// Making a `KeyedEncodingContainer` costs the runtime two generic metadata lookups, a witness
/// table lookup and a heap box. A ``WireKeyedEncoding`` holds nothing but the state, its level and
/// its depth, so two containers with the same key type, level and depth behave identically, and
/// the second can be the first again; the state is kept from one document to the next (see
/// ``StateStore``), so the containers of one model are made once.
///
/// The cached containers hold the state: ``StateStore`` empties the cache of a state it lets go.
struct KeyedContainerCache {
    /// One handed-out container and what identifies it.
    private struct Entry {
        let keyType: ObjectIdentifier
        let level: Int
        let depth: Int
        let holder: AnyObject
    }

    private var entries: [Entry] = []
    /// Past this many containers the rest are made without the cache: starting over instead
    /// would make every container of a document deeper than this pay for remembering it.
    private static let capacity = 32
    /// Containers this deep or deeper are made without the cache, and without searching it:
    /// deep documents then cost the same per level as without a cache.
    private static let levelLimit = 16

    /// The holder of the container made earlier for this key type, level and depth.
    func holder(keyType: ObjectIdentifier, level: Int, depth: Int) -> AnyObject? {
        guard level < Self.levelLimit else { return nil }
        for entry in entries where entry.keyType == keyType && entry.level == level && entry.depth == depth {
            return entry.holder
        }
        return nil
    }

    /// Remembers a container made for this key type, level and depth.
    mutating func remember<Key: CodingKey>(_ container: KeyedEncodingContainer<Key>, level: Int, depth: Int) {
        guard entries.count < Self.capacity, level < Self.levelLimit else { return }
        entries.append(Entry(keyType: ObjectIdentifier(Key.self), level: level, depth: depth, holder: Holder(container)))
    }

    /// Forgets every container, which releases the state they hold.
    mutating func removeAll() {
        entries.removeAll()
    }

    /// A container as an object whose type the key type names.
    final class Holder<Key: CodingKey> {
        let container: KeyedEncodingContainer<Key>

        init(_ container: KeyedEncodingContainer<Key>) {
            self.container = container
        }
    }
}
