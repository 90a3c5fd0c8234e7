/// Keyed containers made once per key type and used again.
///
/// Making a `KeyedDecodingContainer<Key>` the ordinary way asks the runtime for the generic
/// metadata of the concrete container and of the standard library's box around it (each a hash
/// table lookup), for a witness table, and allocates the box. The state instead keeps, for each key
/// type, the last box it made together with the ``KeyedContainerFrame`` that box's container reads
/// its object from. When that box is referenced by the state alone, no container made from it is
/// left with the user, so its frame is pointed at the new object and the box handed out again.
extension WireDecodingState {
    /// One entry of the table of boxes made, by key type.
    struct ContainerSlot {
        var keyType: ObjectIdentifier?
        /// The `KeyedDecodingContainer<Key>` made for `keyType`, as the box object it consists of.
        var box: AnyObject?
        var frame: UnsafeMutablePointer<KeyedContainerFrame>?
    }

    /// The size of the container table, a power of two.
    static let containerSlots = 16

    /// A keyed container for the object at `object`, reusing a box made for `Key` before when
    /// nothing else holds it: the one in the table by key type, else the one kept at the
    /// container's depth (the box of an enclosing container of the same type, as in a recursive
    /// type, is still held, so the table's is not free).
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int, role: Role, path: ContainerPath) -> KeyedDecodingContainer<Key> {
        let identity = ObjectIdentifier(Key.self)
        let bits = UInt(bitPattern: identity)
        let slot = self.containers + Int(truncatingIfNeeded: (bits >> 4 ^ bits >> 9) & UInt(Self.containerSlots - 1))
        let fields = KeyedContainerFrame(object: object, role: role, path: path)
        if let box = Self.reusableBox(slot, identity, fields) { return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self) }
        let levelSlot = withUnsafeMutablePointer(to: &level(path.depth).pointee.container) { $0 }
        if let box = Self.reusableBox(levelSlot, identity, fields) { return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self) }
        let frame = newFrame(fields)
        let container = KeyedDecodingContainer(WireKeyedDecoding<Key>(state: self, frame: frame))
        let kept = ContainerSlot(keyType: identity, box: unsafeBitCast(container, to: AnyObject.self), frame: frame)
        if slot.pointee.keyType != identity || isKnownUniquelyReferenced(&slot.pointee.box) {
            slot.pointee = kept
        } else {
            levelSlot.pointee = kept
        }
        return container
    }

    /// The box kept in `slot`, pointed at `fields`, if it was made for the key type `identity` and
    /// nothing but the slot holds it.
    @inline(__always)
    private static func reusableBox(_ slot: UnsafeMutablePointer<ContainerSlot>, _ identity: ObjectIdentifier,
                                    _ fields: KeyedContainerFrame) -> AnyObject? {
        guard slot.pointee.keyType == identity, let frame = slot.pointee.frame, isKnownUniquelyReferenced(&slot.pointee.box) else { return nil }
        frame.pointee = fields
        return slot.pointee.box
    }

    /// A frame for a new container, freed with the state.
    private func newFrame(_ frame: KeyedContainerFrame) -> UnsafeMutablePointer<KeyedContainerFrame> {
        let pointer = UnsafeMutablePointer<KeyedContainerFrame>.allocate(capacity: 1)
        pointer.initialize(to: frame)
        self.frames.append(pointer)
        return pointer
    }

    /// Lets go of the kept boxes, whose containers hold the state: called when a decode ends.
    func releaseContainers() {
        for slot in 0..<Self.containerSlots { self.containers[slot] = ContainerSlot() }
        for depth in 0..<self.initialized { self.levels[depth].container = ContainerSlot() }
    }
}

/// What a keyed container reads: its object on the tape, the object's role and the container's
/// path. The container points to it, so that a kept container box can be pointed at another
/// object; the state owns the memory (see ``WireDecodingState/newFrame(_:)``), and every
/// container holds the state.
struct KeyedContainerFrame {
    var object: Int
    var role: WireDecodingState.Role
    var path: WireDecodingState.ContainerPath
}
