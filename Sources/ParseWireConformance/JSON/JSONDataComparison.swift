import ParseWire

/// The corpus's comparison of JSON documents as data (`Vectors/INTERPRETING.md`, "Comparing wire
/// output").
///
/// Objects compare as unordered maps, arrays in order, strings by their exact Unicode scalars,
/// numbers by exact decimal value (`1`, `1.0` and `1e0` are equal; `9007199254740993` and
/// `9007199254740992` are not; `-0` differs from `0` so that keeping it can be observed).
package enum JSONDataComparison {
    /// Whether two JSON texts hold the same data; a text that is not strict JSON equals nothing.
    package static func equal(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = try? JSONNode.parse(lhs), let right = try? JSONNode.parse(rhs) else { return false }
        return equal(left, right)
    }

    /// Whether two parsed documents hold the same data.
    /// - Parameter zeroMayDropSign: `lhs` is written output and `rhs` the expected form: a written `0`
    ///   then matches an expected `-0` (`Vectors/spec/numbers.md#NUM-3`: parse-server itself emits `-0`
    ///   as `0`), but a written `-0` still differs from an expected `0`.
    package static func equal(_ lhs: JSONNode, _ rhs: JSONNode, zeroMayDropSign: Bool = false) -> Bool {
        let equal = { (a: JSONNode, b: JSONNode) in Self.equal(a, b, zeroMayDropSign: zeroMayDropSign) }
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)):
            return numbersEqual(a, b) || (zeroMayDropSign && isZero(a, negative: false) && isZero(b, negative: true))
        case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            for member in a {
                guard let other = b.first(where: { $0.key.unicodeScalars.elementsEqual(member.key.unicodeScalars) }),
                      equal(member.value, other.value) else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// Whether a JSON number text is a zero with the given sign (`0`, `0.0`, `0e5`; `-0`, `-0.0`).
    static func isZero(_ text: String, negative: Bool) -> Bool {
        guard text.hasPrefix("-") == negative, let number = ParseNumber(text), let zero = ParseNumber(negative ? "-0" : "0") else { return false }
        return number == zero
    }

    /// Whether two JSON number texts have the same exact decimal value.
    static func numbersEqual(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = ParseNumber(lhs), let right = ParseNumber(rhs) else { return lhs == rhs }
        return left == right
    }
}
