import GeneratedSeedModels
import Testing
@testable import ParseWire

/// The fast path's per-type table finds every type it was given, past its first growth, and
/// nothing it was not given.
@Suite struct KindTableTests {
    final class Token {}

    @Test func findsEveryEntryAfterGrowing() {
        let tokens = (0..<1_000).map { _ in Token() }
        var table = GeneratedFastPath.KindTable()
        for (position, token) in tokens.enumerated() where position % 3 == 0 {
            table.insert(.bridge, for: ObjectIdentifier(token))
        }
        for (position, token) in tokens.enumerated() {
            let found = table.kind(for: ObjectIdentifier(token))
            if position % 3 == 0 {
                guard case .bridge = found else {
                    Issue.record("entry \(position) is missing")
                    return
                }
            } else {
                #expect(found == nil, "entry \(position) was never inserted")
            }
        }
        #expect(table.count == 334)
    }

    @Test func keepsTheLaterKindOfATypeInsertedTwice() {
        let token = Token()
        var table = GeneratedFastPath.KindTable()
        table.insert(.bridge, for: ObjectIdentifier(token))
        table.insert(.object(Recipe.self), for: ObjectIdentifier(token))
        #expect(table.count == 1)
        guard case .object(let type) = table.kind(for: ObjectIdentifier(token)) else {
            Issue.record("the later kind was not kept")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Recipe.self))
    }
}

/// Threads that decode generated types through one decoder at once, each type's first lookup
/// racing the others': every value is read whole (run under the thread sanitizer in CI).
@Suite struct GeneratedFastPathThreadTests {
    @Test func threadsDecodeGeneratedTypesAtOnce() async throws {
        let recipe = GeneratedByteChecksTests.recipe()
        let recipes = Array("[".utf8) + recipe + Array(",".utf8) + recipe + Array("]".utf8)
        let author = Array(#"{"objectId":"a1","createdAt":"2024-01-02T03:04:05.678Z","name":"Ann"}"#.utf8)
        let decoder = ParseWireDecoder()
        let expected = try decoder.decode(Recipe.self, from: recipe, as: .fetchedObject)
        let readings = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for _ in 0..<50 {
                        let read: Bool
                        switch task % 3 {
                        case 0: read = (try? decoder.decode(Recipe.self, from: recipe, as: .fetchedObject)) == expected
                        case 1: read = (try? decoder.decode([Recipe].self, from: recipes, as: .fetchedObject)) == [expected, expected]
                        default: read = (try? decoder.decode(Author.self, from: author, as: .fetchedObject))?.name == "Ann"
                        }
                        if !read { return false }
                    }
                    return true
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(readings == Array(repeating: true, count: 16))
    }
}
