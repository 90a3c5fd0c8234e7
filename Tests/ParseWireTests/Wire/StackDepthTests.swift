import Foundation
import Testing
@testable import ParseWire

/// The default depth limit works on a 512 KB thread, and every encoder keeps to it.
@Suite struct StackDepthTests {
    /// Documents nested `depth` levels deep, by shape.
    enum Shape: String, CaseIterable, Sendable {
        case arrays, maps, objects

        func document(depth: Int) -> String {
            switch self {
            case .arrays: String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            case .maps: String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
            case .objects:
                String(repeating: #"{"__type":"Object","className":"C","a":"#, count: depth - 1) + "1" + String(repeating: "}", count: depth - 1)
            }
        }
    }

    @Test("stack per level of the wire decoder (measured)", arguments: Shape.allCases)
    func decoderStackPerLevel(shape: Shape) throws {
        let documents = [100, 200].map { Array(shape.document(depth: $0).utf8) }
        let used = onThread(stackSize: 8 << 20) {
            documents.map { document in stackBytesUsed(stackSize: 8 << 20) { _ = try? WireDecoder().decode(document) } }
        }
        let perLevel = (used[1] - used[0]) / 100
        print("WireDecoder, nested \(shape): \(perLevel) bytes of stack per level")
        #expect(perLevel * 512 < 400 * 1024, "\(perLevel) bytes per level")
    }
}
