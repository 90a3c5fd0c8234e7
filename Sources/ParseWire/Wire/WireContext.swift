/// Where a document sits, which decides which keys and values it may hold (CTX-1).
public enum WireContext: Sendable, Hashable {
    /// A field value: anything but a field operation. Every map key inside it is a nested key
    /// (no `$` or `.`).
    case value
    /// A fetched object as the REST API returns it (`GET /classes/C/id`, an element of a query's
    /// `results`): top-level keys are field names or `objectId`, `createdAt`, `updatedAt` (plain
    /// ISO strings) and `ACL`. The class name comes from the request, not the body.
    case object(className: String)
    /// A save body (`POST`/`PUT /classes/C…`): top-level keys are field names (an update may use a
    /// dot path such as `"address.city"`), values may be field operations (`__op`), `ACL` may be set,
    /// and the server-owned `objectId`, `createdAt` and `updatedAt` may not appear.
    case update
    /// A find request: the body of `POST /classes/C` with `"_method":"GET"`, or the parameters of
    /// `GET /classes/C` as one JSON object — `where` (the constraints), `include`, `keys`,
    /// `excludeKeys`, `order`, `limit`, `skip`, `count` and the server's other find parameters.
    /// Constraint operators (`$gt`, `$in`, `$relatedTo`, …) are legal here and nowhere else.
    case query
    /// A REST message around the objects: a find, save, error, batch or Cloud function response,
    /// or a batch request (``ParseMessageKind``). `className` names the class of the objects a find
    /// or save response holds; the other kinds take `nil`.
    case message(ParseMessageKind, className: String?)
    /// A message on parse-server's LiveQuery WebSocket, from the client or from the server
    /// (``LiveQueryClientMessage``, ``LiveQueryServerMessage``): a map of its members, which the
    /// message's `op` decides.
    case liveQuery(LiveQuerySide)
}

/// Where a value sits inside a document, which decides what it may be. The decoder and the
/// encoder apply the same rules through it.
enum ValuePlacement {
    /// Inside an array or map value: parse-server checks nothing here.
    case nested
    /// The value of a field, or a whole value document: parse-server infers a column type from it
    /// and answers 111 for an unknown `__type`.
    case field
    /// The value of a save-body field, which may also be a field operation.
    case saveBodyField
}
