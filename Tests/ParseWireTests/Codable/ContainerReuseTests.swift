import Foundation
import Testing
@testable import ParseWire

/// The decoder keeps keyed container boxes and hands them out again once nothing else holds them:
/// containers still held (an enclosing container of the same type, or one a type kept) must go on
/// reading their own object, and reused ones must read the new one, with the right paths.
@Suite struct ContainerReuseTests {
    /// A recursive type: each level's container is open while the next level of the same key
    /// type is decoded.
    final class Chain: Decodable {
        enum Keys: String, CodingKey { case value, next, after }
        let value: Int
        let next: Chain?
        let after: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            value = try container.decode(Int.self, forKey: .value)
            next = try container.decodeIfPresent(Chain.self, forKey: .next)
            // Read after the inner levels were decoded, from this level's own object.
            after = try container.decode(Int.self, forKey: .after)
        }

        var values: [Int] { [value, after] + (next?.values ?? []) }
    }

    @Test("a recursive type's levels each read their own object, in several documents and siblings")
    func recursiveLevels() throws {
        let text = #"[{"value":1,"next":{"value":2,"next":{"value":3,"after":30},"after":20},"after":10},"#
            + #"{"value":4,"next":{"value":5,"after":50},"after":40}]"#
        let decoder = ParseWireDecoder()
        for _ in 0..<2 {
            let chains = try decoder.decode([Chain].self, from: text)
            #expect(chains.map(\.values) == [[1, 10, 2, 20, 3, 30], [4, 40, 5, 50]])
        }
        let wrong = #"[{"value":1,"next":{"value":2,"next":{"value":3,"after":30},"after":"x"},"after":10}]"#
        let error = try #require(decodingFailure([Chain].self, wrong))
        #expect(wireError(error)?.path == "$[0].next.after")
        guard case DecodingError.typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["Index 0", "next", "after"])
    }

    /// Keeps its container and reads from it only when asked, after other values of the same type
    /// were decoded.
    struct Keeper: Decodable {
        enum Keys: String, CodingKey { case name }
        let container: KeyedDecodingContainer<Keys>

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Keys.self)
        }

        func name() throws -> String { try container.decode(String.self, forKey: .name) }
    }

    @Test("a container kept by the type keeps reading its own object")
    func keptContainer() throws {
        let keepers = try ParseWireDecoder().decode([Keeper].self, from: #"[{"name":"a"},{"name":"b"},{"name":"c"}]"#)
        #expect(try keepers.map { try $0.name() } == ["a", "b", "c"])
    }

    /// Two key types at the same depth, alternating, and the same key type nested through
    /// `nestedContainer`.
    struct Pair: Decodable, Equatable {
        enum Keys: String, CodingKey { case left, right, inner }
        enum InnerKeys: String, CodingKey { case left }
        let left: Side
        let right: Side
        let inner: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            left = try container.decode(Side.self, forKey: .left)
            right = try container.decode(Side.self, forKey: .right)
            let nested = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            let again = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            inner = try nested.decode(Int.self, forKey: .left) + again.decode(Int.self, forKey: .left)
        }

        init(left: Side, right: Side, inner: Int) {
            (self.left, self.right, self.inner) = (left, right, inner)
        }
    }

    struct Side: Decodable, Equatable {
        let left: Int
    }

    @Test("containers of several key types and nested containers of one type stay apart")
    func mixedKeyTypes() throws {
        let text = #"[{"left":{"left":1},"right":{"left":2},"inner":{"left":3}},{"left":{"left":4},"right":{"left":5},"inner":{"left":6}}]"#
        let pairs = try ParseWireDecoder().decode([Pair].self, from: text)
        #expect(pairs == [Pair(left: Side(left: 1), right: Side(left: 2), inner: 6),
                          Pair(left: Side(left: 4), right: Side(left: 5), inner: 12)])
        let wrong = #"[{"left":{"left":1},"right":{"left":2},"inner":{"left":3}},{"left":{"left":4},"right":{"left":5},"inner":{"left":true}}]"#
        let error = try #require(decodingFailure([Pair].self, wrong))
        #expect(wireError(error)?.path == "$[1].inner.left")
    }
}
