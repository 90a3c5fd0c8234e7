/// A value in typed value notation (TVN): the corpus's language-neutral statement of what a
/// decoder must produce and what an encoder is given.
///
/// TVN is deliberately not the Parse wire shape (dates are epoch milliseconds, bytes are hex,
/// geopoints name their axes, every number is a string), so that a mistake made symmetrically in
/// an encoder and a decoder still shows, and no JSON parser's number handling leaks into the
/// oracle. The JSON form is specified in `Vectors/INTERPRETING.md`; ``parse(_:)`` reads it,
/// ``jsonText`` writes it, ``isSameValue(as:)`` compares two values as data, and the
/// `ParseValue` conversions connect it to the reference codec.
///
/// `==` compares spelling (number text, member order); use ``isSameValue(as:)`` for the corpus's
/// comparison rules. Lists are ``TVNList``s, so that a value built in code any number of levels deep
/// is released, compared, hashed and printed without a stack frame per level.
public indirect enum TVNValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A number as JSON number text.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array(TVNList<TVNValue>)
    /// A plain JSON object; member order is not significant.
    case map(TVNList<TVNMember>)
    /// A Date as integer milliseconds since 1970-01-01T00:00:00Z, as decimal text.
    case date(epochMs: String)
    /// Bytes as lowercase hexadecimal, two digits per byte.
    case bytes(hex: String)
    /// A Pointer.
    case pointer(TVNPointer)
    /// A Relation to objects of a class.
    case relation(className: String)
    /// A GeoPoint; both coordinates are JSON number text.
    case geoPoint(latitude: String, longitude: String)
    /// A File: its stored name and, when the wire carries one, its url.
    case file(name: String, url: String?)
    /// A Polygon's vertices in order.
    case polygon([TVNPoint])
    /// A Parse object, embedded (`"__type":"Object"`) or fetched.
    case object(TVNObject)
    /// An ACL's grants; only granted permissions are listed.
    case acl([TVNGrant])
    /// A field operation (`__op`) of a save body.
    case operation(TVNOperation)
    /// A typed value whose `__type` is not a Parse type, kept whole with its `__type` member.
    case unknownType(TVNList<TVNMember>)

    /// An array of `elements`: the same as `.array(TVNList(elements))`.
    public static func array(_ elements: [TVNValue]) -> TVNValue { .array(TVNList(elements)) }
    /// A map of `members`: the same as `.map(TVNList(members))`.
    public static func map(_ members: [TVNMember]) -> TVNValue { .map(TVNList(members)) }
    /// An unknown typed value of `members`: the same as `.unknownType(TVNList(members))`.
    public static func unknownType(_ members: [TVNMember]) -> TVNValue { .unknownType(TVNList(members)) }
}
