/// Where a document sits, which decides which keys and values it may hold.
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
}
