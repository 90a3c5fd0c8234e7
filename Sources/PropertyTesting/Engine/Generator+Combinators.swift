/// The building blocks: bounded integers, booleans, choices among generators, collections, and
/// sized recursion. Each is arranged so that a choice of 0 gives the simplest value: shrinking
/// lowers choices, so it moves toward the first alternative, the empty collection, `nil`.
public enum Gen {
    /// Labels of the spans the combinators record.
    enum SpanLabel {
        static let arrayElement: UInt64 = 1
        static let recursiveNode: UInt64 = 2
    }

    /// A raw choice in `0...bound`.
    public static func choice(upTo bound: UInt64) -> Generator<UInt64> {
        Generator { (testCase) throws(TestCase.Stop) in try testCase.choice(upTo: bound) }
    }

    /// An integer in `range`, shrinking toward its lower bound.
    public static func int(in range: ClosedRange<Int>) -> Generator<Int> {
        Generator { (testCase) throws(TestCase.Stop) in
            let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
            return range.lowerBound &+ Int(truncatingIfNeeded: try testCase.choice(upTo: span))
        }
    }

    /// Always `value`; draws nothing.
    public static func constant<T>(_ value: T) -> Generator<T> {
        Generator.constant(value)
    }

    /// `false` or `true`, shrinking toward `false`.
    public static var bool: Generator<Bool> {
        Generator { (testCase) throws(TestCase.Stop) in try testCase.choice(upTo: 1) == 1 }
    }

    /// One of `elements`, shrinking toward the first.
    public static func element<T>(of elements: [T]) -> Generator<T> {
        precondition(!elements.isEmpty, "element(of:) needs at least one element")
        return Generator { (testCase) throws(TestCase.Stop) in elements[Int(try testCase.choice(upTo: UInt64(elements.count - 1)))] }
    }

    /// A value of one of `generators`, each equally likely, shrinking toward the first.
    public static func oneOf<T>(_ generators: [Generator<T>]) -> Generator<T> {
        precondition(!generators.isEmpty, "oneOf needs at least one generator")
        return Generator { (testCase) throws(TestCase.Stop) in
            try generators[Int(try testCase.choice(upTo: UInt64(generators.count - 1)))].generate(&testCase)
        }
    }

    /// A value of one of `generators`, chosen in proportion to its weight, shrinking toward the first.
    public static func frequency<T>(_ weighted: [(weight: Int, generator: Generator<T>)]) -> Generator<T> {
        let total = weighted.reduce(0) { $0 + $1.weight }
        precondition(total > 0 && weighted.allSatisfy { $0.weight >= 0 }, "frequency needs positive weights")
        return Generator { (testCase) throws(TestCase.Stop) in
            var ticket = Int(try testCase.choice(upTo: UInt64(total - 1)))
            for entry in weighted {
                if ticket < entry.weight { return try entry.generator.generate(&testCase) }
                ticket -= entry.weight
            }
            preconditionFailure("the ticket is below the total weight")
        }
    }

    /// Usually `generator`'s value; about one draw in eight one of `edges` instead.
    ///
    /// Boundary values (0, ±1, 2^53 ± 1, year 9999, the empty string) are where codecs break, and
    /// uniform draws almost never hit them. The edge branch is the last alternative, so shrinking
    /// leaves it only when the plain branch also fails, and inside it moves toward the first edge.
    public static func biased<T>(_ generator: Generator<T>, edges: [T]) -> Generator<T> {
        guard !edges.isEmpty else { return generator }
        return Generator { (testCase) throws(TestCase.Stop) in
            if try testCase.choice(upTo: 7) == 7 {
                return edges[Int(try testCase.choice(upTo: UInt64(edges.count - 1)))]
            }
            return try generator.generate(&testCase)
        }
    }

    /// `nil` about one time in four, otherwise `generator`'s value; shrinks toward `nil`.
    public static func optional<T>(_ generator: Generator<T>) -> Generator<T?> {
        Generator { (testCase) throws(TestCase.Stop) in
            try testCase.choice(upTo: 3) == 0 ? nil : try generator.generate(&testCase)
        }
    }

    /// An array of `element`'s values with between `minimum` and `maximum` elements, about
    /// `average` beyond the minimum. Each further element is announced by a choice (0 = stop), so
    /// deleting a chunk of choices deletes whole elements and shrinking shortens arrays.
    public static func array<T>(of element: Generator<T>, minimum: Int = 0, maximum: Int = 64, average: Int = 4) -> Generator<[T]> {
        precondition(0 <= minimum && minimum <= maximum && average >= 1)
        return Generator { (testCase) throws(TestCase.Stop) in
            var elements: [T] = []
            while elements.count < maximum {
                let next = try testCase.span(label: SpanLabel.arrayElement) { (testCase) throws(TestCase.Stop) -> T? in
                    if elements.count >= minimum, try testCase.choice(upTo: UInt64(average)) == 0 { return nil }
                    return try element.generate(&testCase)
                }
                guard let next else { break }
                elements.append(next)
            }
            return elements
        }
    }

    /// A recursive structure: `leaf` at depth 0, otherwise `node` built from a generator one level
    /// shallower. The depth is drawn first, so shrinking it flattens the structure.
    public static func recursive<T>(maximumDepth: Int, leaf: Generator<T>,
                                    node: @escaping (Generator<T>) -> Generator<T>) -> Generator<T> {
        func level(_ depth: Int) -> Generator<T> {
            Generator { (testCase) throws(TestCase.Stop) in
                try testCase.span(label: SpanLabel.recursiveNode) { (testCase) throws(TestCase.Stop) in
                    // A choice even at depth 0 (where it can only be 0, "leaf") keeps every node's
                    // span in one shape, so a node can stand in for its ancestor while shrinking.
                    guard try testCase.choice(upTo: depth > 0 ? 2 : 0) != 0 else { return try leaf.generate(&testCase) }
                    return try node(level(depth - 1)).generate(&testCase)
                }
            }
        }
        return Generator { (testCase) throws(TestCase.Stop) in
            try level(Int(try testCase.choice(upTo: UInt64(maximumDepth)))).generate(&testCase)
        }
    }
}
