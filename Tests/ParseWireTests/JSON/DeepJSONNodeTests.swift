import Testing
@testable import ParseWire
import TestSupport

/// A JSON tree built in code may nest far deeper than the parser allows: letting go of it,
/// comparing, hashing and describing it must not take a stack frame per level.
@Suite struct DeepJSONNodeTests {
    static let smallStack = 512 * 1024
    static let millionDeep = deepLevels(1_000_000)

    /// `levels` containers, arrays and objects in turn, around `bottom`, built without recursion.
    static func nested(levels: Int, bottom: JSONNode = .number("1")) -> JSONNode {
        var node = bottom
        for level in 0..<levels {
            node = level.isMultiple(of: 2) ? .array([node, .null]) : .object([JSONMember(key: "a", value: node)])
        }
        return node
    }

    @Test("a JSON tree a million levels deep is released on a 512 KB thread")
    func release() {
        let released = onThread(stackSize: Self.smallStack) {
            var node: JSONNode? = Self.nested(levels: Self.millionDeep)
            node = nil
            return node == nil
        }
        #expect(released)
    }

    @Test("two JSON trees a million levels deep compare and hash alike, and differ at the bottom")
    func equality() {
        let results = onThread(stackSize: Self.smallStack) {
            let a = Self.nested(levels: Self.millionDeep)
            let b = Self.nested(levels: Self.millionDeep)
            let c = Self.nested(levels: Self.millionDeep, bottom: .number("1.0"))
            return [a == b, a == c, a.hashValue == b.hashValue]
        }
        #expect(results == [true, false, true])
    }

    @Test("a JSON tree a million levels deep describes itself as its compact JSON text")
    func description() {
        let (text, expected) = onThread(stackSize: Self.smallStack) {
            var expected = String(repeating: #"{"a":["#, count: Self.millionDeep / 2) + "1"
            expected += String(repeating: ",null]}", count: Self.millionDeep / 2)
            return (Self.nested(levels: Self.millionDeep).description, expected)
        }
        #expect(text == expected)
    }

    @Test("the description is the parsed document's compact text; member order and number spelling count")
    func parsedText() throws {
        let text = #"{"b":[1.0,-0,"x\"y",true,null,{}],"a":{"c":[]}}"#
        let node = try JSONNode.parse(text)
        #expect(node.description == text)
        #expect(node == (try JSONNode.parse(text)))
        #expect(node != (try JSONNode.parse(#"{"a":{"c":[]},"b":[1.0,-0,"x\"y",true,null,{}]}"#)))
        #expect(node != (try JSONNode.parse(#"{"b":[1,-0,"x\"y",true,null,{}],"a":{"c":[]}}"#)))
    }
}
