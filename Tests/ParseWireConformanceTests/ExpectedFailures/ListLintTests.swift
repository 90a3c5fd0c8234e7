import Foundation
import ParseWire
@testable import ParseWireConformance
import Testing

/// `ListLint`: what a run would refuse or fail on, found from the list and the corpus alone; and
/// every list the repository commits is clean against the corpus it ships with.
@Suite("expected-failures lint")
struct ListLintTests {
    static func lint(_ entries: [String], corpus range: String? = nil) throws -> [ListLint.Finding] {
        let header = range.map { #""corpus":"\#($0)","# } ?? ""
        let text = #"{"format":1,\#(header)"entries":[\#(entries.joined(separator: ","))]}"#
        return ListLint.lint(Array(text.utf8), path: "list.json", corpus: try CorpusLocation.corpus.get())
    }

    @Test("a list of live entries, each applying to some check, is clean")
    func clean() throws {
        let corpus = try CorpusLocation.corpus.get()
        let id = try #require(corpus.cases.first { CheckPlanner.operations(of: $0.vector).contains(.encode) }?.vector.id)
        let findings = try Self.lint([#"{"id":"\#(id)","op":"encode","reason":"writes it wrongly"}"#,
                                      #"{"tag":"date","reason":"dates are text"}"#,
                                      #"{"cause":"decode: expected Bytes, got string","reason":"bytes as text"}"#,
                                      #"{"cause":"roundtrip: AddRelation/RemoveRelation.objects in another order","mode":"flaky","reason":"hash order"}"#],
                                     corpus: ">=1.0 <2")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("each finding names its entry: no such check, a retired case, a cause kind no run reports, a duplicate, a shadowed entry")
    func findings() throws {
        let corpus = try CorpusLocation.corpus.get()
        let live = try #require(corpus.cases.first { CheckPlanner.operations(of: $0.vector).count == 3 }?.vector.id)
        let retired = try #require(corpus.retiredIds.first)
        let planned = Set(corpus.cases.map(\.vector.id))
        let unknown = try #require(VectorID.generate(count: 1, avoiding: planned.union(corpus.retiredIds)).first)
        // A tag all of whose cases are in one area: an area entry above it leaves it nothing to cover.
        var areas: [String: Set<String>] = [:]
        for (file, vector) in corpus.cases { for tag in vector.tags { areas[tag, default: []].insert(file.area) } }
        let (tag, area) = try #require(areas.sorted { $0.key < $1.key }.first { $0.value.count == 1 }.map { ($0.key, $0.value.first ?? "") })
        let findings = try Self.lint([
            #"{"id":"\#(unknown)","reason":"no such case"}"#,
            #"{"id":"\#(retired)","reason":"retired case"}"#,
            #"{"cause":"decode: expected Bytes","reason":"half a kind"}"#,
            #"{"cause":"decode: rejected with not-a-kind, expected a value","reason":"unknown error kind"}"#,
            #"{"id":"\#(live)","reason":"the whole case"}"#,
            #"{"id":"\#(live)","op":"decode","reason":"covered by the entry above"}"#,
            #"{"area":"\#(area)","reason":"the whole area"}"#,
            #"{"tag":"\#(tag)","reason":"inside the area"}"#,
            #"{"area":"\#(area)","reason":"again"}"#,
        ])
        let lines = findings.map(\.description)
        #expect(lines == [
            "error: entries[0] (id \(unknown)): names no check the corpus plans (corpus \(corpus.version))",
            "warning: entries[1] (id \(retired)): names a retired case; delete it",
            #"error: entries[2] (cause decode: expected Bytes): "expected Bytes" is no kind of difference a run reports (INTERPRETING §10, Causes); copy the cause from a run's console or add.json"#,
            #"error: entries[3] (cause decode: rejected with not-a-kind, expected a value): "rejected with not-a-kind, expected a value" is no kind of difference a run reports (INTERPRETING §10, Causes); copy the cause from a run's console or add.json"#,
            "error: entries[5] (id \(live) decode): never applies: every check it names is covered by entries[4] (id \(live)); delete it, or move it above that entry",
            "error: entries[7] (tag \(tag)): never applies: every check it names is covered by entries[6] (area \(area)); delete it, or move it above that entry",
            "error: entries[8] (area \(area)): entries[6] has the same selector; a check is covered by the first, so this one never applies",
        ])
    }

    @Test("a list the reader refuses, or one for other corpus versions, is one finding for the list")
    func listFindings() throws {
        let corpus = try CorpusLocation.corpus.get()
        let invalid = ListLint.lint(Array(#"{"format":1,"entries":[{"tag":"date","mode":"sometimes","reason":"bad mode"}]}"#.utf8),
                                    path: "list.json", corpus: corpus)
        #expect(invalid.map(\.description) == [#"error: list.json: entries[0]: "mode" is xfail, skip or flaky"#])
        let old = try Self.lint([#"{"tag":"date","reason":"dates are text"}"#], corpus: "<1")
        #expect(old.count == 1 && old[0].entry == nil && old[0].severity == .error)
        #expect(old.first?.message.contains("the list is for corpus <1, and this corpus is \(corpus.version)") == true)
    }

    @Test("every cause a run reports reads back as its kind; other text does not")
    func spellings() throws {
        let samples: [DifferenceKind] = DifferenceKind.fixed + [
            .typeChanged(expected: "Bytes", got: "string"), .typeChanged(expected: "operation add", got: "operation remove"),
            .memberMissing(spot: "Object", member: "acl"), .memberMissing(spot: "map", member: nil),
            .memberExtra(spot: "File", member: "url"), .memberExtra(spot: "ACL", member: nil),
            .valueDiffers(spot: "Object.createdAt", member: "iso"), .valueDiffers(spot: "string", member: nil),
            .lengthDiffers(spot: "array", member: nil), .orderOnly(spot: "AddRelation/RemoveRelation", member: "objects"),
            .acceptedExpectedRejection(errorKind: nil), .acceptedExpectedRejection(errorKind: "invalid-date"),
            .rejectedExpectedValue(errorKind: "unknown-type"), .wrongErrorKind(expected: "invalid-date", got: "json-syntax"),
            .wrongParseCode(expected: 111, got: 107), .acceptedDeclaredRejection(flags: "DateWithoutMillis"),
            .rejectedDeclaredAcceptance(flags: "DateWithoutMillis, NumberTooPrecise"),
        ]
        #expect(samples.filter(\.isFixed).count == DifferenceKind.fixed.count)
        for kind in samples { #expect(DifferenceKind(spelling: kind.text) == kind, "\(kind.text)") }
        // The causes of a run with failures of many shapes all read back.
        let corpus = try CorpusLocation.corpus.get()
        let script: ScriptedAdapter.Script = { request, vector in
            CauseFixtures.datesRejected(request, vector) ?? CauseFixtures.bytesAsStrings(request, vector)
                ?? FlakySuggestionTests.hashOrder(seed: "a")(request, vector)
                ?? ScriptedAdapter.acceptsDecodeErrors(request, vector) ?? ScriptedAdapter.writesEncodeErrors(request, vector)
        }
        let run = try CauseFixtures.run(corpus, script: script)
        let causes = Set(run.records.compactMap(\.cause))
        #expect(causes.count > 5)
        for cause in causes {
            let kind = String(cause.drop { $0 != ":" }.dropFirst(2))
            #expect(DifferenceKind(spelling: kind) != nil, "\(cause)")
        }
        for text in ["expected Bytes", "expected , got string", "differs", ".iso differs", "extra File", "a member of  missing",
                     "accepted, expected a rejection nonsense", "rejected with Parse code x, expected 1", "timeouts"] {
            #expect(DifferenceKind(spelling: text) == nil, "\(text)")
        }
    }

    /// A corpus change that strands an entry of a committed list fails the suite with the lint's message.
    @Test("every committed list is clean against the corpus", arguments: ListLintTests.committedLists())
    func committed(_ path: String) throws {
        let root = CorpusLocation.root.deletingLastPathComponent()
        let bytes = try Array(Data(contentsOf: root.appendingPathComponent(path)))
        let errors = ListLint.lint(bytes, path: path, corpus: try CorpusLocation.corpus.get()).filter { $0.severity == .error }
        let message = errors.map(\.description).joined(separator: "\n")
        #expect(errors.isEmpty, "parse-wire expected-failures lint \(path):\n\(message)")
    }

    /// `Examples/**/expected-failures.json`, relative to the package.
    static func committedLists() -> [String] {
        let root = CorpusLocation.root.deletingLastPathComponent()
        let examples = root.appendingPathComponent("Examples")
        let found = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)?.compactMap { item -> String? in
            guard let url = item as? URL, url.lastPathComponent == "expected-failures.json", !url.path.contains("/node_modules/") else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        } ?? []
        return found.sorted()
    }
}
