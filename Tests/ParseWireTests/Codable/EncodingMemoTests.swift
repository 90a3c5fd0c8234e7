import Foundation
import Testing
@testable import ParseWire

/// The encoder remembers keys and types from one document to the next; whatever it remembers,
/// the second document must come out, or fail, exactly as the first.
@Suite struct EncodingMemoTests {
    /// Keys that need escaping, that Parse reserves, and that are plain identifiers.
    struct Odd: Codable, Equatable {
        enum CodingKeys: String, CodingKey {
            case spaced = "a \"quoted\" key"
            case accented = "crème"
            case objectId, createdAt, plain
        }
        var spaced = 1
        var accented = "x"
        var objectId: String?
        var createdAt: Date?
        var plain = true
    }

    /// Encodes twice and checks both results agree.
    static func twice<T: Encodable>(_ value: T, as mode: ParseWireMode = .value) throws -> String {
        let first = try ParseWireEncoder().encodeString(value, as: mode)
        let second = try ParseWireEncoder().encodeString(value, as: mode)
        #expect(first == second)
        return first
    }

    @Test("a remembered key is written, escaped, and classified the same every time")
    func escapedAndPlainKeys() throws {
        let odd = Odd(objectId: "o1", createdAt: Date(timeIntervalSince1970: 0))
        let plain = try Self.twice(["odd": odd])
        #expect(plain == #"{"odd":{"a \"quoted\" key":1,"crème":"x","objectId":"o1","createdAt":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"},"plain":true}}"#)
    }

    @Test("one key type means different things in different roles, whichever comes first")
    func rolesKeptApart() throws {
        struct Thing: Codable { var objectId: String; var createdAt: Date; var name: String }
        struct Holder: Codable { var thing: Thing }
        let thing = Thing(objectId: "t1", createdAt: Date(timeIntervalSince1970: 0), name: "n")
        for _ in 0..<2 {
            #expect(try ParseWireEncoder().encodeString(Holder(thing: thing)) ==
                    #"{"thing":{"objectId":"t1","createdAt":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"},"name":"n"}}"#)
            #expect(try ParseWireEncoder().encodeString(thing, as: .fetchedObject) ==
                    #"{"objectId":"t1","createdAt":"1970-01-01T00:00:00.000Z","name":"n"}"#)
            #expect(try ParseWireEncoder().encodeString(thing, as: .saveBody) == #"{"name":"n"}"#)
        }
    }

    @Test("a refused key is refused every time, and a _bsontype key still checks its string value")
    func refusalsRepeat() throws {
        struct Bad: Codable {
            enum CodingKeys: String, CodingKey { case constructorName, dollar = "a$b" }
            var constructorName = 1
            var dollar = 2
        }
        struct BSON: Codable { var _bsontype: String }
        for _ in 0..<2 {
            #expect(encodingFailure(Bad()).flatMap(wireError)?.kind == .prohibitedKeyword)
            #expect(encodingFailure(BSON(_bsontype: "no code here")) == nil)
            #expect(encodingFailure(BSON(_bsontype: "some Code")).flatMap(wireError)?.kind == .prohibitedKeyword)
        }
        #expect(encodingFailure(Odd(), as: .saveBody).flatMap(wireError)?.kind == .invalidFieldName)
    }

    @Test("documents encoded at the same time agree with one encoded alone")
    func concurrentDocuments() async throws {
        let odd = Odd(objectId: "o1")
        let expected = try ParseWireEncoder().encodeString(["odd": odd])
        let results = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask { try? ParseWireEncoder().encodeString(["odd": odd]) }
            }
            var all: [String?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    /// A class whose instances can form a cycle, to leave a document failing deep inside.
    final class Link: Encodable {
        var name: String
        var next: Link?
        init(_ name: String) { self.name = name }
    }

    @Test("a document that failed deep inside, or grew a large buffer, leaves nothing behind for the next")
    func reusedStorageStartsClean() throws {
        let odd = Odd(objectId: "o1")
        let expected = try ParseWireEncoder().encodeString(["odd": odd])
        let ring = Link("a")
        ring.next = Link("b")
        ring.next?.next = ring
        for _ in 0..<3 {
            #expect(encodingFailure([[ring]]).flatMap(wireError)?.kind == .unrepresentable)
            #expect(try ParseWireEncoder().encodeString(["odd": odd]) == expected)
        }
        let large = [String](repeating: String(repeating: "x", count: 1000), count: 200)
        #expect(try ParseWireEncoder().encodeBytes(large).count > 200_000)
        #expect(try ParseWireEncoder().encodeString(["odd": odd]) == expected)
        ring.next = nil
    }

    /// Asks for its keyed container twice, the second time after writing a member.
    struct TwiceKeyed: Encodable {
        enum CodingKeys: String, CodingKey { case first, second }
        func encode(to encoder: any Encoder) throws {
            var one = encoder.container(keyedBy: CodingKeys.self)
            try one.encode(1, forKey: .first)
            var two = encoder.container(keyedBy: CodingKeys.self)
            try two.encode(2, forKey: .second)
        }
    }

    @Test("the state kept between documents takes each document's options and mode, and its reused containers write alike")
    func keptStateFollowsEachDocument() throws {
        var nulls = ParseWireEncodingOptions()
        nulls.nilPolicy = .null
        var base64 = ParseWireEncodingOptions()
        base64.dataEncoding = .base64String
        struct Saved: Encodable { var objectId = "o1"; var name = "n" }
        struct Holder: Encodable { var name: String?; var data = Data([1, 2, 3]); var twice = TwiceKeyed() }
        for _ in 0..<3 {
            #expect(try ParseWireEncoder(options: nulls).encodeString(Holder()) == #"{"name":null,"data":{"__type":"Bytes","base64":"AQID"},"twice":{"first":1,"second":2}}"#)
            #expect(try ParseWireEncoder().encodeString(Holder()) == #"{"data":{"__type":"Bytes","base64":"AQID"},"twice":{"first":1,"second":2}}"#)
            #expect(try ParseWireEncoder(options: base64).encodeString([Holder(name: "a")]) == #"[{"name":"a","data":"AQID","twice":{"first":1,"second":2}}]"#)
            #expect(try ParseWireEncoder().encodeString(Saved(), as: .saveBody) == #"{"name":"n"}"#)
            #expect(try ParseWireEncoder().encodeString(Saved(), as: .fetchedObject) == #"{"objectId":"o1","name":"n"}"#)
        }
    }
}

/// Keys the memo keeps per key type, indexed by the key's byte: many key types in one document,
/// keys past the table's width, and the same key type in two roles.
@Suite struct EncodingKeyTableTests {
    /// A distinct type, with its own distinct `CodingKeys`, at every level of nesting.
    struct Level<Inner: Encodable>: Encodable {
        var name: String
        var inner: Inner
    }

    struct Leaf: Encodable { var end = true }

    /// An enumeration whose later cases have storage bytes past 64.
    struct Wide: Encodable {
        enum CodingKeys: String, CodingKey {
            case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, k17, k18, k19
            case k20, k21, k22, k23, k24, k25, k26, k27, k28, k29, k30, k31, k32, k33, k34, k35, k36, k37
            case k38, k39, k40, k41, k42, k43, k44, k45, k46, k47, k48, k49, k50, k51, k52, k53, k54, k55
            case k56, k57, k58, k59, k60, k61, k62, k63, k64, k65, k66, k67, k68, k69
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .k1)
            try container.encode(64, forKey: .k64)
            try container.encode(0, forKey: .k0)
            try container.encode(69, forKey: .k69)
            try container.encode(5, forKey: .k5)
        }
    }

    /// Wraps `leaf` in `levels` levels, each of its own type.
    static func nested(_ levels: Int) -> (value: any Encodable, json: String) {
        func wrap<T: Encodable>(_ value: T, json: String, remaining: Int) -> (any Encodable, String) {
            guard remaining > 0 else { return (value, json) }
            let name = "l\(remaining)"
            return wrap(Level(name: name, inner: value), json: #"{"name":"\#(name)","inner":\#(json)}"#, remaining: remaining - 1)
        }
        return wrap(Leaf(), json: #"{"end":true}"#, remaining: levels)
    }

    @Test("a document with more key types than the memo keeps tables for writes every key right, every time")
    func manyKeyTypes() throws {
        for levels in [1, 63, 64, 65, 150] {
            let (value, json) = Self.nested(levels)
            for _ in 0..<2 {
                #expect(try ParseWireEncoder().encodeString(value) == json)
            }
        }
    }

    @Test("keys whose storage byte is past the table's width are written and told apart")
    func keysPastTheTable() throws {
        for _ in 0..<2 {
            #expect(try ParseWireEncoder().encodeString(Wide()) == #"{"k1":1,"k64":64,"k0":0,"k69":69,"k5":5}"#)
            #expect(try ParseWireEncoder().encodeString(["w": Wide()]) == #"{"w":{"k1":1,"k64":64,"k0":0,"k69":69,"k5":5}}"#)
        }
    }

    @Test("one key type as a root object, a save body and a nested map, in one run of documents")
    func oneKeyTypeInEveryRole() throws {
        struct Thing: Codable { var objectId: String; var name: String }
        let thing = Thing(objectId: "t1", name: "n")
        for _ in 0..<2 {
            #expect(try ParseWireEncoder().encodeString(thing, as: .saveBody) == #"{"name":"n"}"#)
            #expect(try ParseWireEncoder().encodeString([thing, thing]) == #"[{"objectId":"t1","name":"n"},{"objectId":"t1","name":"n"}]"#)
            #expect(try ParseWireEncoder().encodeString(thing, as: .fetchedObject) == #"{"objectId":"t1","name":"n"}"#)
        }
    }
}
