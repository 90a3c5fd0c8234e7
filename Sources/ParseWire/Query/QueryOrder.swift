/// One key of a sort order.
public struct QueryOrder: Sendable, Hashable {
    /// The field (or `$score`, the text-search relevance).
    public let key: String
    /// Whether larger values come first (written with a leading `-`).
    public let descending: Bool

    /// Smaller values first.
    public static func ascending(_ key: String) -> QueryOrder { QueryOrder(key: key, descending: false) }
    /// Larger values first.
    public static func descending(_ key: String) -> QueryOrder { QueryOrder(key: key, descending: true) }

    /// The wire spelling: `-year` or `title`.
    public var text: String { descending ? "-" + key : key }
}
