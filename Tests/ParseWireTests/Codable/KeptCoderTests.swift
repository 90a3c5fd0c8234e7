import Foundation
import Testing
@testable import ParseWire

/// Coders and containers that user code keeps after `encode`/`decode` returned: they never read
/// freed memory and never write into another document; they behave as Foundation's do or fail
/// with a clear error. These tests are meant to run under `--sanitize=address` and `--sanitize=thread` too.
@Suite struct KeptCoderTests {
    /// Keeps whatever its `encode(to:)` is handed, in a box the test reads afterwards.
    final class Stash<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        var value: T? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    enum Keys: String, CodingKey { case name, other }

    struct KeepsEncoder: Encodable {
        let stash: Stash<any Encoder>
        func encode(to encoder: any Encoder) throws {
            stash.value = encoder
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("kept", forKey: .name)
        }
    }

    struct KeepsKeyedContainer: Encodable {
        let stash: Stash<KeyedEncodingContainer<Keys>>
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("kept", forKey: .name)
            stash.value = container
        }
    }

    struct Victim: Encodable, Equatable {
        let name: String
    }

    @Test("an encoder kept from an earlier document cannot write into a later one")
    func keptEncoderIsolated() throws {
        let stash = Stash<any Encoder>()
        let first = try ParseWireEncoder().encodeString(KeepsEncoder(stash: stash))
        #expect(first == #"{"name":"kept"}"#)
        let kept = try #require(stash.value)
        // A stray write between two documents is an error of its own, or nothing; never a change
        // to the next document.
        var single = kept.singleValueContainer()
        #expect(throws: EncodingError.self) { try single.encode("STALE-WRITE") }
        var keyed = kept.container(keyedBy: Keys.self)
        #expect(throws: EncodingError.self) { try keyed.encode("STALE-WRITE", forKey: .other) }
        let victim = try ParseWireEncoder().encodeString(Victim(name: "victim"))
        #expect(victim == #"{"name":"victim"}"#)
        // A write while another document is being written does not reach it either.
        struct Meddler: Encodable {
            let kept: any Encoder
            func encode(to encoder: any Encoder) throws {
                var stray = kept.singleValueContainer()
                try? stray.encode("STALE-WRITE")
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("victim", forKey: .name)
                var strayKeyed = kept.container(keyedBy: Keys.self)
                try? strayKeyed.encode("STALE", forKey: .other)
            }
        }
        #expect(try ParseWireEncoder().encodeString(Meddler(kept: kept)) == #"{"name":"victim"}"#)
        let recipeBody = try ParseWireEncoder().encodeString(Victim(name: "after"), as: .saveBody)
        #expect(recipeBody == #"{"name":"after"}"#)
    }

    @Test("a keyed container kept from an earlier document fails clearly and leaves later documents alone")
    func keptKeyedContainerIsolated() throws {
        let stash = Stash<KeyedEncodingContainer<Keys>>()
        _ = try ParseWireEncoder().encodeString(KeepsKeyedContainer(stash: stash))
        var kept = try #require(stash.value)
        let error = try #require(throws: EncodingError.self) { try kept.encode("late", forKey: .other) }
        #expect(wireError(error)?.message.contains("after") == true)
        // The same model again: its fresh container must not be the kept one.
        let again = try ParseWireEncoder().encodeString(KeepsKeyedContainer(stash: Stash()))
        #expect(again == #"{"name":"kept"}"#)
        #expect(throws: EncodingError.self) { try kept.encode("late", forKey: .other) }
        #expect(try ParseWireEncoder().encodeString(Victim(name: "v")) == #"{"name":"v"}"#)
    }

    struct KeepsDecoder: Decodable {
        let stash: Stash<any Decoder>
        let name: String
        init(from decoder: any Decoder) throws {
            stash = decoder.userInfo[.stash] as! Stash<any Decoder>
            stash.value = decoder
            name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
        }
    }

    @Test("a decoding container kept past decode reads its own document, after the input is gone")
    func keptDecodingContainerOwnsItsInput() throws {
        var kept: [ContainerReuseTests.Keeper] = []
        for round in 0..<20 {
            // A fresh input each time, freed when decode returns.
            let text = #"[{"name":"first-\#(round)"},{"name":"second-\#(round)"}]"#
            kept += try ParseWireDecoder().decode([ContainerReuseTests.Keeper].self, from: Array(text.utf8))
            // Reuse the freed memory with other documents of the same size.
            _ = try ParseWireDecoder().decode([VictimDecodable].self, from: Array(#"[{"name":"XXXXXXXXXXX"},{"name":"YYYYYYYYYYYY"}]"#.utf8))
        }
        #expect(try kept.map { try $0.name() } == (0..<20).flatMap { ["first-\($0)", "second-\($0)"] })
        // From another thread, after the fact.
        let all = kept
        let names = try awaitDetached { try all.map { try $0.name() } }
        #expect(names.count == 40)
    }

    @Test("a decoder kept past decode fails with a clear error instead of reading another value")
    func keptDecoder() throws {
        let stash = Stash<any Decoder>()
        let decoder = ParseWireDecoder()
        var options = decoder.options
        options.userInfo[.stash] = stash
        let value = try ParseWireDecoder(options: options).decode(KeepsDecoder.self, from: #"{"name":"a"}"#)
        #expect(value.name == "a")
        let kept = try #require(stash.value)
        // The stash holds the decoder, whose options hold the stash: break the cycle.
        stash.value = nil
        let error = try #require(throws: DecodingError.self) { try kept.container(keyedBy: Keys.self) }
        #expect(wireError(error)?.message.contains("after") == true)
    }

    @Test("many tasks encode and decode at once, each getting its own document")
    func concurrentDocuments() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let victim = Victim(name: "t\(task)-r\(round)")
                        let bytes = try ParseWireEncoder().encodeBytes(victim)
                        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"t\#(task)-r\#(round)"}"#)
                        #expect(try ParseWireDecoder().decode(VictimDecodable.self, from: bytes).name == victim.name)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    struct VictimDecodable: Decodable {
        let name: String
    }

    /// Runs `body` on another thread and waits for its result.
    private func awaitDetached<R: Sendable>(_ body: @escaping @Sendable () throws -> R) throws -> R {
        let result = Stash<Result<R, any Error>>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.value = Result { try body() }
            done.signal()
        }
        done.wait()
        return try result.value!.get()
    }
}

extension ContainerReuseTests.Keeper: @unchecked Sendable {}

extension CodingUserInfoKey {
    static let stash = CodingUserInfoKey(rawValue: "stash")!
}
