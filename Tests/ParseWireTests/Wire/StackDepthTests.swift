import Foundation
import Testing
@testable import ParseWire
import TestSupport

/// The default depth limit works on a 512 KB thread (the default secondary-thread stack on Apple
/// platforms), for the wire decoder and the wire encoder.
@Suite struct StackDepthTests {
    /// Documents nested `depth` levels deep, by shape.
    enum Shape: String, CaseIterable, Sendable {
        case arrays, maps, objects

        func document(depth: Int) -> String {
            switch self {
            case .arrays: String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            case .maps: String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
            case .objects:
                String(repeating: #"{"__type":"Object","className":"C","a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            }
        }
    }

    /// Keeps a value alive past a measurement, so that its teardown is not measured with it.
    final class Keeper: @unchecked Sendable {
        var values: [ParseValue] = []
    }

    static let stackSize = 512 * 1024

    @Test("512-deep documents decode and encode on a 512 KB thread", arguments: Shape.allCases)
    func smallThread(shape: Shape) {
        let text = Array(shape.document(depth: 512).utf8)
        let outcome = onThread(stackSize: Self.stackSize) { () -> String in
            do {
                let value = try ParseValueDecoder().decode(text)
                let encoded = try ParseValueEncoder().encode(value)
                return encoded == text ? "same" : "encoded differently: \(String(decoding: encoded.prefix(80), as: UTF8.self))"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "same")
    }

    @Test("stack per level of the wire decoder and encoder (measured; teardown of the value not included)",
          .enabled(if: !isSanitized, "painting the free stack is unsafe under a sanitizer's runtime"), arguments: Shape.allCases)
    func stackPerLevel(shape: Shape) throws {
        let texts = [100, 200].map { Array(shape.document(depth: $0).utf8) }
        let keeper = Keeper()
        let values = texts.map { try! ParseValueDecoder().decode($0) }
        let measured = onThread(stackSize: 8 << 20) { () -> [Int] in
            let decoding = texts.map { text in
                stackBytesUsed(stackSize: 8 << 20) { keeper.values.append(try! ParseValueDecoder().decode(text)) }
            }
            let encoding = values.map { value in stackBytesUsed(stackSize: 8 << 20) { _ = try! ParseValueEncoder().encode(value) } }
            return [(decoding[1] - decoding[0]) / 100, (encoding[1] - encoding[0]) / 100]
        }
        print("nested \(shape): ParseValueDecoder \(measured[0]) bytes per level, ParseValueEncoder \(measured[1]) bytes per level")
        // 512 levels and the caller's frames must fit 512 KB.
        #expect(measured[0] * 512 < Self.stackSize / 2, "decoder: \(measured[0]) bytes per level")
        #expect(measured[1] * 512 < Self.stackSize / 2, "encoder: \(measured[1]) bytes per level")
    }
}
