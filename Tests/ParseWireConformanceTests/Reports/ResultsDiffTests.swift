import ParseWireConformance
import Testing

/// `report diff`: the checks whose outcome changed between two runs.
@Suite("results diff")
struct ResultsDiffTests {
    @Test("a diff lists exactly the checks whose outcome changed, marking what broke and what was fixed")
    func changes() throws {
        let perfect = try ResultsFile.read(NDJSONReport.render(try FixtureAdapters.run(["perfect"])), path: "old")
        let crashing = try ResultsFile.read(NDJSONReport.render(try FixtureAdapters.run(["crash", "AAAA02"])), path: "new")
        let broke = ResultsDiff(old: perfect, new: crashing)
        #expect(broke.changes.map(\.name) == ["AAAA02 decode wire"])
        #expect(broke.changes.first?.broke == true)
        #expect(broke.text.contains("BROKE AAAA02 decode wire: pass → crash — A Date whose iso is not a timestamp is rejected\n"))
        #expect(broke.text.hasSuffix("1 checks changed outcome: 1 now fail the run, 0 no longer do, 0 other (of 10 checks in the new report)\n"))
        let fixed = ResultsDiff(old: crashing, new: perfect)
        #expect(fixed.changes.first?.fixed == true)
        #expect(ResultsDiff(old: perfect, new: perfect).changes.isEmpty)
    }

    @Test("checks in one report only are changes too")
    func missing() throws {
        let all = try ResultsFile.read(NDJSONReport.render(try FixtureAdapters.run(["perfect"])), path: "old")
        var filter = CaseFilter()
        filter.ids = ["AAAA01"]
        let some = try ResultsFile.read(NDJSONReport.render(try FixtureAdapters.run(["perfect"], options: FixtureAdapters.options { $0.filter = filter })),
                                        path: "new")
        let diff = ResultsDiff(old: all, new: some)
        #expect(diff.changes.count == 7)
        #expect(diff.changes.allSatisfy { $0.new == nil && $0.old == .pass && !$0.broke && !$0.fixed })
    }
}
