import Testing
@testable import ParseWire
import TestSupport

/// A value an app builds in code may be nested far deeper than the decoder ever allows (512):
/// releasing, comparing, hashing and describing it must not recurse once per level, or a deep
/// value crashes the thread that lets it go.
@Suite struct DeepValueTests {
    static let smallStack = 512 * 1024
    /// Far past where a recursive release overflows a 512 KB thread (about 3,000 levels).
    static let depth = deepLevels(100_000)
    /// The depth of one test per property, on the shape that mixes arrays and maps.
    static let millionDeep = deepLevels(1_000_000)

    /// `levels` containers of one shape around a number, built without recursion.
    static func nested(_ shape: String, levels: Int) -> ParseValue {
        var value: ParseValue = .number(1)
        for level in 0..<levels {
            switch shape {
            case "array": value = .array([value])
            case "map": value = .map(["a": value])
            case "object": value = .object(try! ParseObjectValue(className: "C", fields: ["a": value]))
            case "unknown type": value = .unknownType(["__type": "X", "a": value])
            case "operation": value = .operation(.add([value]))
            default: value = level.isMultiple(of: 2) ? .array([value, .null]) : .map(["a": value, "b": true])
            }
        }
        return value
    }

    static let shapes = ["array", "map", "object", "unknown type", "operation", "mixed"]

    @Test("a value 100,000 levels deep is released on a 512 KB thread, and one a million deep", arguments: shapes + ["mixed, a million"])
    func release(_ shape: String) {
        let released = onThread(stackSize: Self.smallStack) {
            let levels = shape.hasSuffix("a million") ? Self.millionDeep : Self.depth
            var value: ParseValue? = Self.nested(shape, levels: levels)
            value = nil
            return value == nil
        }
        #expect(released)
    }

    @Test("two equal values 100,000 levels deep (and a million) compare and hash equal, and differ at the bottom", arguments: shapes + ["mixed, a million"])
    func equality(_ shape: String) {
        let results = onThread(stackSize: Self.smallStack) {
            let levels = shape.hasSuffix("a million") ? Self.millionDeep : Self.depth
            let a = Self.nested(shape, levels: levels)
            let b = Self.nested(shape, levels: levels)
            let c = Self.nested(shape, levels: levels - 1)
            return [a == b, a == c, a.hashValue == b.hashValue]
        }
        #expect(results == [true, false, true])
    }

    @Test("a value 100,000 levels deep describes itself as the encoder's refusal", arguments: ["array", "map", "object"])
    func description(_ shape: String) {
        let text = onThread(stackSize: Self.smallStack) {
            Self.nested(shape, levels: Self.depth).description
        }
        #expect(text.hasPrefix("<") && text.contains("deeper than the limit of 512"))
    }

    @Test("a deep value inside a Batch built in code is released, compared and hashed on a 512 KB thread")
    func insideBatch() {
        let results = onThread(stackSize: Self.smallStack) {
            func batch(_ bottom: ParseValue) -> ParseValue {
                .operation(.batch([.add([Self.nested("mixed", levels: Self.depth)]), .add([bottom])]))
            }
            var value: ParseValue? = batch(1)
            let same = value == batch(1), different = value == batch(2), hashes = value!.hashValue == batch(1).hashValue
            value = nil
            return [same, different, hashes, value == nil]
        }
        #expect(results == [true, false, true, true])
    }

    @Test("a shared deep part outlives the value that held it, and a copy is unaffected by a change")
    func sharing() {
        let survived = onThread(stackSize: Self.smallStack) {
            let inner = Self.nested("mixed", levels: Self.depth)
            var outer: ParseValue? = .array([inner, inner])
            outer = nil
            var copy = inner
            if case .map(var map) = copy {
                map["c"] = "x"
                copy = .map(map)
            }
            return outer == nil && inner == Self.nested("mixed", levels: Self.depth) && copy != inner
        }
        #expect(survived)
    }
}
