import Testing
@testable import ParseWireConformance

/// A query writer is scored as any writer (`Vectors/INTERPRETING.md` §3, Profiles): the find requests
/// of the `query` area's encode-error cases count against a writer that writes them under the
/// `client` profile, except those flagged `CanonicalOnly` (the server keeps what they ask).
@Suite("Query writers under the profiles")
struct QueryWriterScoringTests {
    /// An adapter claiming queries and the type tags their cases carry, naming `profile`.
    static func hello(profile: String) -> String {
        ScriptedAdapter.hello(#""capabilities":["query","pointer","date","geopoint","polygon"],"profile":"\#(profile)""#)
    }

    static func writingEverything(profile: String) throws -> (RunResult, [VectorCase]) {
        let corpus = try CorpusLocation.corpus.get()
        let result = try ScriptedAdapter.run(hello: hello(profile: profile), corpus: corpus, options: { $0.filter.areas = ["query"]; $0.filter.kinds = [.encodeError] },
                                             script: ScriptedAdapter.writesEncodeErrors)
        let cases = corpus.cases.map(\.vector).filter { $0.context == .query && $0.kind == .encodeError }
        return (result, cases)
    }

    @Test("under client, writing a find request the server refuses or changes fails; one flagged CanonicalOnly is tolerated")
    func clientProfile() throws {
        let (result, cases) = try Self.writingEverything(profile: "client")
        #expect(cases.count >= 37)
        for vector in cases {
            let outcomes = result.records.filter { $0.id == vector.id }.map(\.outcome.rawValue)
            let tolerated = vector.flags.contains("CanonicalOnly") && !vector.flags.contains("ServerMangles")
            #expect(outcomes == [tolerated ? "tolerated" : "fail"], "\(vector.id) \(vector.flags)")
        }
        #expect(cases.filter { $0.flags.isEmpty }.count >= 28, "most writer cases are ones the server refuses outright")
        #expect(result.exitCode == 1)
    }

    @Test("under strict, writing any of them fails; refusing them passes under both profiles")
    func strictAndRefusal() throws {
        let (strict, cases) = try Self.writingEverything(profile: "strict")
        #expect(FixtureAdapters.counts(strict).filter { $0.value > 0 } == ["fail": cases.count])
        let corpus = try CorpusLocation.corpus.get()
        for profile in ["strict", "client"] {
            let refusing = try ScriptedAdapter.run(hello: Self.hello(profile: profile), corpus: corpus, options: { $0.filter.areas = ["query"]; $0.filter.kinds = [.encodeError] })
            #expect(FixtureAdapters.counts(refusing).filter { $0.value > 0 } == ["pass": cases.count], "\(profile)")
        }
    }

    @Test("every rule a query writer can break has an encode-error case")
    func rulesCovered() throws {
        let corpus = try CorpusLocation.corpus.get()
        let cases = corpus.cases.map(\.vector).filter { $0.context == .query && $0.kind == .encodeError }
        for rule in 1...20 {
            #expect(cases.contains { $0.spec.contains("QUERY-\(rule)") }, "QUERY-\(rule) has no encode-error case")
        }
    }
}
