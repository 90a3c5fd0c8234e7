import Foundation
import Testing
@testable import ParseWire

/// Containers used in any order that `JSONEncoder` accepts: the output is valid JSON holding the
/// same data, whatever the order of the calls.
@Suite struct ContainerOrderTests {
    enum Keys: String, CodingKey { case location, tags, lat, lng, p, q, x, y, a, b, inner, list }

    /// The data of a JSON document, for comparing without regard to key order.
    private func data(_ bytes: [UInt8]) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
    }

    private func expectSameData<T: Encodable>(_ value: T, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try ParseWireEncoder().encodeBytes(value)
        let text = String(decoding: bytes, as: UTF8.self)
        let actual = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary, "not JSON: \(text)",
                                  sourceLocation: sourceLocation)
        let wanted = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as! NSDictionary
        #expect(actual == wanted, "\(text)", sourceLocation: sourceLocation)
        // What we write, our strict decoder reads.
        _ = try ParseValueDecoder().decode(bytes)
        // Foundation writes the same data for the same calls.
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as! NSDictionary
        #expect(foundation == wanted, sourceLocation: sourceLocation)
    }

    struct EarlyNested: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var location = container.nestedContainer(keyedBy: Keys.self, forKey: .location)
            var tags = container.nestedUnkeyedContainer(forKey: .tags)
            try tags.encode("a")
            try tags.encode("b")
            try location.encode(1.5, forKey: .lat)
            try location.encode(-2.25, forKey: .lng)
        }
    }

    @Test("a nested container filled after a sibling was written keeps its members")
    func nestedFilledLate() throws {
        try expectSameData(EarlyNested(), #"{"location":{"lat":1.5,"lng":-2.25},"tags":["a","b"]}"#)
    }

    struct Interleaved: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var p = container.nestedContainer(keyedBy: Keys.self, forKey: .p)
            var q = container.nestedContainer(keyedBy: Keys.self, forKey: .q)
            try p.encode(1, forKey: .x)
            try q.encode(2, forKey: .x)
            try p.encode(3, forKey: .y)
            try q.encode(4, forKey: .y)
        }
    }

    @Test("two keyed containers used in turn each keep their own members")
    func interleavedSiblings() throws {
        try expectSameData(Interleaved(), #"{"p":{"x":1,"y":3},"q":{"x":2,"y":4}}"#)
    }

    struct SameKeyTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(7, forKey: .b)
            try container.encode(2, forKey: .a)
        }
    }

    @Test("the same key written twice: the last value wins")
    func sameKeyTwice() throws {
        try expectSameData(SameKeyTwice(), #"{"a":2,"b":7}"#)
    }

    struct SameKeyNestedTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try first.encode(1, forKey: .x)
            try container.encode([1, 2], forKey: .inner)
        }
    }

    @Test("a key that held a nested container, written again, holds the last value")
    func nestedKeyReplaced() throws {
        try expectSameData(SameKeyNestedTwice(), #"{"inner":[1,2]}"#)
    }

    struct ParentAfterChild: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try container.encode("b", forKey: .b)
            try list.encode(2)
            var deeper = list.nestedContainer(keyedBy: Keys.self)
            try container.encode("a", forKey: .a)
            try deeper.encode(3, forKey: .x)
        }
    }

    @Test("a child written after its parent moved on keeps every element, in order")
    func childAfterParent() throws {
        try expectSameData(ParentAfterChild(), #"{"list":[1,2,{"x":3}],"b":"b","a":"a"}"#)
    }

    /// An array of values whose own containers misbehave: the fallback covers a part of a larger
    /// document, and the rest stays as written.
    @Test("out-of-order containers deep inside an array of ordinary values")
    func fallbackInsideLargerDocument() throws {
        struct Wrapper: Encodable {
            let before = [1, 2]
            let odd = [Interleaved(), Interleaved()]
            let after = "z"
        }
        try expectSameData(Wrapper(), #"{"before":[1,2],"odd":[{"p":{"x":1,"y":3},"q":{"x":2,"y":4}},{"p":{"x":1,"y":3},"q":{"x":2,"y":4}}],"after":"z"}"#)
    }

    @Test("the fallback keeps the Parse rules: a save body leaves out objectId, keys are checked")
    func fallbackKeepsRules() throws {
        struct Body: Encodable {
            enum K: String, CodingKey { case objectId, title, meta, note }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: K.self)
                var meta = container.nestedContainer(keyedBy: Keys.self, forKey: .meta)
                try container.encode("abc", forKey: .objectId)
                try container.encode("T", forKey: .title)
                try meta.encode(1, forKey: .a)
            }
        }
        let bytes = try ParseWireEncoder().encodeBytes(Body(), as: .saveBody)
        #expect(try data(bytes) == ["title": "T", "meta": ["a": 1]] as NSDictionary)
        struct BadKey: Encodable {
            struct K: CodingKey {
                var stringValue: String
                init(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: K.self)
                var first = container.nestedContainer(keyedBy: K.self, forKey: K(stringValue: "p"))
                try container.encode(1, forKey: K(stringValue: "q"))
                try first.encode(2, forKey: K(stringValue: "a.b"))
            }
        }
        let error = try #require(encodingFailure(BadKey()))
        #expect(wireError(error)?.kind == .invalidNestedKey)
    }

    final class Base: Encodable {
        var id = 1
        enum BaseKeys: String, CodingKey { case id }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BaseKeys.self)
            try container.encode(id, forKey: .id)
        }
    }

    final class Derived: Encodable {
        let base = Base()
        let name = "n"
        enum DerivedKeys: String, CodingKey { case name, base, meta }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DerivedKeys.self)
            try base.encode(to: container.superEncoder())
            try container.encode(name, forKey: .name)
            try base.encode(to: container.superEncoder(forKey: .meta))
        }
    }

    @Test("superEncoder() writes under \"super\", superEncoder(forKey:) under its key, as Foundation does")
    func superEncoders() throws {
        try expectSameData(Derived(), #"{"super":{"id":1},"name":"n","meta":{"id":1}}"#)
    }

    struct UnkeyedSuper: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            try Base().encode(to: container.superEncoder())
            try container.encode(3)
        }
    }

    @Test("an unkeyed container's superEncoder() writes the next element")
    func unkeyedSuperEncoder() throws {
        let bytes = try ParseWireEncoder().encodeBytes(UnkeyedSuper())
        #expect(String(decoding: bytes, as: UTF8.self) == #"[1,{"id":1},3]"#)
        #expect(try JSONEncoder().encode(UnkeyedSuper()) == Data(bytes))
    }

    struct Derived2: Decodable, Equatable {
        let id: Int
        let name: String
        let metaId: Int
        enum K: String, CodingKey { case name, meta }
        enum BaseKeys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: K.self)
            id = try container.superDecoder().container(keyedBy: BaseKeys.self).decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            metaId = try container.superDecoder(forKey: .meta).container(keyedBy: BaseKeys.self).decode(Int.self, forKey: .id)
        }
    }

    @Test("superDecoder() reads \"super\", superDecoder(forKey:) its key, as Foundation does")
    func superDecoders() throws {
        let text = #"{"super":{"id":1},"name":"n","meta":{"id":2}}"#
        let ours = try ParseWireDecoder().decode(Derived2.self, from: text)
        #expect(ours == Derived2(id: 1, name: "n", metaId: 2))
        #expect(try JSONDecoder().decode(Derived2.self, from: Data(text.utf8)) == ours)
        struct UnkeyedSuperDecode: Decodable, Equatable {
            let values: [Int]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                let first = try container.decode(Int.self)
                let second = try container.superDecoder().singleValueContainer().decode(Int.self)
                values = [first, second, try container.decode(Int.self)]
            }
        }
        #expect(try ParseWireDecoder().decode(UnkeyedSuperDecode.self, from: "[1,2,3]").values == [1, 2, 3])
    }
}

extension ContainerOrderTests.Derived2 {
    init(id: Int, name: String, metaId: Int) {
        self.id = id
        self.name = name
        self.metaId = metaId
    }
}
