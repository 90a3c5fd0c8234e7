/// A recipe for values of `Value`, drawn from a ``TestCase``'s choices.
///
/// Generators compose with ``map(_:)``, ``flatMap(_:)``, ``filter(_:)`` and the combinators in
/// `Generator+Combinators.swift`; every composition shrinks for free, because shrinking edits the
/// choice sequence and re-runs the whole recipe.
public struct Generator<Value> {
    private let body: (inout TestCase) throws(TestCase.Stop) -> Value

    /// A generator from a drawing function.
    public init(_ body: @escaping (inout TestCase) throws(TestCase.Stop) -> Value) {
        self.body = body
    }

    /// Draws one value.
    public func generate(_ testCase: inout TestCase) throws(TestCase.Stop) -> Value {
        try body(&testCase)
    }

    /// A generator of `transform` applied to this one's values.
    public func map<Other>(_ transform: @escaping (Value) -> Other) -> Generator<Other> {
        Generator<Other> { (testCase) throws(TestCase.Stop) in transform(try self.generate(&testCase)) }
    }

    /// A generator whose next step depends on this one's value.
    public func flatMap<Other>(_ next: @escaping (Value) -> Generator<Other>) -> Generator<Other> {
        Generator<Other> { (testCase) throws(TestCase.Stop) in try next(try self.generate(&testCase)).generate(&testCase) }
    }

    /// Only values satisfying `predicate`: retried a few times, then the case is rejected.
    public func filter(_ predicate: @escaping (Value) -> Bool) -> Generator<Value> {
        Generator { (testCase) throws(TestCase.Stop) in
            for _ in 0..<3 {
                let value = try self.generate(&testCase)
                if predicate(value) { return value }
            }
            throw .rejected
        }
    }
}

extension Generator {
    /// Always `value`.
    public static func constant(_ value: Value) -> Generator<Value> {
        Generator { _ in value }
    }
}
