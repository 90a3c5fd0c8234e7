import ParseWireConformance
import Testing

/// The places where `Vectors/INTERPRETING.md` was silent or disagreed with the runner, each now
/// written down (§3, §6, §9, §10) and held here.
@Suite("the contract's former gaps")
struct ContractTests {
    func outcome(_ result: RunResult, _ name: String) -> CheckOutcome? {
        result.records.first { $0.name == name }?.outcome
    }

    @Test("a case's class reaches the adapter in the request context")
    func classInContext() throws {
        let result = try ScriptedAdapter.run(script: { request, vector in
            guard vector.id == "BBBB06" else { return nil }
            return request.recordClass == "Note" ? nil : .errored(message: "no class in \(request.line)")
        })
        #expect(outcome(result, "BBBB06 decode canonical") == .pass)
        let line = try #require(ReproScript.lines(ScriptedAdapter.corpus, id: "BBBB06")?[1])
        #expect(line.hasSuffix(#""context":{"kind":"update","class":"Note"}}"#))
    }

    @Test("a rejection may carry parseCode: compared when the case gives one, enforced with the error kinds")
    func parseCode() throws {
        let wrongCode: ScriptedAdapter.Script = { _, vector in
            vector.id == "BBBB02" ? .rejected(kind: "invalid-date", message: nil, parseCode: 107) : nil
        }
        let reported = try ScriptedAdapter.run(script: wrongCode)
        let record = try #require(reported.records.first { $0.id == "BBBB02" })
        #expect(record.outcome == .pass)
        #expect(record.parseCodeMatch == false)
        #expect(record.message == "rejected, but with Parse code 107, not 111")
        let enforced = try ScriptedAdapter.run(options: { $0.enforcesErrorKinds = true }, script: wrongCode)
        #expect(outcome(enforced, "BBBB02 decode wire") == .fail)
        let reference = try ScriptedAdapter.run()
        #expect(reference.records.first { $0.id == "BBBB02" }?.parseCodeMatch == true)
    }

    @Test("an answer's parseCode is read back as written, and must be an integer")
    func parseCodeLine() throws {
        let answer = AdapterAnswer.rejected(kind: "invalid-date", message: "no", parseCode: 111)
        #expect(try AdapterAnswer.parse(answer.line(seq: 4), seq: 4, operation: .decode) == answer)
        #expect(throws: ProtocolViolation.self) {
            try AdapterAnswer.parse(#"{"seq":1,"ok":false,"error":{"kind":"invalid-date","parseCode":"111"}}"#, seq: 1, operation: .decode)
        }
    }

    @Test("flags declared accept in part and undeclared in part are no declared choice: accepted is informational")
    func mixedDeclarations() throws {
        let result = try ScriptedAdapter.run()
        #expect(outcome(result, "BBBB10 decode wire") == .accepted)
        #expect(outcome(result, "BBBB10 roundtrip wire") == .pass)
    }

    @Test("the roundtrip after a rejected decode has its line as unsupported; an entry for it still matches")
    func followUpRoundtrip() throws {
        let list = try ExpectedFailures.read(Array(#"{"format":1,"entries":[{"id":"BBBB05","op":"roundtrip","reason":"writes no millis"}]}"#.utf8),
                                             path: "list.json")
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = list }, script: { _, vector in
            vector.id == "BBBB05" ? .rejected(kind: "invalid-date", message: nil) : nil
        })
        let roundtrip = try #require(result.records.first { $0.name == "BBBB05 roundtrip wire" })
        #expect(roundtrip.outcome == .unsupported)
        #expect(roundtrip.message == "not sent: the decode was rejected, so there is no value to write back")
        #expect(result.unmatchedEntries.isEmpty)
        #expect(result.records.count == ConformanceRunner.plan(ScriptedAdapter.corpus, filter: CaseFilter()).count)
    }

    @Test("optional cases whose tags are not claimed have their unsupported line; a tag entry for them matches")
    func optionalCases() throws {
        let list = try ExpectedFailures.read(Array(#"{"format":1,"entries":[{"tag":"typed-record","reason":"no typed records"}]}"#.utf8),
                                             path: "list.json")
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = list })
        #expect(outcome(result, "BBBB09 decode wire") == .unsupported)
        #expect(result.unmatchedEntries.isEmpty)
        #expect(result.exitCode == 0)
    }

    @Test("an entry pinning another error kind does not cover the failure")
    func pinnedKind() throws {
        let list = try ExpectedFailures.read(Array(#"{"format":1,"entries":[{"id":"BBBB04","errorKind":"invalid-date","reason":"wrong kind pinned"}]}"#.utf8),
                                             path: "list.json")
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = list; $0.enforcesErrorKinds = true }, script: { _, vector in
            vector.id == "BBBB04" ? .rejected(kind: "wrong-field-type", message: nil) : nil
        })
        let record = try #require(result.records.first { $0.id == "BBBB04" })
        #expect(record.outcome == .fail)
        #expect(record.message.hasSuffix("(listed, but not as a rejection with invalid-date)"))
    }

    @Test("the operations the planner names for a case are those of the checks it plans, over the whole corpus")
    func plannedOperations() throws {
        for (file, vector) in try ScriptedAdapter.corpus.cases + CorpusLocation.corpus.get().cases {
            let planned = Set(CheckPlanner.checks(vector, file: file.path).map(\.operation))
            #expect(Set(CheckPlanner.operations(of: vector)) == planned, "\(vector.id)")
        }
    }
}
