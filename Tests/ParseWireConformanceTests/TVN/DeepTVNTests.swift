import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance
import TestSupport

/// A TVN value built in code may nest far deeper than any answer the runner reads: releasing,
/// comparing, hashing and printing it must not take a stack frame per level.
@Suite struct DeepTVNTests {
    static let smallStack = 512 * 1024
    /// Far past where a recursive release overflows a 512 KB thread (a few thousand levels).
    static let depth = deepLevels(20_000)
    static let millionDeep = deepLevels(1_000_000)

    /// A million levels for the shape that mixes arrays and maps, 20,000 for the others (to keep
    /// the suite quick in a debug build).
    static func levels(_ shape: String) -> Int { shape == "mixed" ? millionDeep : depth }

    /// `levels` containers of one shape around a number, built without recursion.
    static func nested(_ shape: String, levels: Int, bottom: String = "1") -> TVNValue {
        var value: TVNValue = .number(bottom)
        for level in 0..<levels {
            switch shape {
            case "array": value = .array([value])
            case "map": value = .map([TVNMember("a", value)])
            case "object": value = .object(TVNObject(className: "C", fields: [TVNMember("a", value)]))
            case "unknown type": value = .unknownType([TVNMember("__type", .string("X")), TVNMember("a", value)])
            case "operation": value = .operation(.add([value]))
            default:
                value = level.isMultiple(of: 2) ? .array([value, .null]) : .map([TVNMember("a", value), TVNMember("b", .bool(true))])
            }
        }
        return value
    }

    static let shapes = ["array", "map", "object", "unknown type", "operation", "mixed"]

    @Test("a TVN value 20,000 levels deep (mixed: a million) is built and released on a 512 KB thread", arguments: shapes)
    func release(_ shape: String) {
        let released = onThread(stackSize: Self.smallStack) {
            var value: TVNValue? = Self.nested(shape, levels: Self.levels(shape))
            value = nil
            return value == nil
        }
        #expect(released)
    }

    @Test("a Batch of Batches a million deep is released on a 512 KB thread")
    func batches() {
        let released = onThread(stackSize: Self.smallStack) {
            var operation = TVNOperation.delete
            for _ in 0..<Self.millionDeep { operation = .batch([operation]) }
            var value: TVNValue? = .operation(operation)
            value = nil
            return value == nil
        }
        #expect(released)
    }

    @Test("two TVN values 20,000 levels deep (mixed: a million) compare (== and isSameValue) and hash alike, and differ at the bottom", arguments: shapes)
    func equality(_ shape: String) {
        let results = onThread(stackSize: Self.smallStack) {
            let levels = Self.levels(shape)
            let a = Self.nested(shape, levels: levels)
            let b = Self.nested(shape, levels: levels)
            let c = Self.nested(shape, levels: levels, bottom: "2")
            let d = Self.nested(shape, levels: levels, bottom: "1.0")
            return [a == b, a == c, a.hashValue == b.hashValue, a.isSameValue(as: b), a.isSameValue(as: c),
                    a == d, a.isSameValue(as: d)]
        }
        #expect(results == [true, false, true, true, false, false, true])
    }

    @Test("a TVN value a million levels deep describes itself by its depth, and jsonText writes it whole")
    func description() {
        let (text, json, expected) = onThread(stackSize: Self.smallStack) {
            let value = Self.nested("array", levels: Self.millionDeep)
            return (value.description, value.jsonText, String(repeating: #"{"array":["#, count: Self.millionDeep)
                        + #"{"number":"1"}"# + String(repeating: "]}", count: Self.millionDeep))
        }
        #expect(text.hasPrefix("<a TVN value \(Self.millionDeep) containers deep"))
        #expect(json == expected)
    }

    @Test("jsonText and description write every kind of node as the JSON tree of the value does", arguments: shapes)
    func text(_ shape: String) throws {
        let value = Self.nested(shape, levels: 3)
        #expect(value.jsonText == value.node.compactText)
        #expect(value.description == value.jsonText)
        let object = TVNValue.object(TVNObject(className: "C", objectId: "x", createdAt: "1", updatedAt: "2",
                                               acl: [TVNGrant(principal: "*", read: true, write: false)], fields: []))
        let operations: [TVNOperation] = [.increment("1"), .addUnique([.null, .bool(false)]), .remove([]), .delete,
                                          .addRelation([TVNPointer(className: "C", objectId: "a")]), .batch([.delete, .delete])]
        for sample in [object, .polygon([TVNPoint(latitude: "1", longitude: "2")]), .file(name: "f", url: nil)]
            + operations.map(TVNValue.operation) {
            #expect(sample.jsonText == sample.node.compactText)
            #expect(try TVNValue.parse(sample.jsonText) == sample)
        }
    }

    @Test("a shared deep part outlives the value that held it")
    func sharing() {
        let survived = onThread(stackSize: Self.smallStack) {
            let inner = Self.nested("mixed", levels: deepLevels(100_000))
            var outer: TVNValue? = .array([inner, inner])
            outer = nil
            return outer == nil && inner == Self.nested("mixed", levels: deepLevels(100_000))
        }
        #expect(survived)
    }
}

/// The conversions between TVN and the reference model, on values built in code far deeper than
/// any answer or vector: one stack frame per level would overflow a 512 KB thread.
@Suite struct DeepConversionTests {
    static let smallStack = 512 * 1024

    /// `levels` containers of one shape around `bottom`, as reference-model values.
    static func nestedValue(_ shape: String, levels: Int, bottom: ParseValue = 1) -> ParseValue {
        var value = bottom
        for level in 0..<levels {
            switch shape {
            case "object": value = .object(try! ParseObjectValue(className: "C", objectId: "o", fields: ["a": value]))
            case "operation": value = .operation(.add([value]))
            case "batch": value = level == 0 ? .operation(.batch([.add([value])])) : .operation(.batch([value.operationInside, .delete]))
            default: value = level.isMultiple(of: 2) ? .array([value, .null]) : .map(["a": value, "b": true])
            }
        }
        return value
    }

    static let shapes = ["mixed", "object", "operation", "batch"]

    @Test("a value 100,000 levels deep converts to TVN and back on a 512 KB thread, unchanged", arguments: shapes)
    func roundTrip(_ shape: String) throws {
        let levels = deepLevels(100_000)
        let (same, tvnSame) = try onThread(stackSize: Self.smallStack) {
            Result { () throws(ParseWireError) -> (Bool, Bool) in
                let value = Self.nestedValue(shape, levels: levels)
                let tvn = TVNValue(value)
                let back = try tvn.parseValue()
                return (back == value, tvn == TVNValue(Self.nestedValue(shape, levels: levels)))
            }
        }.get()
        #expect(same && tvnSame)
    }

    @Test("a refusal at the bottom of a deep TVN value is reported, and a repeated key is refused at its level")
    func refusals() {
        let results = onThread(stackSize: Self.smallStack) {
            var deep: TVNValue = .date(epochMs: "99999999999999999999999")
            for _ in 0..<deepLevels(100_000) { deep = .array([.null, deep]) }
            let repeated = TVNValue.map([TVNMember("a", .null), TVNMember("a", .bool(true))])
            func kind(_ value: TVNValue) -> ParseWireError.Kind? {
                do throws(ParseWireError) { _ = try value.parseValue(); return nil } catch { return error.kind }
            }
            return [kind(deep), kind(repeated), kind(.array([repeated]))]
        }
        #expect(results == [.invalidDate, .duplicateKey, .duplicateKey])
    }

    @Test("a Batch of Batches converts to TVN and back operation by operation")
    func batch() throws {
        let pointer = try ParsePointer(className: "C", objectId: "a")
        let operation = FieldOperation.batch([.batch([.addRelation([pointer])]), .removeRelation([pointer])])
        let tvn = TVNOperation(operation)
        #expect(tvn == .batch([.batch([.addRelation([TVNPointer(className: "C", objectId: "a")])]),
                               .removeRelation([TVNPointer(className: "C", objectId: "a")])]))
        #expect(try tvn.fieldOperation() == operation)
    }
}
