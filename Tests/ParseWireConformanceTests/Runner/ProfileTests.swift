@testable import ParseWireConformance
import Testing

/// Profiles (`strict`, `client`), the `tolerated` outcome, and operations per context in `hello`.
@Suite("profiles and operations per context")
struct ProfileTests {
    func outcomes(_ result: RunResult, _ id: String) -> [String] {
        result.records.filter { $0.id == id }.map { "\($0.operation.rawValue) \($0.outcome.rawValue)" }
    }

    @Test("the reference passes the scoring corpus; only the optional typed-record case is unsupported")
    func reference() throws {
        let result = try ScriptedAdapter.run()
        #expect(FixtureAdapters.counts(result) == ["pass": 20, "unsupported": 1, "accepted": 1])
        #expect(result.profile == .strict)
        #expect(result.profileSource == .default)
        #expect(result.exitCode == 0)
    }

    @Test("under strict, an accepted decode-error case fails, whatever its flags")
    func strictFailsAcceptance() throws {
        let result = try ScriptedAdapter.run(script: ScriptedAdapter.acceptsDecodeErrors)
        #expect(outcomes(result, "BBBB02") == ["decode fail"])
        #expect(outcomes(result, "BBBB03") == ["decode fail"])
        #expect(outcomes(result, "BBBB04") == ["decode fail"])
        #expect(result.exitCode == 1)
    }

    @Test("under client, an accepted decode-error case is tolerated unless a flag says it protects data")
    func clientTolerates() throws {
        let result = try ScriptedAdapter.run(hello: ScriptedAdapter.hello(#""profile":"client""#), script: ScriptedAdapter.acceptsDecodeErrors)
        #expect(result.profile == .client)
        #expect(result.profileSource == .adapter)
        #expect(outcomes(result, "BBBB02") == ["decode tolerated"])
        #expect(outcomes(result, "BBBB04") == ["decode tolerated"])
        #expect(outcomes(result, "BBBB03") == ["decode fail"])
        let mangled = try #require(result.records.first { $0.id == "BBBB03" })
        #expect(mangled.message.contains("ServerMangles"))
        #expect(result.unexpected.map(\.name) == ["BBBB03 decode wire"])
        #expect(SummaryReport.render(result).contains("Verdict (client profile, declared by the adapter): FAILED — 1 unexpected result\n"))
    }

    @Test("under strict, writing an encode-error case fails, whatever its flags")
    func strictFailsWrites() throws {
        let result = try ScriptedAdapter.run(script: ScriptedAdapter.writesEncodeErrors)
        for id in ["BBBB08", "BBBB11", "BBBB12", "BBBB13"] { #expect(outcomes(result, id) == ["encode fail"]) }
        #expect(result.exitCode == 1)
    }

    @Test("under client, writing an encode-error case the server keeps is tolerated; one that protects data or that the server refuses fails")
    func clientToleratesWrites() throws {
        let result = try ScriptedAdapter.run(hello: ScriptedAdapter.hello(#""profile":"client""#), script: ScriptedAdapter.writesEncodeErrors)
        #expect(outcomes(result, "BBBB11") == ["encode tolerated"])
        #expect(outcomes(result, "BBBB13") == ["encode tolerated"])
        #expect(outcomes(result, "BBBB12") == ["encode fail"])
        #expect(outcomes(result, "BBBB08") == ["encode fail"])
        let mangled = try #require(result.records.first { $0.id == "BBBB12" })
        #expect(mangled.message.contains("ServerMangles"))
        let kept = try #require(result.records.first { $0.id == "BBBB11" })
        #expect(kept.message.contains("CanonicalOnly"))
        #expect(result.unexpected.map(\.name) == ["BBBB08 encode value", "BBBB12 encode value"])
        #expect(SummaryReport.render(result).contains(
            "tolerated: 2 encode-error cases written that the server keeps; the client profile allows it where the case protects no data\n"))
    }

    @Test("a rejection of an encode-error case passes, and so does a listed equivalent, under either profile",
          arguments: [ConformanceProfile.strict, .client])
    func writesThatPass(_ profile: ConformanceProfile) throws {
        let result = try ScriptedAdapter.run(options: { $0.profile = profile }, script: { request, vector in
            vector.id == "BBBB13" && request.operation == .encode ? .wire("{}") : nil
        })
        for id in ["BBBB08", "BBBB11", "BBBB12"] { #expect(outcomes(result, id) == ["encode pass"]) }
        #expect(outcomes(result, "BBBB13") == ["encode pass"])
        #expect(result.exitCode == 0)
    }

    @Test("a valid case the server only emits is checked by its decode alone")
    func emittedIsReadOnly() throws {
        let result = try ScriptedAdapter.run()
        #expect(outcomes(result, "BBBB14") == ["decode pass"])
        let vector = try #require(ScriptedAdapter.corpus.cases.first { $0.vector.id == "BBBB14" }?.vector)
        #expect(CheckPlanner.operations(of: vector) == [.decode])
        #expect(CheckPlanner.checks(vector, file: "scoring.json").map(\.name) == ["BBBB14 decode canonical"])
        let list = try FixtureAdapters.list(#"{"id":"BBBB14","op":"encode","reason":"writes no embedded Object"},{"id":"BBBB14","op":"decode","reason":"reads it wrong"}"#)
        #expect(list.unmatched(in: ScriptedAdapter.corpus).stale.map(\.label) == ["id BBBB14 encode"])
    }

    @Test("--profile overrides the profile the adapter declares")
    func optionOverrides() throws {
        let strict = try ScriptedAdapter.run(hello: ScriptedAdapter.hello(#""profile":"client""#), options: { $0.profile = .strict },
                                             script: ScriptedAdapter.acceptsDecodeErrors)
        #expect(strict.profile == .strict)
        #expect(strict.profileSource == .option)
        #expect(FixtureAdapters.counts(strict)["fail"] == 3)
        let client = try ScriptedAdapter.run(options: { $0.profile = .client }, script: ScriptedAdapter.acceptsDecodeErrors)
        #expect(FixtureAdapters.counts(client)["tolerated"] == 2)
    }

    @Test("under client, an adapter error or a wrong decode still fails; valid cases score as under strict")
    func clientStillFails() throws {
        let result = try ScriptedAdapter.run(hello: ScriptedAdapter.hello(#""profile":"client""#), script: { request, vector in
            if vector.id == "BBBB04" { return .errored(message: "glue broke") }
            if vector.id == "BBBB01", request.operation == .decode { return .value(.date(epochMs: "1641039825005")) }
            return nil
        })
        #expect(outcomes(result, "BBBB04") == ["decode error"])
        #expect(outcomes(result, "BBBB01") == ["decode fail", "encode pass", "roundtrip pass"])
        #expect(result.exitCode == 1)
    }

    @Test("a hello names a known profile or none", arguments: [#""profile":"lenient""#, #""profile":1"#])
    func unknownProfile(_ member: String) {
        #expect(throws: ProtocolViolation.self) { try AdapterHello.parse(ScriptedAdapter.hello(member)) }
    }

    @Test("operations per context: the rest is unsupported, not a skip and not unexpected")
    func operationsPerContext() throws {
        let hello = ScriptedAdapter.hello(#""ops":{"decode":["value","object"],"encode":["value","update"],"roundtrip":[]}"#)
        let result = try ScriptedAdapter.run(hello: hello)
        #expect(outcomes(result, "BBBB06") == ["decode unsupported", "encode pass", "roundtrip unsupported"])
        #expect(outcomes(result, "BBBB07") == ["decode pass", "encode unsupported", "roundtrip unsupported"])
        #expect(outcomes(result, "BBBB01") == ["decode pass", "encode pass", "roundtrip unsupported"])
        let update = try #require(result.records.first { $0.name == "BBBB06 decode canonical" })
        #expect(update.message == "the adapter does not perform decode in context update")
        #expect(result.exitCode == 0)
        #expect(FixtureAdapters.counts(result)["skip"] == nil)
    }

    @Test("a check answered unsupported is unsupported: not a skip, not unexpected, counted with its reason")
    func unsupportedChecks() throws {
        let result = try ScriptedAdapter.run(script: { request, vector in
            vector.id == "BBBB01" && request.operation == .encode ? .unsupported(reason: "the SDK has no writer of this") : nil
        })
        let check = try #require(result.records.first { $0.name == "BBBB01 encode value" })
        #expect(check.outcome == .unsupported)
        #expect(check.unexpected == false)
        #expect(check.message == "unsupported by the implementation: the SDK has no writer of this")
        #expect(result.exitCode == 0)
        #expect(SummaryReport.notes(result).contains { $0.contains("1 the adapter answered unsupported") })
    }

    @Test("an id entry whose every check the adapter answered unsupported matches nothing: the run fails")
    func entryOnlyUnsupported() throws {
        let list = try FixtureAdapters.list(#"{"id":"BBBB01","op":"encode","mode":"xfail","reason":"writes it wrong"}"#)
        let result = try ScriptedAdapter.run(options: { $0.expectedFailures = list }, script: { request, vector in
            vector.id == "BBBB01" && request.operation == .encode ? .unsupported(reason: "the SDK has no writer of this") : nil
        })
        #expect(result.unmatchedEntries.map(\.label) == list.entries.map(\.label))
        #expect(result.exitCode == 1)
        #expect(SummaryReport.render(result).contains("only checks the adapter answered unsupported"))
        // A filtered run cannot tell: the entry may name checks left out.
        let filtered = try ScriptedAdapter.run(options: { $0.expectedFailures = list; $0.filter.ids = ["BBBB02"] })
        #expect(filtered.unmatchedEntries.isEmpty)
    }

    @Test("a hello with operations per context reads back as written")
    func helloContexts() throws {
        let hello = try AdapterHello.parse(ScriptedAdapter.hello(#""ops":{"decode":["value","object"],"encode":["value","object","update"],"roundtrip":[]}"#))
        #expect(hello.operations == [.decode, .encode])
        // Since corpus 1.2 the three contexts of 1.1 are no longer every context: `query` is left out.
        #expect(hello.contexts == [.decode: ["value", "object"], .encode: ["value", "object", "update"]])
        #expect(hello.performs(.decode, in: .object(className: "A")))
        #expect(!hello.performs(.decode, in: .update))
        #expect(hello.performs(.encode, in: .update))
        #expect(!hello.performs(.roundtrip, in: .value))
        #expect(try AdapterHello.parse(hello.line) == hello)
    }

    @Test("a hello may name message kinds one by one: the other kinds are unsupported")
    func messageKinds() throws {
        let hello = try AdapterHello.parse(ScriptedAdapter.hello(#""ops":{"decode":["value","message:find-response","message:error"],"encode":["message"]}"#))
        #expect(hello.performs(.decode, in: .message(.findResponse, className: "A")))
        #expect(hello.performs(.decode, in: .message(.errorBody, className: nil)))
        #expect(!hello.performs(.decode, in: .message(.batchRequest, className: nil)))
        #expect(hello.performs(.encode, in: .message(.batchRequest, className: nil)))
        #expect(!hello.performs(.encode, in: .value))
        #expect(try AdapterHello.parse(hello.line) == hello)
        #expect(AdapterHello.describe(.message(.batchRequest, className: nil)) == "message (batch-request)")
        #expect(AdapterHello.describe(.update) == "update")
    }

    @Test("a hello's ops name known operations and contexts", arguments: [
        #""ops":{"decode":["values"]}"#, #""ops":{"parse":["value"]}"#, #""ops":{"decode":"value"}"#, #""ops":{"decode":[]}"#,
        #""ops":{"decode":["message:find"]}"#, #""ops":{"decode":["value:find-response"]}"#,
    ])
    func badOperations(_ member: String) {
        #expect(throws: ProtocolViolation.self) { try AdapterHello.parse(ScriptedAdapter.hello(member)) }
    }
}
