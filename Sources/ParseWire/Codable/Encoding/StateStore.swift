import Foundation

/// Keeps one ``WireEncodingState`` between documents, so that a document starts with the memo and
/// the grown buffers of the last one instead of making them again.
///
/// A document checks the kept state out when it starts and back in when it is done; documents
/// encoded at the same time on other threads get a fresh state. A state is kept only if nothing
/// but the document held it when it ended: an encoder or container that user code kept belongs to
/// that state alone, which is then let go, so no later document of any caller can be reached
/// through it.
final class StateStore: @unchecked Sendable {
    static let shared = StateStore()

    private let lock = NSLock()
    private var spare: WireEncodingState?

    /// The kept state, or a fresh one while another document holds it, set up for one document.
    func checkOut(options: ParseWireEncodingOptions, mode: ParseWireMode) -> WireEncodingState {
        lock.lock()
        let kept = spare
        spare = nil
        lock.unlock()
        let state = kept ?? WireEncodingState()
        state.options = options
        state.mode = mode
        return state
    }

    /// Keeps `state`, emptied, for the next document, unless something else still holds it.
    func checkIn(_ state: inout WireEncodingState) {
        guard isKnownUniquelyReferenced(&state) else { return }
        state.recycle()
        lock.lock()
        spare = state
        lock.unlock()
    }
}
