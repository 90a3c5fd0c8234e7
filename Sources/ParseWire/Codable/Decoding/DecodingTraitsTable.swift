import Foundation

/// What the decoder knows of the types it has met (``WireDecodingState/Traits``), kept from one
/// document to the next: finding a type's facts takes dynamic casts (is it a Parse object, an
/// array, a plain map?), which cost most for a small document read on its own.
///
/// A table belongs to one decode at a time. ``DecodingTraitsStore`` hands it out and takes it back
/// only from a decode whose state nothing else holds; a state that user code kept (a container)
/// keeps its table to itself, and the next decode makes a new one. Each entry is a fact of a type,
/// which never changes, keyed by the type's metadata, which is never freed.
final class DecodingTraitsTable {
    /// The slots, two ways per set; see ``WireDecodingState/traits(of:)``.
    let slots: UnsafeMutablePointer<WireDecodingState.TraitsSlot>

    init() {
        slots = .allocate(capacity: WireDecodingState.traitsSlots)
        slots.initialize(repeating: WireDecodingState.TraitsSlot(), count: WireDecodingState.traitsSlots)
    }

    deinit {
        slots.deinitialize(count: WireDecodingState.traitsSlots)
        slots.deallocate()
    }
}

/// Keeps one ``DecodingTraitsTable`` between decodes: the lock guards the hand-over only, never
/// the table, which one decode at a time reads and fills.
final class DecodingTraitsStore: @unchecked Sendable {
    static let shared = DecodingTraitsStore()

    private let lock = NSLock()
    private var spare: DecodingTraitsTable?

    /// The kept table, or a new one while another decode holds it.
    func checkOut() -> DecodingTraitsTable {
        lock.lock()
        let kept = spare
        spare = nil
        lock.unlock()
        return kept ?? DecodingTraitsTable()
    }

    /// Keeps `table` for the next decode. The caller gives up its use of it.
    func checkIn(_ table: DecodingTraitsTable) {
        lock.lock()
        spare = table
        lock.unlock()
    }
}
