/// The operations of a Batch (`{"__op":"Batch","ops":[…]}`): a `[FieldOperation]` that lets go of,
/// compares and hashes Batches nested in Batches without recursing.
///
/// It behaves as an array of operations (a random-access collection written as an array literal).
/// It exists because the runtime releases nested `[FieldOperation]` arrays one stack frame per
/// level, as it does nested `[ParseValue]`: a Batch built in code a few thousand Batches deep would
/// overflow a secondary thread's stack when released. The operations are kept as `.operation`
/// values in a ``ParseArray``, whose storage takes a deep tree apart with a work list.
public struct BatchOperations: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    /// Each operation as `.operation(…)`, and nothing else.
    let values: ParseArray

    /// The operations of `operations`, in order.
    public init(_ operations: some Sequence<FieldOperation>) {
        values = ParseArray(operations.map(ParseValue.operation))
    }

    public init(arrayLiteral operations: FieldOperation...) { self.init(operations) }

    /// The operations as a Swift array.
    public var elements: [FieldOperation] { Array(self) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { values.count }

    public subscript(position: Int) -> FieldOperation {
        guard case .operation(let operation) = values[position] else {
            preconditionFailure("BatchOperations holds only operations")
        }
        return operation
    }

    /// The height of the Batch's `ops` array as a value (``ParseValue/height``).
    var height: Int { values.height }

    /// Operation by operation, in order, without recursing however deep Batches nest.
    public static func == (lhs: BatchOperations, rhs: BatchOperations) -> Bool {
        lhs.values == rhs.values
    }

    /// Hashes the count and each operation's name: shallow at any depth (equal Batches still hash
    /// alike).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for operation in self { hasher.combine(operation.name) }
    }

    /// The operations' names, such as `Batch[AddRelation, RemoveRelation]`: one level, at any depth.
    public var description: String { "Batch[\(map(\.name).joined(separator: ", "))]" }
}
