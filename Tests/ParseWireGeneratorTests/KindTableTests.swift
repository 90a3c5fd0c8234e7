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
