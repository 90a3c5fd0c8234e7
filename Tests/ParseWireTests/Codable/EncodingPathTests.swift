import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// The encoder's coding paths: in its errors, and as `codingPath` to user code, at any depth and
/// through nested containers.
@Suite struct EncodingPathTests {
    /// The path as its keys' string values, indices as numbers.
    static func names(_ path: [any CodingKey]) -> [String] {
        path.map { key in key.intValue.map(String.init) ?? key.stringValue }
    }

    @Test("a NaN deep in a document names its member and index")
    func nanInArrayMember() throws {
        let ingredients = [Ingredient(quantity: 1, description: "egg"), Ingredient(quantity: 2, description: "milk"),
                           Ingredient(quantity: .nan, description: "flour")]
        let recipe = Recipe(name: "Pancakes", servings: 4, price: 3.5, isAvailable: true, category: .breakfast, ingredients: ingredients,
                            sideOptions: [], nutritionalInfo: [:], releaseDate: Date(timeIntervalSince1970: 0))
        let error = try #require(encodingFailure(recipe, as: .saveBody))
        #expect(wireError(error)?.path == "$.ingredients[2].quantity")
        guard case EncodingError.invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(Self.names(context.codingPath) == ["ingredients", "2", "quantity"])
    }

    @Test("a NaN among many numbers names its index, and a sibling after an error-free array is still placed right")
    func nanInNumberArray() throws {
        struct Series: Codable { var label: String; var points: [[Double]] }
        let error = try #require(encodingFailure(Series(label: "a", points: [[1, 2], [3, .infinity, 5]])))
        #expect(wireError(error)?.path == "$.points[1][1]")
        let text = try ParseWireEncoder().encodeString(Series(label: "a", points: [[1.5, -0.0], [], [1e21]]))
        #expect(text == #"{"label":"a","points":[[1.5,-0],[],[1e+21]]}"#)
    }

    /// Writes its members through nested containers, with a value that cannot be written deep inside.
    struct Nested: Encodable {
        enum Keys: String, CodingKey { case box, values, inner, number }
        var bad: Double

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var box = container.nestedContainer(keyedBy: Keys.self, forKey: .box)
            var values = box.nestedUnkeyedContainer(forKey: .values)
            try values.encode(1.0)
            var inner = values.nestedContainer(keyedBy: Keys.self)
            try inner.encode(bad, forKey: .number)
        }
    }

    @Test("an error inside nested containers has the nested containers' keys on its path")
    func nestedContainers() throws {
        #expect(try ParseWireEncoder().encodeString(Nested(bad: 2)) == #"{"box":{"values":[1,{"number":2}]}}"#)
        let error = try #require(encodingFailure(Nested(bad: .nan)))
        #expect(wireError(error)?.path == "$.box.values[1].number")
        guard case EncodingError.invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(Self.names(context.codingPath) == ["box", "values", "1", "number"])
    }

    /// What user code saw as coding paths while it was encoded.
    struct Seen: Error {
        var encoder: [String]
        var containers: [[String]]
    }

    /// Reports the coding paths of its encoder and of the containers it opens.
    struct Probe: Encodable {
        enum Keys: String, CodingKey { case list, leaf }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .leaf)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode("x")
            let inner = list.nestedContainer(keyedBy: Keys.self)
            throw Seen(encoder: names(encoder.codingPath),
                       containers: [names(container.codingPath), names(list.codingPath), names(inner.codingPath)])
        }
    }

    /// Holds a probe a few levels down: in a dictionary, an array and a property.
    struct Holder: Encodable {
        var name = "h"
        var items: [String: [Probe?]]
    }

    @Test("user code reads the coding path of the encoder and of each container, however deep")
    func userCodeCodingPath() throws {
        let error = try #require(encodingFailure(Holder(items: ["k": [nil, Probe()]])))
        let seen = try #require(error as? Seen)
        #expect(seen.encoder == ["items", "k", "1"])
        #expect(seen.containers == [["items", "k", "1"], ["items", "k", "1", "list"], ["items", "k", "1", "list", "1"]])
    }

    @Test("the path of a value after a closed nested container no longer holds that container's key")
    func pathAfterNestedContainer() throws {
        struct Sibling: Encodable {
            enum Keys: String, CodingKey { case list, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                try container.encode(Double.nan, forKey: .after)
            }
        }
        let error = try #require(encodingFailure(["s": Sibling()]))
        #expect(wireError(error)?.path == "$.s.after")
    }

    @Test("a cycle far down a long chain of objects is found at its path; one object in two branches is no cycle")
    func deepCycle() throws {
        final class Link: Encodable {
            var next: Link?
            var leaves: [Link] = []
        }
        let links = (0..<100).map { _ in Link() }
        for index in 0..<99 { links[index].next = links[index + 1] }
        links[99].next = links[40]
        let wire = try #require(encodingFailure(links[0]).flatMap(wireError))
        #expect(wire.kind == .unrepresentable)
        #expect(wire.path == "$" + String(repeating: ".next", count: 100))

        links[99].next = nil
        let shared = Link()
        links[70].leaves = [shared, shared]
        links[90].leaves = [shared]
        let text = try ParseWireEncoder().encodeString(links[0])
        #expect(text.components(separatedBy: #""next":"#).count == 100)
    }

    @Test("a deep document writes and fails at the right depth")
    func deep() throws {
        final class Chain: Encodable {
            let next: Chain?
            let number: Double
            init(depth: Int, last: Double) {
                next = depth == 0 ? nil : Chain(depth: depth - 1, last: last)
                number = depth == 0 ? last : 0
            }
        }
        let text = try ParseWireEncoder().encodeString(Chain(depth: 300, last: 1))
        #expect(text.hasPrefix(String(repeating: #"{"next":"#, count: 300) + #"{"number":1}"#))
        let error = try #require(encodingFailure(Chain(depth: 300, last: .nan)))
        #expect(wireError(error)?.path == "$" + String(repeating: ".next", count: 300) + ".number")
    }
}
