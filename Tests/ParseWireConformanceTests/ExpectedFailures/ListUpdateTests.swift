import Foundation
import ParseWireConformance
import Testing

/// `parse-wire expected-failures apply`: a suggestions directory applied to a list.
@Suite("expected failures: applying suggestions to a list")
struct ListUpdateTests {
    /// A maintainer's list, written by hand (indented, with `$schema`): one entry that now passes,
    /// a tag entry that partly passes, a stale one, and a skip entry with the maintainer's words.
    static let handWritten = """
    {
      "$schema": "../Vectors/schema/expected-failures.schema.json",
      "format": 1,
      "implementation": "scripted",
      "entries": [
        {"id": "BBBB03", "op": "decode", "reason": "thought to accept junk base64"},
        {"tag": "date", "reason": "my words: dates are broken", "issue": "GH-12"},
        {"area": "nosuch", "reason": "a stale entry"},
        {"id": "BBBB04", "mode": "skip", "reason": "my own words: the pointer glue crashes"}
      ]
    }
    """

    /// Dates wrong for BBBB01 and BBBB08, and the save body BBBB06 breaks the adapter's glue.
    static let script: ScriptedAdapter.Script = { request, vector in
        if vector.id == "BBBB06" { return .errored(message: "no save bodies") }
        return ListKeepingTests.datesWrong(request, vector)
    }

    func run(_ list: String) throws -> RunResult {
        let parsed = try ExpectedFailures.read(Array(list.utf8), path: "list.json")
        return try ScriptedAdapter.run(options: { $0.expectedFailures = parsed }, script: Self.script)
    }

    func apply(_ list: String?, _ result: RunResult) throws -> ListUpdate {
        try ListUpdate.apply(list: list.map { (Array($0.utf8), "list.json") }, additions: (Array(SuggestionsReport.additions(result).utf8), "add.json"),
                             removals: (Array(SuggestionsReport.removals(result).utf8), "remove.json"))
    }

    @Test("apply removes what passes or matches nothing, narrows what partly passes in its place, adds the rest, and the next run is green")
    func applies() throws {
        let first = try run(Self.handWritten)
        #expect(first.exitCode == 1)
        let update = try apply(Self.handWritten, first)
        // What add.json drafts is the drafting's business; whatever it is, it comes last, as drafted.
        let additions = SuggestionsReport.additions(first)
        let drafted = additions.split(separator: "\n").filter { $0.hasPrefix("    {") }
        let added = try ExpectedFailures.read(Array(additions.utf8), path: "add.json").entries.map(\.label)
        #expect(!added.isEmpty)
        #expect(update.text == """
            {
              "$schema": "../Vectors/schema/expected-failures.schema.json",
              "format": 1,
              "implementation": "scripted",
              "entries": [
                {"id":"BBBB01","reason":"my words: dates are broken","issue":"GH-12"},
                {"id":"BBBB08","reason":"my words: dates are broken","issue":"GH-12"},
                {"id":"BBBB04","mode":"skip","reason":"my own words: the pointer glue crashes"},

            """ + drafted.map { $0.hasSuffix(",") ? String($0) : $0 + "," }.joined(separator: "\n").dropLast() + "\n  ]\n}\n")
        #expect(update.changes.map(\.line) == ["- id BBBB03 decode (now passes)", "~ tag date (partly passes): replaced by id BBBB01, id BBBB08",
                                               "- area nosuch (matches nothing)"] + added.map { "+ \($0)" })
        #expect(update.summary(path: "list.json") == "list.json: 4 entries → \(3 + added.count) (\(added.count) added, 2 removed, 1 replaced)")
        let second = try run(update.text)
        #expect(second.exitCode == 0, "\(SummaryReport.render(second))")
    }

    @Test("applying the same directory twice changes nothing the second time")
    func idempotent() throws {
        let first = try run(Self.handWritten)
        let once = try apply(Self.handWritten, first)
        let twice = try apply(once.text, first)
        #expect(twice.text == once.text)
        #expect(twice.changes.isEmpty)
        #expect(twice.alreadyRemoved == 3)
        #expect(twice.alreadyListed == once.after - 3)
        #expect(twice.summary(path: "list.json").hasSuffix("(0 added, 0 removed, 0 replaced); \(twice.alreadyListed) suggested entr"
            + (twice.alreadyListed == 1 ? "y was" : "ies were") + " already listed, 3 suggested removals were already done"))
    }

    @Test("a suggested entry the list already has keeps the maintainer's reason and mode")
    func userReasonsSurvive() throws {
        let additions = #"{"format":1,"implementation":"scripted","entries":[{"id":"BBBB04","mode":"xfail","reason":"drafted: crashes the adapter"},"#
            + #"{"tag":"acl","mode":"xfail","reason":"drafted: every acl check fails"}]}"#
        let removals = #"{"format":1,"implementation":"scripted","entries":[]}"#
        let update = try ListUpdate.apply(list: (Array(Self.handWritten.utf8), "list.json"), additions: (Array(additions.utf8), "add.json"),
                                          removals: (Array(removals.utf8), "remove.json"))
        #expect(update.text.contains(#"{"id":"BBBB04","mode":"skip","reason":"my own words: the pointer glue crashes"}"#))
        #expect(!update.text.contains("drafted: crashes"))
        #expect(update.text.hasSuffix(#"    {"tag":"acl","mode":"xfail","reason":"drafted: every acl check fails"}"# + "\n  ]\n}\n"))
        #expect(update.alreadyListed == 1)
    }

    @Test("with no list yet, the list is made from add.json")
    func creates() throws {
        let first = try ScriptedAdapter.run(script: Self.script)
        let update = try apply(nil, first)
        #expect(update.before == 0)
        let made = try ExpectedFailures.read(Array(update.text.utf8), path: "list.json")
        #expect(made.implementation == "scripted")
        #expect(made.entries.count == update.after)
        #expect(try run(update.text).exitCode == 0)
    }

    /// BBBB01 is always read wrong, and written wrong on some runs only.
    static func sometimesWrong(_ wrong: Bool) -> ScriptedAdapter.Script {
        { request, vector in
            guard vector.id == "BBBB01" else { return nil }
            if request.operation == .decode { return .rejected(kind: "other", message: "no dates") }
            return ListKeepingTests.hashOrder(wrong)(request, vector)
        }
    }

    @Test("with passingIsFlaky, what passes on a re-run is kept as flaky, and both kinds of run are green")
    func flakyOnRerun() throws {
        let list = #"{"format":1,"implementation":"scripted","entries":[{"id":"BBBB01","reason":"dates are broken"},"#
            + #"{"id":"BBBB08","op":"encode","reason":"writes year 10000 at times"}]}"#
        let parsed = try ExpectedFailures.read(Array(list.utf8), path: "list.json")
        // On the re-run, BBBB08 passes, BBBB01 is written right, and BBBB07, right the first
        // time, is read wrong.
        let script: ScriptedAdapter.Script = { request, vector in
            if vector.id == "BBBB07" { return .rejected(kind: "other", message: "not this time") }
            return vector.id == "BBBB08" ? nil : Self.sometimesWrong(false)(request, vector)
        }
        let rerun = try ScriptedAdapter.run(options: { $0.expectedFailures = parsed }, script: script)
        #expect(rerun.exitCode == 1)
        let update = try ListUpdate.apply(list: (Array(list.utf8), "list.json"), additions: (Array(SuggestionsReport.additions(rerun).utf8), "add.json"),
                                          removals: (Array(SuggestionsReport.removals(rerun).utf8), "remove.json"), passingIsFlaky: true)
        #expect(Array(update.changes.map(\.line).prefix(2)) == ["~ id BBBB01 (partly passes): replaced by id BBBB01 decode, id BBBB01 encode, id BBBB01 roundtrip",
                                                                "* id BBBB08 encode (now passes): mode flaky"])
        let added = try ExpectedFailures.read(Array(SuggestionsReport.additions(rerun).utf8), path: "add.json").entries.map(\.label)
        #expect(!added.isEmpty)
        #expect(Array(update.changes.map(\.line).dropFirst(2)) == added.map { "+ \($0) (mode flaky)" })
        #expect(update.summary(path: "list.json").hasSuffix("(\(added.count) added, 0 removed, 1 replaced, 1 kept as flaky)"))
        #expect(update.text.contains(#"{"id":"BBBB01","op":"decode","reason":"dates are broken"},"#
            + "\n" + #"    {"id":"BBBB01","op":"encode","mode":"flaky","reason":"dates are broken"},"#))
        #expect(update.text.contains(#"{"id":"BBBB08","op":"encode","mode":"flaky","reason":"writes year 10000 at times"}"#))
        let kept = try ExpectedFailures.read(Array(update.text.utf8), path: "list.json")
        for wrong in [false, true] {
            let run = try ScriptedAdapter.run(options: { $0.expectedFailures = kept }, script: { request, vector in
                if vector.id == "BBBB07" { return wrong ? nil : .rejected(kind: "other", message: "not this time") }
                return Self.sometimesWrong(wrong)(request, vector) ?? Self.script(request, vector).flatMap { vector.id == "BBBB08" && wrong ? $0 : nil }
            })
            #expect(run.exitCode == 0, "\(SummaryReport.render(run))")
        }
        let again = try ListUpdate.apply(list: (Array(update.text.utf8), "list.json"), additions: (Array(SuggestionsReport.additions(rerun).utf8), "add.json"),
                                         removals: (Array(SuggestionsReport.removals(rerun).utf8), "remove.json"), passingIsFlaky: true)
        #expect(again.text == update.text)
        #expect(again.changes.isEmpty)
    }

    @Test("an invalid list, add.json or remove.json is refused with a message naming the file", arguments: [
        ("list", #"{"format":1,"entries":[{"id":"BBBB01"}]}"#, "list.json: entries[0] needs a \"reason\""),
        ("list", "not json", "list.json: not strict JSON"),
        ("add", #"{"format":1,"entries":[{"tag":"date","op":"parse","reason":"a bad op"}]}"#, "add.json: entries[0]: \"op\" is decode"),
        ("remove", #"{"format":1,"entries":[{"remove":"BBBB01 decode canonical: now passes"}]}"#, "free-text removal of an earlier runner"),
        ("remove", #"{"format":1,"entries":[{"entry":{"id":"BBBB01","reason":"dates"},"why":"feels old"}]}"#, "\"why\" is one of"),
        ("remove", #"{"format":1,"entries":[{"entry":{"id":"BBBB01","reason":"dates"},"why":"partly passes"}]}"#, "\"replaceWith\" is given exactly when"),
        ("remove", #"{"format":1,"entries":[{"entry":{"id":"BBBB01"},"why":"now passes"}]}"#, "entries[0].entry: entries[0] needs a \"reason\""),
        ("add", #"{"format":1,"implementation":"someone-else","entries":[]}"#, "is for implementation \"someone-else\""),
    ])
    func refusesInvalid(_ file: String, _ text: String, _ message: String) {
        let good = #"{"format":1,"implementation":"scripted","entries":[]}"#
        do {
            _ = try ListUpdate.apply(list: (Array((file == "list" ? text : Self.handWritten).utf8), "list.json"),
                                     additions: (Array((file == "add" ? text : good).utf8), "add.json"),
                                     removals: (Array((file == "remove" ? text : good).utf8), "remove.json"))
            Issue.record("accepted an invalid \(file)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
