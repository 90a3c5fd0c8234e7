/// What the query context (``WireContext/query``) accepts beyond the canonical find request.
public struct QueryLeniency: Sendable, Hashable {
    /// Accept find parameters other than `where`, `className` and `redirectClassNameForKey` inside
    /// a subquery (`$inQuery`, `$notInQuery`, the `query` of `$select`/`$dontSelect`), as the JS SDK
    /// writes them when the subquery has a limit, an order or keys (flag `SubqueryExtraKeys`).
    /// Default `false`: parse-server ignores them, so the subquery's limit silently stops limiting.
    public var allowsSubqueryParameters: Bool

    /// Creates a leniency; every member defaults to strict.
    public init(allowsSubqueryParameters: Bool = false) {
        self.allowsSubqueryParameters = allowsSubqueryParameters
    }

    /// Nothing beyond the canonical form.
    public static let strict = QueryLeniency()
}
