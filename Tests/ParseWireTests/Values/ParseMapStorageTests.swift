import Testing
@testable import ParseWire
import TestSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a map costs the heap: its storage is what a small container of a decoded document costs
/// beside its slot, so it sets the memory multiples of "Numbers, depth and errors" (a where
/// clause `{"a":1}` of 14 bytes is one map).
@Suite struct ParseMapStorageTests {
    /// The usable size of each heap block the map's storage owns, as the allocator reports it
    /// (`nil` where there is no allocator query).
    static func heapBlocks(of map: ParseMap) -> [Int]? {
        map.storageObjects.map { object -> Int? in
            let address = Unmanaged.passUnretained(object).toOpaque()
            #if canImport(Darwin)
            return malloc_size(address)
            #elseif canImport(Glibc) || canImport(Musl)
            return usableSize.map { Int($0(address)) }
            #else
            return nil
            #endif
        }.reduce([Int]?.some([])) { blocks, size in size.flatMap { size in blocks.map { $0 + [size] } } }
    }

    #if canImport(Glibc) || canImport(Musl)
    /// glibc's and musl's `malloc_usable_size`, which their Swift modules do not export (`malloc.h`).
    static let usableSize: (@convention(c) (UnsafeMutableRawPointer?) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> Int).self)
    }()
    #endif

    /// The bytes the members of a map need at least: a key and a value side by side, and the
    /// object's own header (two words) and the map's (two more).
    static func floor(members: Int) -> Int {
        4 * MemoryLayout<Int>.stride + members * MemoryLayout<ParseMap.Member>.stride
    }

    @Test("a member is a key and a value side by side, no larger than the two")
    func memberLayout() {
        #expect(MemoryLayout<ParseMap.Member>.stride <= MemoryLayout<String>.stride + MemoryLayout<ParseValue>.stride)
    }

    @Test("a map built in code is one heap block sized by its members", arguments: [1, 2, 5, 24])
    func builtMapIsOneBlock(_ count: Int) throws {
        let map = ParseMap((0..<count).map { ("k\($0)", ParseValue.number(ParseNumber($0))) })
        let blocks = try #require(Self.heapBlocks(of: map))
        #expect(blocks.count == 1, "blocks: \(blocks)")
        // Appending grows by doubling, so a map built one member at a time may hold twice its members.
        #expect(blocks.reduce(0, +) <= Self.floor(members: 2 * count) + 16, "blocks: \(blocks)")
    }

    @Test("a decoded map is one heap block holding exactly its members", arguments: [1, 2, 5, 24])
    func decodedMapIsOneBlock(_ count: Int) throws {
        let text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .map(let map) = try decode(text) else {
            Issue.record("not a map")
            return
        }
        let blocks = try #require(Self.heapBlocks(of: map))
        #expect(blocks.count == 1, "blocks: \(blocks)")
        // The allocator rounds a block up to 16 bytes.
        #expect(blocks.reduce(0, +) <= Self.floor(members: count) + 16, "blocks: \(blocks)")
    }

    @Test("each clause of a decoded $or is one heap block holding exactly its member")
    func orClausesAreOneBlockEach() throws {
        let clauses = (0..<1_000).map { "{\"a\":\($0)}" }.joined(separator: ",")
        let value = try decode("{\"where\":{\"$or\":[\(clauses)]}}", .query)
        guard case .array(let list)? = value["where"]?["$or"] else {
            Issue.record("no $or list in \(value)")
            return
        }
        #expect(list.count == 1_000)
        var blockCounts: Set<Int> = []
        var total = 0
        for clause in list {
            guard case .map(let map) = clause, let blocks = Self.heapBlocks(of: map) else {
                Issue.record("clause \(clause) is not a measurable map")
                return
            }
            blockCounts.insert(blocks.count)
            total += blocks.reduce(0, +)
        }
        #expect(blockCounts == [1])
        #expect(total <= 1_000 * (Self.floor(members: 1) + 16))
    }

    @Test("an empty map holds no storage of its own")
    func emptyMapsShareStorage() {
        let a = ParseMap()
        let b = ParseMap()
        #expect(a.storageObjects.count == 1 && b.storageObjects.count == 1)
        #expect(a.storageObjects.first === b.storageObjects.first)
    }

    @Test("a copy is unaffected by mutating the original, and the other way round")
    func copyOnWrite() {
        var original: ParseMap = ["a": 1, "b": 2]
        let copy = original
        original["a"] = 10
        original["c"] = 3
        original["b"] = nil
        #expect(copy == ["a": 1, "b": 2])
        #expect(copy.keys == ["a", "b"])
        #expect(original.keys == ["a", "c"])
        #expect(original.values == [10, 3])
        var second = copy
        second["a"] = nil
        #expect(copy.count == 2 && second.keys == ["b"])
    }

    @Test("members keep their order through growth, removal and the index", arguments: [3, 24, 25, 60])
    func growthAndRemoval(_ count: Int) {
        var map = ParseMap()
        for number in 0..<count { map["k\(number)"] = .number(ParseNumber(number)) }
        #expect(map.count == count)
        #expect(map.keys == (0..<count).map { "k\($0)" })
        for number in stride(from: 0, to: count, by: 2) { map["k\(number)"] = nil }
        let kept = stride(from: 1, to: count, by: 2).map { $0 }
        #expect(map.keys == kept.map { "k\($0)" })
        #expect(map.values == kept.map { .number(ParseNumber($0)) })
        for number in 0..<count { #expect(map["k\(number)"] == (number % 2 == 1 ? .number(ParseNumber(number)) : nil)) }
        for (position, number) in kept.enumerated() {
            #expect(map.position(of: "k\(number)") == position)
            #expect(map[position].key == "k\(number)" && map[position].value == .number(ParseNumber(number)))
        }
    }

    @Test("reserving room keeps the members and their order")
    func reserve() {
        var map: ParseMap = ["x": "1", "y": "2"]
        let before = map
        map.reserveCapacity(100)
        map["z"] = "3"
        #expect(map.keys == ["x", "y", "z"])
        #expect(before.keys == ["x", "y"])
    }
}
