import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// The decoder keeps what it learnt of each type from one document to the next
/// (``DecodingTraitsTable``), handed to one decode at a time.
@Suite struct DecodingTraitsTests {
    /// A type met by this suite alone, so that its entry in a table can only come from here.
    struct Shelf: Codable, Equatable {
        var labels: [String: Int]
    }

    /// Whether `table` holds the facts of `Shelf`'s map field type.
    static func knowsShelfLabels(_ table: DecodingTraitsTable) -> Bool {
        let identity = ObjectIdentifier([String: Int].self)
        return (0..<WireDecodingState.traitsSlots).contains { table.slots[$0].type == identity && table.slots[$0].traits.isPlainMap }
    }

    @Test("what one decode learnt of a type is there for the next decode")
    func keptBetweenDocuments() throws {
        // Other tests decode at the same time and may hold the kept table when this one asks for
        // it; the decode and the look are tried again until this test gets the table it filled.
        var found = false
        for _ in 0..<200 where !found {
            #expect(try ParseWireDecoder().decode(Shelf.self, from: #"{"labels":{"a":1}}"#) == Shelf(labels: ["a": 1]))
            let table = DecodingTraitsStore.shared.checkOut()
            found = Self.knowsShelfLabels(table)
            DecodingTraitsStore.shared.checkIn(table)
        }
        #expect(found)
    }

    @Test("a decode whose container was kept keeps its table: the next decode gets another")
    func keptContainerKeepsItsTable() throws {
        let decoded = try ParseWireDecoder().decode(KeepsContainer.self, from: #"{"name":"first"}"#)
        let kept = try #require(decoded.container)
        let table = DecodingTraitsStore.shared.checkOut()
        defer { DecodingTraitsStore.shared.checkIn(table) }
        let state = try #require(decoded.decoder as? WireDecodingState)
        #expect(state.traitsTable !== table)
        #expect(try kept.decode(String.self, forKey: .name) == "first")
    }

    @Test("decodes on many threads at once each read their own documents")
    func concurrentDecodes() throws {
        var generator = SeedGenerator(seed: 28)
        let recipes = (0..<16).map { _ in generator.recipe() }
        let documents = try recipes.map { try ParseWireEncoder().encodeBytes($0, as: .fetchedObject) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<50 {
                let index = (worker * 7 + round) % recipes.count
                do {
                    if round % 2 == 0 {
                        guard try ParseWireDecoder().decode(Recipe.self, from: documents[index], as: .fetchedObject) == recipes[index] else {
                            return failures.add("recipe \(index) read back different")
                        }
                    } else {
                        guard try ParseWireDecoder().decode(Shelf.self, from: #"{"labels":{"n":\#(round)}}"#) == Shelf(labels: ["n": round]) else {
                            return failures.add("shelf \(round) read back different")
                        }
                    }
                } catch {
                    return failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
    }
}

/// A value that keeps the keyed container it was read from.
private struct KeepsContainer: Decodable {
    enum CodingKeys: String, CodingKey { case name }
    let container: KeyedDecodingContainer<CodingKeys>?
    let decoder: any Decoder

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: CodingKeys.self)
        self.decoder = decoder
    }
}

/// Failures noted by several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []

    func add(_ note: String) {
        lock.lock()
        notes.append(note)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return notes
    }
}
