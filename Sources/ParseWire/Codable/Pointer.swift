/// A typed reference to one saved object of `Target`'s class:
/// `{"__type":"Pointer","className":"Genre","objectId":"…"}`.
///
/// Decoding checks the class: a pointer to another class is an error, not a silent mismatch.
public struct Pointer<Target: ParseObject>: Hashable, Sendable, CustomStringConvertible {
    /// The objectId of the object pointed to.
    public let objectId: String

    /// Creates a pointer to the object of `Target`'s class with this id.
    ///
    /// - Parameter objectId: A non-empty id without `$`.
    /// - Throws: ``ParseWireError`` of kind `invalid-object-id`, or `invalid-class-name` when
    ///   `Target.className` is not a valid class name.
    public init(objectId: String) throws(ParseWireError) {
        _ = try ParsePointer(className: Target.className, objectId: objectId)
        self.objectId = objectId
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

    public var description: String { "Pointer<\(Target.className)>(\(objectId))" }
}

extension Pointer: Codable {
    /// Writes `{"__type":"Pointer","className":…,"objectId":…}`; with another encoder (such as
    /// `JSONEncoder`), the same keys in its keyed form.
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(type: "Pointer", ["className": Target.className, "objectId": objectId], to: encoder)
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
        objectId = try state.pointerObjectId(className: Target.className)
    }

    /// The keyed form, from another decoder; apart so that the ParseWire path stays lean.
    @inline(never)
    private static func decodeForeign(from decoder: any Decoder) throws -> Self {
        let members = try ForeignCoding.decode(type: "Pointer", keys: ["className", "objectId"], from: decoder)
        guard members[0] == Target.className else { throw ForeignCoding.wrongClass(members[0], expected: Target.className, decoder) }
        return try Pointer(objectId: members[1])
    }
}
