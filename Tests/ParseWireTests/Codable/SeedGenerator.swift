import Foundation
import PropertyTesting
@testable import ParseWire
import SeedModels

/// Draws for the seed generator, on the engine's SplitMix64.
extension SplitMix64 {
    /// A value in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next(upTo: UInt64(bound - 1))) }

    mutating func bool() -> Bool { next() & 1 == 1 }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Seed-model values with edge cases mixed in: one draw in eight comes from a boundary list.
struct SeedGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private mutating func edge() -> Bool { random.below(8) == 0 }

    mutating func string(maximumLength: Int = 12) -> String {
        if edge() { return random.pick(["", "\"", "\\", "a/b", "\u{0}\u{1F}\n\t", "é", "e\u{301}", "😀", "\u{2028}", "constructor"]) }
        let alphabet = Array("abcXYZ019 _-\"\\/\n\té€😀{}[]:,$.")
        return String((0..<random.below(maximumLength + 1)).map { _ in random.pick(alphabet) })
    }

    /// A key a plain map may hold: no `$`, `.`, denylisted keyword, or `__type`/`__op`.
    mutating func nestedKey() -> String {
        if edge() { return random.pick(["", "__typo", "a b", "ключ", "\"q\"", "x\\y"]) }
        let alphabet = Array("abcdefXYZ0129_-é😀 ")
        return String((0..<random.below(10) + 1).map { _ in random.pick(alphabet) })
    }

    mutating func objectId() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<10).map { _ in random.pick(alphabet) })
    }

    mutating func int() -> Int {
        if edge() { return random.pick([0, 1, -1, Int.max, Int.min, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1]) }
        return Int(truncatingIfNeeded: random.next()) >> random.below(64)
    }

    mutating func double() -> Double {
        if edge() {
            return random.pick([0.0, -0.0, 1, -1, 0.1, 1e21, 1e-7, 1.2345678901234568e20, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, -.leastNormalMagnitude, 0.000001, 9007199254740992])
        }
        while true {
            let value = Double(bitPattern: random.next())
            if value.isFinite { return value }
        }
    }

    mutating func float() -> Float {
        if edge() { return random.pick([0, -0.0, 0.1, 1.1, 16777216, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 1e-7]) }
        if random.bool() { return Float(random.below(100_000)) / 100 }
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if value.isFinite { return value }
        }
    }

    mutating func date() -> Date {
        let edges: [Int64] = [ParseDate.minimum.epochMilliseconds, ParseDate.maximum.epochMilliseconds, 0, -1, 978_307_200_001,
                              951_782_400_000, 1_709_164_799_999]
        let span = ParseDate.maximum.epochMilliseconds - ParseDate.minimum.epochMilliseconds
        let milliseconds = edge() ? random.pick(edges)
            : ParseDate.minimum.epochMilliseconds + Int64(random.next() % UInt64(span + 1))
        return ParseDate(uncheckedEpochMilliseconds: milliseconds).date
    }

    mutating func acl() -> ParseACL? {
        guard random.bool() else { return nil }
        var acl = ParseACL()
        for _ in 0..<random.below(4) {
            let principal = random.pick(["*", "role:Admins", objectId(), "role:Team A"])
            try! acl.setGrant(.init(read: random.bool(), write: random.bool()), for: principal)
        }
        return acl
    }

    /// Server-owned keys: all present (a fetched object) or all absent (a new one).
    mutating func serverKeys() -> (String?, Date?, Date?) {
        random.bool() ? (objectId(), date(), date()) : (nil, nil, nil)
    }

    mutating func recipe() -> Recipe {
        let (objectId, createdAt, updatedAt) = serverKeys()
        var info: [String: String] = [:]
        for _ in 0..<random.below(4) { info[nestedKey()] = string() }
        return Recipe(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(),
                      name: string(), servings: int(), price: double(), isAvailable: random.bool(),
                      category: random.pick(Recipe.Category.allCases),
                      ingredients: (0..<random.below(5)).map { _ in Ingredient(quantity: float(), description: string()) },
                      sideOptions: (0..<random.below(4)).map { _ in string() }, nutritionalInfo: info, releaseDate: date())
    }

    mutating func book() -> Book {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return Book(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), title: string(),
                    publishingYear: random.below(4000) - 1000, genre: try! TypedPointer(objectId: self.objectId()),
                    isbn: try! TypedPointer(objectId: self.objectId()), authors: TypedRelation(), publishers: TypedRelation())
    }

    mutating func author() -> Author {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return Author(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), name: string())
    }

    mutating func publisher() -> Publisher {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return Publisher(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), name: string())
    }

    mutating func genre() -> Genre {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return Genre(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), name: string())
    }

    mutating func isbn() -> ISBN {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return ISBN(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), value: string())
    }

    mutating func todo() -> TodoListItem {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return TodoListItem(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), title: string(), description: string())
    }

    mutating func item() -> Item {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return Item(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), code: string(), title: string(),
                    category: random.bool() ? try! TypedPointer(objectId: self.objectId()) : nil)
    }

    mutating func category() -> Category {
        let (objectId, createdAt, updatedAt) = serverKeys()
        return Category(objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, ACL: acl(), title: string(), items: TypedRelation())
    }
}
