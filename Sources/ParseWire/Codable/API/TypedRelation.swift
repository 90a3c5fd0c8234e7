/// A relation column whose members are objects of `Target`'s class:
/// `{"__type":"Relation","className":"Author"}`.
///
/// Membership is never on the wire in reads; change it in an update body with ``add(_:)`` and
/// ``remove(_:)``, which make the `AddRelation` and `RemoveRelation` operations.
public struct TypedRelation<Target: ParseObject>: Hashable, Sendable, CustomStringConvertible {
    /// Creates the relation value of a column.
    public init() {}

    /// The class of the related objects, `Target.className`.
    public var className: String { Target.className }

    /// An `AddRelation` operation for an update body.
    ///
    /// - Parameter pointers: The objects to add; at least one.
    /// - Returns: `{"__op":"AddRelation","objects":[…]}`.
    public func add(_ pointers: [TypedPointer<Target>]) -> FieldOperation {
        .addRelation(pointers.map(\.parsePointer))
    }

    /// A `RemoveRelation` operation for an update body.
    ///
    /// - Parameter pointers: The objects to remove; at least one.
    /// - Returns: `{"__op":"RemoveRelation","objects":[…]}`.
    public func remove(_ pointers: [TypedPointer<Target>]) -> FieldOperation {
        .removeRelation(pointers.map(\.parsePointer))
    }

    public var description: String { "Relation<\(Target.className)>" }
}

extension TypedRelation: Codable {
    /// Writes `{"__type":"Relation","className":…}`; with another encoder (such as `JSONEncoder`),
    /// the same keys in its keyed form.
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        guard let state = encoder as? WireEncodingState else {
            return try ForeignCoding.encode(type: .relation, ["className": Target.className], to: encoder)
        }
        state.json.writeRelation(className: Target.className)
    }

    /// Reads a Relation and checks that it relates to `Target`'s class.
    ///
    /// - Parameter decoder: Any decoder; ``ParseWireDecoder`` checks every wire rule.
    /// - Throws: `DecodingError`; from ``ParseWireDecoder`` its underlying ``ParseWireError`` has
    ///   the path and offset.
    public init(from decoder: any Decoder) throws {
        guard let state = decoder as? WireDecodingState else {
            let className = try ForeignCoding.decode(type: .relation, keys: ["className"], from: decoder)[0]
            // REC-2: a Relation column relates to its target class only.
            guard className == Target.className else { throw ForeignCoding.wrongClass(className, expected: Target.className, decoder) }
            return
        }
        try state.decodeRelation(className: Target.className)
    }
}
