/// The scanner's output: every JSON value of a document as one fixed-size entry in a flat array.
///
/// The scanner validates the whole document once (grammar, UTF-8, escapes, duplicate keys,
/// depth) and records where each value lies; decoders then walk the tape and materialise only
/// what they need. Nothing on the tape can fail to decode later.
///
/// Layout, for `{"a":[1,true],"b":"x"}`:
///
///     index  kind    offset  length  next
///     0      object  0       2       7     length = members, next = index after the subtree
///     1      string  2       1       2     a key: offset/length of the bytes between the quotes
///     2      array   5       2       5     length = elements
///     3      number  6       1       4
///     4      true    8       4       5
///     5      string  15      1       6     key "b"
///     6      string  19      1       7
///
/// An object's children alternate key, value; ``Entry/next`` skips a whole subtree in O(1).
@usableFromInline
final class JSONTape: @unchecked Sendable {
    /// What a tape entry holds.
    enum Kind: UInt8, Sendable {
        case object, array, string, number, trueLiteral, falseLiteral, null
    }

    /// One value: 16 bytes.
    @usableFromInline
    struct Entry: Sendable {
        var kind: Kind
        /// For strings: ``stringHasEscapes`` and ``stringHasLoneSurrogates``. For numbers:
        /// ``numberIsInteger``.
        @usableFromInline var flags: UInt8
        /// Byte offset of the value; for strings, of the first byte after the opening quote.
        @usableFromInline var offset: UInt32
        /// Strings and numbers: byte length (strings without their quotes).
        /// Objects: member count. Arrays: element count.
        @usableFromInline var length: UInt32
        /// The index of the first entry after this value's subtree.
        @usableFromInline var next: UInt32
    }

    @usableFromInline static let stringHasEscapes: UInt8 = 1
    /// Set only when the options mark lone surrogates and the string escapes one.
    static let stringHasLoneSurrogates: UInt8 = 2
    static let numberIsInteger: UInt8 = 1

    /// The entries, valid for as long as the tape lives: whoever walks them keeps the tape.
    ///
    /// The tape owns this memory rather than holding an `Array`, so that the scanner fills it
    /// with plain stores (no uniqueness or capacity checks per value) and hands it over uncopied.
    /// Immutable once made, which makes the tape safe to share between threads.
    let entries: UnsafeBufferPointer<Entry>

    /// Takes ownership of `count` initialised entries at `base`, allocated with
    /// `UnsafeMutablePointer.allocate`.
    init(adopting base: UnsafeMutablePointer<Entry>, count: Int) {
        entries = UnsafeBufferPointer(start: base, count: count)
    }

    deinit {
        entries.baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() }
    }
}
