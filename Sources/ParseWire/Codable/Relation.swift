/// A relation column whose members are objects of `Target`'s class:
/// `{"__type":"Relation","className":"Author"}`.
///
/// Membership is never on the wire in reads; change it in an update body with ``add(_:)`` and
/// ``remove(_:)``, which make the `AddRelation` and `RemoveRelation` operations.
public struct Relation<Target: ParseObject>: Hashable, Sendable, CustomStringConvertible {
    /// Creates the relation value of a column.
    public init() {}

    /// The class of the related objects, `Target.className`.
    public var className: String { Target.className }

    /// An `AddRelation` operation for an update body.
    ///
    /// - Parameter pointers: The objects to add; at least one.
    /// - Returns: `{"__op":"AddRelation","objects":[…]}`.
    public func add(_ pointers: [Pointer<Target>]) -> FieldOperation {
        .addRelation(pointers.map(\.parsePointer))
    }

    /// A `RemoveRelation` operation for an update body.
    ///
    /// - Parameter pointers: The objects to remove; at least one.
    /// - Returns: `{"__op":"RemoveRelation","objects":[…]}`.
    public func remove(_ pointers: [Pointer<Target>]) -> FieldOperation {
        .removeRelation(pointers.map(\.parsePointer))
    }

    public var description: String { "Relation<\(Target.className)>" }
}

extension Relation: Codable {
    /// Writes `{"__type":"Relation","className":…}`.
    ///
    /// - Parameter encoder: A ``ParseWireEncoder``'s encoder; other encoders are refused.
    /// - Throws: `EncodingError` for any other encoder.
    public func encode(to encoder: any Encoder) throws {
        try WireEncodingState.required(encoder, for: Self.self).writeTyped { writer in
            writer.json.write(ascii: #"{"__type":"Relation","className":"#)
            writer.json.writeString(Target.className)
            writer.json.write(UInt8(ascii: "}"))
        }
    }

    /// Reads a Relation and checks that it relates to `Target`'s class.
    ///
    /// - Parameter decoder: A ``ParseWireDecoder``'s decoder; other decoders are refused.
    /// - Throws: `DecodingError` whose underlying ``ParseWireError`` has the path and offset.
    public init(from decoder: any Decoder) throws {
        let state = try WireDecodingState.required(decoder, for: Self.self)
        try state.decodeRelation(className: Target.className)
    }
}
