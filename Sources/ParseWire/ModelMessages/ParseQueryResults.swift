/// A find response read into an app's models: `{"results":[…],"count":N}`.
///
///     let found = try ParseWireDecoder().decode(ParseQueryResults<Recipe>.self, from: body, as: .fetchedObject)
///
/// Decode it in the ``ParseWireMode/fetchedObject`` mode, as every fetched object is read: each
/// result with its `objectId`, timestamps and ACL. ``ParseQueryResponse`` is the same message as
/// untyped values.
public struct ParseQueryResults<Model: Decodable>: Decodable {
    /// The objects found, in the order of the response.
    public var results: [Model]
    /// The number of objects the query matches, when the request asked for it (`count`).
    public var count: Int?

    /// Creates results.
    public init(results: [Model], count: Int? = nil) {
        self.results = results
        self.count = count
    }
}

extension ParseQueryResults: Sendable where Model: Sendable {}
extension ParseQueryResults: Equatable where Model: Equatable {}
