import ParseWireConformance
import Testing

/// `--shard k/n`: the shards of a run split its checks, each exactly once, the same way every time.
@Suite("shards")
struct ShardTests {
    @Test("n shards together plan every check of the corpus exactly once", arguments: [1, 2, 3, 7])
    func partition(_ count: Int) throws {
        let corpus = try CorpusLocation.corpus.get()
        let whole = ConformanceRunner.plan(corpus, filter: CaseFilter()).map(\.name)
        var union: [String] = []
        for index in 1...count {
            let part = ConformanceRunner.plan(corpus, filter: CaseFilter(), shard: Shard(index: index, count: count)).map(\.name)
            if count > 1 { #expect(part.count < whole.count) }
            union += part
        }
        #expect(union.count == whole.count)
        #expect(Set(union) == Set(whole))
    }

    @Test("a case's checks stay together, and a shard is chosen by the case id alone")
    func byCase() throws {
        let corpus = try CorpusLocation.corpus.get()
        let shard = try #require(Shard("2/3"))
        let part = ConformanceRunner.plan(corpus, filter: CaseFilter(), shard: shard)
        #expect(part.allSatisfy { shard.includes(id: $0.vector.id) })
        let whole = ConformanceRunner.plan(corpus, filter: CaseFilter())
        #expect(whole.filter { shard.includes(id: $0.vector.id) }.count == part.count)
    }

    @Test("k/n is read strictly", arguments: ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3", "-1/2", ""])
    func badShards(_ text: String) {
        #expect(Shard(text) == nil)
    }

    @Test("the fixture corpus split in two runs every check once, through an adapter process")
    func fixtureRun() throws {
        var names: [String] = []
        for index in 1...2 {
            let result = try FixtureAdapters.run(["perfect"], options: FixtureAdapters.options { $0.shard = Shard(index: index, count: 2) })
            #expect(result.exitCode == 0)
            names += result.records.map(\.name)
        }
        let whole = try FixtureAdapters.run(["perfect"]).records.map(\.name)
        #expect(names.count == whole.count)
        #expect(Set(names) == Set(whole))
    }
}
