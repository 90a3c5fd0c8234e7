import Testing
@testable import ParseWire
import TestSupport

/// Untrusted input is bounded by default: a decode costs a multiple of its input in memory (up to
/// about ten for a query), so the default size limit keeps the worst case far below a machine.
@Suite struct SizeLimitTests {
    static let mebibyte = 1 << 20

    /// A document of exactly `bytes` bytes: `0` followed by spaces.
    static func document(bytes: Int) -> [UInt8] {
        var document = [UInt8](repeating: 0x20, count: bytes)
        document[0] = UInt8(ascii: "0")
        return document
    }

    @Test("by default a document of 64 MiB decodes in every context and one byte more is a size-limit error")
    func defaultLimit() throws {
        let limit = 64 * Self.mebibyte
        #expect(JSONLimits().maximumBytes == limit)
        #expect(rejection(bytes: Self.document(bytes: limit)) == nil)
        for context in [WireContext.value, .query] {
            let error = try #require(rejection(bytes: Self.document(bytes: limit + 1), context))
            #expect(error.kind == .sizeLimit)
            #expect(error.offset == 0)
        }
    }

    @Test("the size-limit error says how large the document is, which limit it passed and how to raise it")
    func message() throws {
        let error = try #require(rejection(bytes: Self.document(bytes: 64 * Self.mebibyte + 1)))
        #expect(error.message.contains("67108865 bytes"))
        #expect(error.message.contains("67108864"))
        #expect(error.message.contains("JSONLimits.maximumBytes"))
    }

    @Test("a raised limit reads a document larger than the default")
    func raised() {
        var options = ParseValueDecodingOptions.strict
        options.limits.maximumBytes = 65 * Self.mebibyte
        #expect(rejection(bytes: Self.document(bytes: 64 * Self.mebibyte + 1), options: options) == nil)
    }
}
