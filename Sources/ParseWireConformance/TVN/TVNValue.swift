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
    case null
    case bool(Bool)
    /// A number as JSON number text.
    case number(String)
    case string(String)
    case array(TVNList<TVNValue>)
    /// A plain JSON object; member order is not significant.
    case map(TVNList<TVNMember>)
    /// A Date as integer milliseconds since 1970-01-01T00:00:00Z, as decimal text.
    case date(epochMs: String)
    /// Bytes as lowercase hexadecimal, two digits per byte.
    case bytes(hex: String)
    case pointer(TVNPointer)
    case relation(className: String)
    /// A GeoPoint; both coordinates are JSON number text.
    case geoPoint(latitude: String, longitude: String)
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

/// A member of a TVN map, object fields or unknown typed value.
public struct TVNMember: Sendable, Hashable {
    public var key: String
    public var value: TVNValue

    /// Creates a member.
    public init(_ key: String, _ value: TVNValue) {
        self.key = key
        self.value = value
    }
}

/// A pointer: a class name and an objectId.
public struct TVNPointer: Sendable, Hashable {
    public var className: String
    public var objectId: String

    /// Creates a pointer.
    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }
}

/// A Polygon vertex; both coordinates are JSON number text.
public struct TVNPoint: Sendable, Hashable {
    public var latitude: String
    public var longitude: String

    /// Creates a vertex.
    public init(latitude: String, longitude: String) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One principal's grant in a TVN ACL.
public struct TVNGrant: Sendable, Hashable {
    /// `*`, a user's objectId, or `role:<Name>`.
    public var principal: String
    public var read: Bool
    public var write: Bool

    /// Creates a grant.
    public init(principal: String, read: Bool, write: Bool) {
        self.principal = principal
        self.read = read
        self.write = write
    }
}

/// A Parse object in TVN.
public struct TVNObject: Sendable, Hashable {
    public var className: String
    public var objectId: String?
    /// `createdAt` as epoch milliseconds text.
    public var createdAt: String?
    /// `updatedAt` as epoch milliseconds text.
    public var updatedAt: String?
    /// The ACL; `nil` when the object has none.
    public var acl: [TVNGrant]?
    public var fields: TVNList<TVNMember>

    /// Creates an object.
    public init(className: String, objectId: String? = nil, createdAt: String? = nil, updatedAt: String? = nil,
                acl: [TVNGrant]? = nil, fields: [TVNMember] = []) {
        self.className = className
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.acl = acl
        self.fields = TVNList(fields)
    }
}

/// A field operation in TVN.
public indirect enum TVNOperation: Sendable, Hashable {
    /// `{"increment":"<number>"}`
    case increment(String)
    /// `{"add":[…]}`
    case add(TVNList<TVNValue>)
    /// `{"addUnique":[…]}`
    case addUnique(TVNList<TVNValue>)
    /// `{"remove":[…]}`
    case remove(TVNList<TVNValue>)
    /// `{"addRelation":[{"className":…,"objectId":…},…]}`
    case addRelation([TVNPointer])
    /// `{"removeRelation":[…]}`
    case removeRelation([TVNPointer])
    /// `{"delete":true}`
    case delete
    /// `{"batch":[<operation>,…]}`
    case batch(TVNList<TVNOperation>)

    /// `{"add":[…]}` of `values`.
    public static func add(_ values: [TVNValue]) -> TVNOperation { .add(TVNList(values)) }
    /// `{"addUnique":[…]}` of `values`.
    public static func addUnique(_ values: [TVNValue]) -> TVNOperation { .addUnique(TVNList(values)) }
    /// `{"remove":[…]}` of `values`.
    public static func remove(_ values: [TVNValue]) -> TVNOperation { .remove(TVNList(values)) }
    /// `{"batch":[…]}` of `operations`.
    public static func batch(_ operations: [TVNOperation]) -> TVNOperation { .batch(TVNList(operations)) }
}
