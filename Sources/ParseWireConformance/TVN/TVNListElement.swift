import ParseWire

/// What a ``TVNList`` holds: a ``TVNValue`` (an array's elements), a ``TVNMember`` (a map's members)
/// or a ``TVNOperation`` (a Batch's operations).
public protocol TVNListElement: Hashable, Sendable {
    /// The element as a value: a value itself, a member's value, an operation as `.operation`.
    var tvnValue: TVNValue { get }
    /// A value that holds `list` and nothing else, through which a list is compared and hashed:
    /// an array, a map, a Batch.
    static func value(holding list: TVNList<Self>) -> TVNValue
}
