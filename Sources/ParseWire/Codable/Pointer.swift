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
    /// Writes `{"__type":"Pointer","className":…,"objectId":…}`.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` for any other encoder.
    public func encode(to encoder: any Encoder) throws {
        try WireEncodingState.required(encoder, for: Self.self).writeTyped { writer in
            writer.writePointer(parsePointer)
        }
    }

    /// Reads a Pointer and checks that it points to `Target`'s class.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        let state = try WireDecodingState.required(decoder, for: Self.self)
        let pointer = try state.decodePointer(className: Target.className)
        objectId = pointer.objectId
    }
}
