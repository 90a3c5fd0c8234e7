import Testing
@testable import ParseWire
import TestSupport

/// A Batch holds operations, and code may put a Batch in a Batch any number of times (the decoder
/// and the encoder refuse such nesting past their depth limit). Letting go of such an operation,
/// comparing and hashing it must not take a stack frame per level.
@Suite struct DeepBatchTests {
    static let smallStack = 512 * 1024
    static let depth = deepLevels(100_000)

    /// `levels` Batches, each holding the one below and a relation operation, around `bottom`.
    static func nested(levels: Int, bottom: FieldOperation = .delete) -> FieldOperation {
        let pointer = try! ParsePointer(className: "C", objectId: "a")
        var operation = bottom
        for _ in 0..<levels { operation = .batch([operation, .addRelation([pointer])]) }
        return operation
    }

    @Test("a Batch of Batches 100,000 deep is released on a 512 KB thread, alone and inside a value")
    func release() {
        let released = onThread(stackSize: Self.smallStack) {
            var operation: FieldOperation? = Self.nested(levels: Self.depth)
            operation = nil
            var value: ParseValue? = .operation(Self.nested(levels: Self.depth))
            value = nil
            return operation == nil && value == nil
        }
        #expect(released)
    }

    @Test("two Batches of Batches 100,000 deep compare and hash alike, and differ at the bottom")
    func equality() {
        let results = onThread(stackSize: Self.smallStack) {
            let a = Self.nested(levels: Self.depth)
            let b = Self.nested(levels: Self.depth)
            let c = Self.nested(levels: Self.depth, bottom: .increment(1))
            return [a == b, a == c, a.hashValue == b.hashValue,
                    ParseValue.operation(a) == .operation(b), ParseValue.operation(a) == .operation(c)]
        }
        #expect(results == [true, false, true, true, false])
    }

    @Test("a Batch reads as the array of its operations, and describes one level")
    func collection() throws {
        let pointer = try ParsePointer(className: "C", objectId: "a")
        let operations: [FieldOperation] = [.addRelation([pointer]), .removeRelation([pointer])]
        guard case .batch(let batch) = FieldOperation.batch(operations) else {
            Issue.record("not a Batch")
            return
        }
        #expect(batch.elements == operations && batch.count == 2 && batch[1] == .removeRelation([pointer]))
        #expect(batch == [.addRelation([pointer]), .removeRelation([pointer])])
        #expect(batch != [.addRelation([pointer])])
        #expect(batch.description == "Batch[AddRelation, RemoveRelation]")
    }

    @Test("a Batch of Batches 100,000 deep prints one level on a 512 KB thread")
    func description() {
        let text = onThread(stackSize: Self.smallStack) { String(describing: Self.nested(levels: Self.depth)) }
        #expect(text == "batch(Batch[Batch, AddRelation])")
    }
}
