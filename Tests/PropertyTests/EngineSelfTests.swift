import Foundation
import PropertyTestingSupport
import Testing
@testable import ParseWire

/// The engine finds planted bugs and shrinks them to their minimal form.
@Suite("Property engine")
struct EngineSelfTests {
    /// Runs a property that must fail and returns its failure.
    func failure<Value>(_ name: String, _ generator: Generator<Value>, _ body: (Value) throws -> Void) throws -> PropertyFailure<Value> {
        var configuration = PropertyConfiguration(name: name)
        configuration.count = 2_000
        guard case .failed(let failure) = PropertyRunner.check(configuration, generator, body) else {
            throw PropertyViolation("the planted bug in \(name) was not found")
        }
        return failure
    }

    @Test("a precision loss above 2^53 shrinks to the first integer a Double cannot hold")
    func precisionLoss() throws {
        let found = try failure("planted: Int64 through Double", Gen.int64) { value in
            try ensure(Int64(exactly: Double(value)) == value, "\(value) does not survive a Double")
        }
        #expect(found.minimal == 9_007_199_254_740_993)
    }

    @Test("a writer that forgets to escape tabs shrinks to a one-character string")
    func tabEscaping() throws {
        /// The planted bug: a string writer that leaves tabs raw, which strict JSON forbids.
        func buggyQuote(_ text: String) -> String {
            var writer = JSONWriter()
            writer.writeString(text)
            return String(decoding: writer.bytes, as: UTF8.self).replacingOccurrences(of: "\\t", with: "\t")
        }
        let found = try failure("planted: tab escaping", Gen.string) { text in
            let decoded = try ParseValueDecoder().decode(buggyQuote(text))
            try ensure(decoded == .string(text), "read back as \(decoded)")
        }
        #expect(found.minimal == "\t")
        #expect(found.minimalMessage.contains("control character U+0009"))
    }

    @Test("a failure in a nested array shrinks to the smallest structure that shows it")
    func structuralShrinking() throws {
        let nested = Gen.array(of: Gen.array(of: Gen.int(in: 0...1000)))
        let found = try failure("planted: no inner element above 500", nested) { arrays in
            try ensure(!arrays.joined().contains { $0 > 500 }, "an element is above 500")
        }
        #expect(found.minimal == [[501]])
    }

    @Test("the same name gives the same run; a replayed choice sequence gives the same value")
    func determinism() throws {
        let first = try failure("planted: strings shorter than 3", Gen.string) { try ensure($0.unicodeScalars.count < 3, "long") }
        let second = try failure("planted: strings shorter than 3", Gen.string) { try ensure($0.unicodeScalars.count < 3, "long") }
        #expect(first.original == second.original)
        #expect(first.minimal == "aaa")
        var replay = PropertyConfiguration(name: "planted: strings shorter than 3")
        replay.replay = PropertyConfiguration.parseChoices(String(first.replayValue.split(separator: ":").last!))
        guard case .failed(let replayed) = PropertyRunner.check(replay, Gen.string, { try ensure($0.unicodeScalars.count < 3, "long") }) else {
            Issue.record("the replayed case passed")
            return
        }
        #expect(replayed.original == first.minimal)
    }

    @Test("the bounded draw is uniform and stays within its bound")
    func boundedDraw() {
        var random = SplitMix64(seed: 42)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 {
            let value = random.next(upTo: 5)
            counts[Int(value)] += 1
        }
        #expect(counts.allSatisfy { (9_000...11_000).contains($0) }, "\(counts)")
        #expect(random.next(upTo: 0) == 0)
        var first = SplitMix64(seed: 7), second = SplitMix64(seed: 7)
        #expect((0..<10).map { _ in first.next() } == (0..<10).map { _ in second.next() })
    }
}
