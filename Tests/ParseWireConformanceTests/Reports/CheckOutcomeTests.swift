import Foundation
@testable import ParseWireConformance
import Testing

/// The outcome is one closed set: its spelling, symbol, meaning, colours, order and agreement class
/// all come from ``CheckOutcome``, so every report shows every outcome the same way.
@Suite("Check outcomes")
struct CheckOutcomeTests {
    typealias Check = ReportFixture.Check

    @Test("every outcome has its own symbol and a meaning for the legend")
    func symbolsAndMeanings() {
        let symbols = CheckOutcome.allCases.map(\.symbol)
        #expect(Set(symbols).count == CheckOutcome.allCases.count, "\(symbols)")
        #expect(!symbols.contains("?"))
        #expect(CheckOutcome.allCases.allSatisfy { !$0.meaning.isEmpty })
    }

    @Test("the summary's counts line lists the outcomes in the one order every report uses")
    func countsLineOrder() throws {
        let line = SummaryReport.countsLine(try FixtureAdapters.run(["reject-all"]))
        let names = line.dropFirst("Counts: ".count).split(separator: "(")[0].split(separator: ",").map {
            $0.split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(names == CheckOutcome.allCases.map(\.rawValue))
    }

    @Test("the matrix page styles every outcome, cell and bar")
    func pageStyle() {
        for outcome in CheckOutcome.allCases {
            #expect(MatrixPageAssets.style.contains(".o-\(outcome.rawValue){"), "\(outcome)")
            #expect(MatrixPageAssets.style.contains(".bar .o-\(outcome.rawValue){"), "\(outcome)")
        }
    }

    @Test("a results report's outcome is read as the closed set")
    func typedRead() throws {
        let file = try ReportFixture(checks: [Check(id: "AAAA01", outcome: "xfail")]).read()
        #expect(file.checks.map(\.outcome) == [.xfail])
    }

    @Test("a results report with an outcome the runner never writes is refused with its line and spelling")
    func unknownOutcome() {
        let fixture = ReportFixture(checks: [Check(id: "AAAA01"), Check(id: "AAAA02", outcome: "maybe")])
        #expect {
            try fixture.read(path: "r.ndjson")
        } throws: { error in
            let message = (error as? CorpusError)?.message ?? ""
            return message.contains("r.ndjson:3") && message.contains("\"maybe\"")
        }
    }

    @Test("what an outcome says about conformance, for the matrix's agreement")
    func agreement() {
        for outcome in CheckOutcome.allCases {
            switch outcome {
            case .unsupported: #expect(outcome.agreement == nil)
            case .pass, .xpass, .accepted, .rejected: #expect(outcome.agreement == .conforming)
            case .fail, .xfail, .error, .timeout, .crash, .skip: #expect(outcome.agreement == .failing)
            case .tolerated: #expect(outcome.agreement == .tolerated)
            }
        }
    }
}

extension CheckOutcomeTests {
    @Test("the informational outcomes never fail a run, and are the ones checks are run again after, with pass")
    func informational() {
        #expect(CheckOutcome.allCases.filter(\.isInformational) == [.tolerated, .accepted, .rejected])
        #expect(CheckOutcome.allCases.filter(\.isInformational).allSatisfy { !$0.isFailing })
        #expect(ConformanceRunner.rerunOutcomes == [.pass, .tolerated, .accepted, .rejected])
    }
}
