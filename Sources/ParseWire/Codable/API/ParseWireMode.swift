/// Which Parse document a ``ParseWireEncoder`` writes or a ``ParseWireDecoder`` reads; it decides
/// the shape of the top-level object only.
///
/// Nested values are the same in every mode: a nested ``ParseObject`` is a Pointer when encoded,
/// and is read back from an included object (`"__type":"Object"`, or the fetched form without it),
/// or from a Pointer when every property of its type but `objectId` is optional (the object then
/// holds only its `objectId`). One exception: in ``fetchedObject``, a document that is not itself a
/// Parse object (an array of them, a query's `{"results":[…]}`, any envelope) writes its
/// outermost Parse objects whole, in the fetched form; objects inside those are Pointers.
public enum ParseWireMode: Sendable, Hashable {
    /// A field value, or a cloud function result: a top-level ``ParseObject`` is the embedded form
    /// `{"__type":"Object","className":…,"objectId":…,"createdAt":"<iso>",…}`; any other value is
    /// plain. Matches ``WireContext/value``.
    case value
    /// A fetched object as the REST API returns it: `objectId`, `createdAt` and `updatedAt` (plain
    /// ISO strings), `ACL`, then the fields; or an array or envelope of such objects. Matches
    /// ``WireContext/object(className:)``.
    case fetchedObject
    /// The body of a create (`POST /classes/C`): the server-owned `objectId`, `createdAt` and
    /// `updatedAt` are left out at the top level (nested structs keep fields of those names), and
    /// top-level values may be field operations. Matches ``WireContext/update``.
    case saveBody
    /// The body of an update (`PUT /classes/C/id`): like ``saveBody``, and with
    /// ``ParseWireEncodingOptions/NilPolicy/delete`` a `nil` top-level field becomes
    /// `{"__op":"Delete"}`. Matches ``WireContext/update``.
    case updateBody

    /// Whether the top-level object is a save or update body.
    var isBody: Bool { self == .saveBody || self == .updateBody }
}
