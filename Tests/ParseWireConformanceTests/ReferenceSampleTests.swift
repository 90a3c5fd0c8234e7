import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("Reference samples")
struct ReferenceSampleTests {
    @Test("every reference sample passes against the reference codec", arguments: ReferenceSample.all.map(\.name))
    func sample(name: String) throws {
        let sample = try #require(ReferenceSample.all.first { $0.name == name })
        let outcome = sample.run()
        #expect(outcome.passed, "\(sample.name) [\(sample.source)]: \(outcome.detail)")
    }

    @Test("sample names are unique, so failures are reported unambiguously")
    func uniqueNames() {
        #expect(Set(ReferenceSample.all.map(\.name)).count == ReferenceSample.all.count)
    }

    @Test("a wrong expectation is reported as a failure")
    func detectsFailure() {
        let wrong = ReferenceSample("wrong", #"{"__type":"Date","iso":"2022-01-01T12:23:45Z"}"#, source: "test")
        #expect(!wrong.run().passed)
        let wrongKind = ReferenceSample("wrong kind", "[01]", .rejected(.invalidDate), source: "test")
        #expect(!wrongKind.run().passed)
    }
}
