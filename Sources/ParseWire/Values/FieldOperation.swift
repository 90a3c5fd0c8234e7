/// A field operation of an update body: `{"__op":"Increment","amount":1}` and the others.
///
/// Operations are legal only as the top-level values of a save body (``WireContext/update``; OP-1).
public enum FieldOperation: Sendable, Hashable {
    /// `{"__op":"Increment","amount":n}`
    case increment(ParseNumber)
    /// `{"__op":"Add","objects":[…]}`: append to an array.
    case add(ParseArray)
    /// `{"__op":"AddUnique","objects":[…]}`: append what the array lacks.
    case addUnique(ParseArray)
    /// `{"__op":"Remove","objects":[…]}`: remove every occurrence.
    case remove(ParseArray)
    /// `{"__op":"AddRelation","objects":[pointers]}`
    case addRelation([ParsePointer])
    /// `{"__op":"RemoveRelation","objects":[pointers]}`
    case removeRelation([ParsePointer])
    /// `{"__op":"Delete"}`: remove the field.
    case delete
    /// `{"__op":"Batch","ops":[…]}`: relation operations on one field together. Build one from a
    /// `[FieldOperation]` with ``batch(_:)-swift.type.method`` or a literal.
    case batch(BatchOperations)

    /// The `__op` name on the wire.
    public var name: String { operationName.rawValue }

    /// The `__op` name, as the closed set of names.
    package var operationName: OperationName {
        switch self {
        case .increment: .increment
        case .add: .add
        case .addUnique: .addUnique
        case .remove: .remove
        case .addRelation: .addRelation
        case .removeRelation: .removeRelation
        case .delete: .delete
        case .batch: .batch
        }
    }

    /// Checks the rules that the enum's shape cannot: relation operations name at least one
    /// pointer, all of one class; a Batch holds only relation operations (parse-server answers 108
    /// otherwise, or silently drops the others), all on one class.
    /// - Throws: `invalid-operation`.
    public func validate() throws(ParseWireError) {
        switch self {
        case .addRelation(let pointers), .removeRelation(let pointers):
            _ = try Self.relationClass(of: pointers, in: name)
        case .batch(let operations):
            guard !operations.isEmpty else {
                throw ParseWireError(.invalidOperation, message: "a Batch operation needs at least one operation in \"ops\"")
            }
            var className: String?
            for operation in operations {
                let pointers: [ParsePointer]
                switch operation {
                case .addRelation(let list), .removeRelation(let list): pointers = list
                default:
                    throw ParseWireError(.invalidOperation, parseCode: 108,
                                         message: "a Batch may hold only AddRelation and RemoveRelation, not \(operation.name); Parse Server answers 108 \"The Batch operator is not supported yet.\"")
                }
                let batchClass = try Self.relationClass(of: pointers, in: operation.name)
                if let className, className != batchClass {
                    throw ParseWireError(.invalidOperation, message: "a Batch mixes relations to \(className) and \(batchClass)")
                }
                className = batchClass
            }
        default:
            break
        }
    }

    private static func relationClass(of pointers: [ParsePointer], in name: String) throws(ParseWireError) -> String {
        guard let first = pointers.first else {
            throw ParseWireError(.invalidOperation, message: "\(name) needs at least one pointer in \"objects\"; Parse Server fails with an internal error (code 1) on an empty list")
        }
        for pointer in pointers where pointer.className != first.className {
            throw ParseWireError(.invalidOperation, message: "\(name) mixes pointers to \(first.className) and \(pointer.className); one relation holds one class")
        }
        return first.className
    }
}

extension FieldOperation {
    /// `Add` of `objects`: the same as `.add(ParseArray(objects))`.
    public static func add(_ objects: [ParseValue]) -> FieldOperation { .add(ParseArray(objects)) }
    /// `AddUnique` of `objects`: the same as `.addUnique(ParseArray(objects))`.
    public static func addUnique(_ objects: [ParseValue]) -> FieldOperation { .addUnique(ParseArray(objects)) }
    /// `Remove` of `objects`: the same as `.remove(ParseArray(objects))`.
    public static func remove(_ objects: [ParseValue]) -> FieldOperation { .remove(ParseArray(objects)) }
    /// A Batch of `operations`: the same as `.batch(BatchOperations(operations))`.
    public static func batch(_ operations: [FieldOperation]) -> FieldOperation { .batch(BatchOperations(operations)) }
}
