import Foundation
import Testing
@testable import ParseWire
import TestSupport

/// The Codable bridge's depth limit, and stack use per level small enough that the default limit
/// works on a 512 KB thread (the default secondary-thread stack on Apple platforms).
@Suite struct DepthTests {
    /// A recursive type: each level is a keyed container holding the next.
    final class Nest: Codable, Sendable {
        let next: Nest?
        let value: Int

        init(depth: Int) {
            value = depth
            next = depth > 1 ? Nest(depth: depth - 1) : nil
        }

        var depth: Int {
            var count = 0
            var level: Nest? = self
            while let current = level {
                count += 1
                level = current.next
            }
            return count
        }
    }

    /// 512 KB in an optimized build (`swift test -c release`, which `.ci/run` runs for this
    /// suite). An unoptimized build's frames are more than twice as large, and a sanitizer's
    /// larger again, so there the test asks only for the 8 MB of a Linux main thread.
    static let smallStack = {
        #if DEBUG
        8 * 1024 * 1024
        #else
        512 * 1024
        #endif
    }()

    @Test("values nested to the default limit encode and decode on a 512 KB thread")
    func defaultLimitOnSmallStack() throws {
        // 511 levels of objects: the root is one more container.
        let bytes = try onThread(stackSize: Self.smallStack) {
            Result { try ParseWireEncoder().encodeBytes(Nest(depth: 511)) }
        }.get()
        let decoded = try onThread(stackSize: Self.smallStack) {
            Result { try ParseWireDecoder().decode(Nest.self, from: bytes) }
        }.get()
        #expect(decoded.depth == 511)
    }

    @Test("a value nested past the limit fails with depth-limit, in the encoder as in the decoder")
    func pastTheLimit() throws {
        let error = try #require(encodingFailure(Nest(depth: 600)))
        #expect(wireError(error)?.kind == .depthLimit)
        var options = ParseWireEncodingOptions()
        options.maximumDepth = 700
        let bytes = try ParseWireEncoder(options: options).encodeBytes(Nest(depth: 600))
        let decodeError = try #require(decodingFailure(Nest.self, String(decoding: bytes, as: UTF8.self)))
        #expect(wireError(decodeError)?.kind == .depthLimit)
    }

    /// Nested containers opened by hand, without recursion: stopped when the document ends.
    struct HandNested: Encodable {
        let depth: Int
        enum Keys: String, CodingKey { case next }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            for _ in 0..<depth {
                container = container.nestedContainer(keyedBy: Keys.self, forKey: .next)
            }
        }
    }

    @Test("containers nested by hand past the limit fail with depth-limit, 20,000 deep too")
    func handNested() throws {
        #expect(try ParseWireEncoder().encodeBytes(HandNested(depth: 500)).count > 0)
        for depth in [600, 20_000] {
            let error = try #require(encodingFailure(HandNested(depth: depth)))
            #expect(wireError(error)?.kind == .depthLimit)
        }
    }
}
