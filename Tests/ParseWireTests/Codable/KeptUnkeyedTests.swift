import Foundation
import Testing
@testable import ParseWire

/// Unkeyed containers that user code keeps after `encode`/`decode` returned, beside the keyed ones
/// of ``KeptCoderTests``: a kept decoding container reads a copy of its own document, never the
/// caller's freed input; a kept encoding container refuses every call and never writes into a
/// later document. Meant to run under `--sanitize=address` too.
@Suite struct KeptUnkeyedTests {
    /// Keeps the unkeyed container it was decoded from and reads it later.
    struct ArrayKeeper: Decodable {
        var container: any UnkeyedDecodingContainer

        init(from decoder: any Decoder) throws {
            container = try decoder.unkeyedContainer()
        }

        mutating func rest() throws -> [String] {
            var names: [String] = []
            while !container.isAtEnd { names.append(try container.decode(String.self)) }
            return names
        }
    }

    @Test("an unkeyed decoding container kept past decode reads its own document, after the input is gone")
    func keptUnkeyedDecodingContainer() throws {
        var kept: [ArrayKeeper] = []
        for round in 0..<20 {
            // A fresh input each time, freed when decode returns; then documents of the same size
            // that would reuse its memory.
            let text = #"[["first-\#(round)","second-\#(round)"]]"#
            kept += try ParseWireDecoder().decode([ArrayKeeper].self, from: Array(text.utf8))
            _ = try ParseWireDecoder().decode([[String]].self, from: Array(#"[["XXXXXXXXXXX","YYYYYYYYYYYY"]]"#.utf8))
        }
        var names: [[String]] = []
        for index in kept.indices { names.append(try kept[index].rest()) }
        #expect(names == (0..<20).map { ["first-\($0)", "second-\($0)"] })
    }

    /// Keeps the unkeyed container it encoded into.
    struct KeepsUnkeyedContainer: Encodable {
        let stash: KeptCoderTests.Stash<any UnkeyedEncodingContainer>
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode("kept")
            stash.value = container
        }
    }

    @Test("an unkeyed encoding container kept from an earlier document fails clearly and leaves later documents alone")
    func keptUnkeyedEncodingContainer() throws {
        let stash = KeptCoderTests.Stash<any UnkeyedEncodingContainer>()
        #expect(try ParseWireEncoder().encodeString(KeepsUnkeyedContainer(stash: stash)) == #"["kept"]"#)
        var kept = try #require(stash.value)
        let error = try #require(throws: EncodingError.self) { try kept.encode("late") }
        #expect(wireError(error)?.message.contains("after") == true)
        // The same model again: its fresh container must not be the kept one.
        #expect(try ParseWireEncoder().encodeString(KeepsUnkeyedContainer(stash: .init())) == #"["kept"]"#)
        #expect(throws: EncodingError.self) { try kept.encode("late") }
        #expect(try ParseWireEncoder().encodeString(["a", "b"]) == #"["a","b"]"#)
    }
}
