/// A typed reference to one saved object of `Target`'s class:
/// `{"__type":"Pointer","className":"Genre","objectId":"…"}`.
///
/// Decoding checks the class: a pointer to another class is an error, not a silent mismatch.
/// Decoding also reads an included object (`"__type":"Object"`, what a query with `include`
/// returns in place of the Pointer) and keeps it in ``included``, in the value and fetched-object
/// modes (a save or update body refuses it, as parse-server does); Foundation's `JSONDecoder` and
/// other decoders read it too. Encoding always writes the Pointer.
public struct TypedPointer<Target: ParseObject>: Hashable, CustomStringConvertible {
    /// The objectId of the object pointed to.
    public let objectId: String

    /// The object the server sent in place of the Pointer (a query's `include`), if it did.
    private let inclusion: Inclusion?

    /// Creates a pointer to the object of `Target`'s class with this id.
    ///
    /// - Parameter objectId: A non-empty id without `$`.
    /// - Throws: ``ParseWireError`` of kind `invalid-object-id`, or `invalid-class-name` when
    ///   `Target.className` is not a valid class name.
    public init(objectId: String) throws(ParseWireError) {
        _ = try ParsePointer(className: Target.className, objectId: objectId)
        self.objectId = objectId
        inclusion = nil
    }

    /// A pointer whose objectId was checked, with nothing included; for generated decoding, which
    /// checks the id on the input's bytes.
    init(checkedObjectId objectId: String) {
        self.objectId = objectId
        inclusion = nil
    }

    /// A pointer to an included object whose objectId was checked.
    private init(checkedObjectId objectId: String, included: Target?) {
        self.objectId = objectId
        inclusion = included.map { Inclusion($0) }
    }

    /// Creates a pointer to a saved object.
    ///
    /// - Parameter object: The object; it must have an objectId.
    /// - Throws: ``ParseWireError`` of kind `invalid-object-id` when the object is not saved.
    public init(_ object: Target) throws(ParseWireError) {
        self = try object.toPointer()
    }

    /// The class pointed to, `Target.className`.
    public var className: String { Target.className }

    /// The untyped wire value.
    public var parsePointer: ParsePointer {
        // The initialisers validated both parts.
        ParsePointer(uncheckedClassName: Target.className, objectId: objectId)
    }

    /// The whole object when it was decoded from an included object; `nil` when it was decoded
    /// from a Pointer or made in code.
    public var included: Target? { inclusion?.object }

    public var description: String { "Pointer<\(Target.className)>(\(objectId))" }

    /// Whether two pointers point to the same object; an included object takes no part.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.objectId == rhs.objectId
    }

    /// Hashes the objectId; an included object takes no part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(objectId)
    }

    /// The included object, behind a reference so that a Pointer stays three words whatever the
    /// size of `Target`.
    fileprivate final class Inclusion {
        let object: Target

        init(_ object: Target) {
            self.object = object
        }
    }
}

/// A pointer is as sendable as its target, whose included copy it holds.
extension TypedPointer: Sendable where Target: Sendable {}

/// The box's one stored property is a constant, so sharing the box shares only a `Target`.
extension TypedPointer.Inclusion: @unchecked Sendable where Target: Sendable {}

extension TypedPointer: Codable {
    /// Writes `{"__type":"Pointer","className":…,"objectId":…}`; with another encoder (such as
    /// `JSONEncoder`), the same keys in its keyed form.
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(type: .pointer, ["className": Target.className, "objectId": objectId], to: encoder)
        }
        // The initialisers validated both parts.
        state.writePointer(className: Target.className, objectId: objectId)
    }

    /// Reads a Pointer and checks that it points to `Target`'s class.
    ///
    /// - Parameter decoder: Any decoder; ``ParseWireDecoder`` checks every wire rule.
    /// - Throws: `DecodingError`; from ``ParseWireDecoder`` its underlying ``ParseWireError`` has
    ///   the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            self = try Self.decodeForeign(from: decoder)
            return
        }
        if let objectId = state.plainPointerObjectId(className: Target.className) {
            self.objectId = objectId
            inclusion = nil
            return
        }
        self = try Self.decodeChecked(from: state)
    }

    /// An included object, or a Pointer in a shape other than the plain one, with every check;
    /// apart so that the common path stays lean.
    @inline(never)
    private static func decodeChecked(from state: WireDecodingState) throws -> Self {
        // A save or update body never carries an included object: parse-server refuses
        // `"__type":"Object"` as a field of a write (111), so there it is read as the error it is.
        guard state.mode == .value || state.mode == .fetchedObject, state.isIncludedObject() else {
            return TypedPointer(checkedObjectId: try state.decodePointer(className: Target.className).objectId, included: nil)
        }
        let object = try state.decodeValue(Target.self, at: state.index, key: NoKey())
        guard let objectId = object.objectId else { throw state.missingKey(StringKey("objectId"), in: state.index) }
        return TypedPointer(checkedObjectId: objectId, included: object)
    }

    /// The keyed form, from another decoder; apart so that the ParseWire path stays lean.
    ///
    /// An included object (`"__type":"Object"`, what a query with `include` returns) is read too,
    /// so that an app decoding the server's response with `JSONDecoder` gets the Pointer: its class
    /// and objectId are checked as always, and the object is kept in ``included`` when `Target`
    /// can be decoded from it by that decoder. When it cannot (the server's ISO timestamps under
    /// `JSONDecoder`'s default date strategy, which expects numbers), the Pointer alone is kept,
    /// as a Pointer on the wire would have given.
    @inline(never)
    private static func decodeForeign(from decoder: any Decoder) throws -> Self {
        let members = try ForeignCoding.decode(type: [.pointer, .object], keys: ["className", "objectId"], from: decoder)
        // REC-2: a Pointer column holds Pointers to its target class only.
        guard members.values[0] == Target.className else { throw ForeignCoding.wrongClass(members.values[0], expected: Target.className, decoder) }
        let pointer = try TypedPointer(objectId: members.values[1])
        guard members.type == .object else { return pointer }
        return TypedPointer(checkedObjectId: pointer.objectId, included: try? Target(from: decoder))
    }
}
