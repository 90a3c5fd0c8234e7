import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("The typed reference against the cases that name a class")
struct TypedRecordTests {
    /// Every case the typed reference checks, with its file, by id.
    static let checkedCases: [String: (file: String, vector: VectorCase)] = {
        let cases = ((try? CorpusLocation.corpus.get().cases) ?? []).filter { TypedChecker.checks($0.vector) }
        return Dictionary(cases.map { ($0.vector.id, (file: $0.file.path, vector: $0.vector)) }, uniquingKeysWith: { first, _ in first })
    }()

    static var caseIDs: [String] { checkedCases.keys.sorted() }

    /// The cases the typed reference fails today, and why: none. A case listed here that starts
    /// passing fails the suite (`withKnownIssue` wants its issue), so the list cannot go stale.
    static let knownFailures: [String: String] = [:]

    @Test("every check of every case with a class passes", arguments: caseIDs)
    func typedCase(id: String) throws {
        let entry = try #require(Self.checkedCases[id])
        let results = TypedChecker.check(entry.vector, file: entry.file)
        #expect(!results.isEmpty, "the typed reference made no check of \(id)")
        let failures = results.filter { !$0.passed }
        let record = {
            for result in failures { Issue.record("\(result.id) \(result.check) — \(result.caseDescription): \(result.detail)") }
        }
        if let reason = Self.knownFailures[id] {
            withKnownIssue(Comment(rawValue: reason)) { record() }
        } else {
            record()
        }
    }

    @Test("a save body and an update body read the same record from every update-context case")
    func saveBodyReadsAsUpdateBody() throws {
        let corpus = try CorpusLocation.corpus.get()
        let cases = corpus.cases.map(\.vector).filter { TypedChecker.checks($0) && $0.context == .update }
        #expect(!cases.isEmpty)
        for vector in cases {
            let className = try #require(vector.classSchema)
            let bytes = try #require((vector.canonical ?? vector.input)?.bytes)
            // Compared as values: a map's members may come in another order (a Dictionary's).
            let outcomes = [ParseWireMode.saveBody, .updateBody].map { mode -> (value: TVNValue?, rejection: String?) in
                let codec = TypedReference.Codec(className: className, context: .update, mode: mode)!
                switch codec.decode(bytes).flatMap(codec.value) {
                case .success(let value): return (value, nil)
                case .failure(let error): return (nil, error.kind.name)
                }
            }
            let same = if let a = outcomes[0].value, let b = outcomes[1].value { a.isSameValue(as: b) } else { outcomes[0].rejection == outcomes[1].rejection }
            #expect(same, "\(vector.id): save body \(outcomes[0]), update body \(outcomes[1])")
        }
    }

    @Test("every typed-record case names a class the typed reference has a model for")
    func noTypedRecordCaseUnchecked() throws {
        let corpus = try CorpusLocation.corpus.get()
        let typed = corpus.cases.filter { $0.vector.tags.contains(TypedReference.capability) }
        #expect(typed.count >= 284)
        for entry in typed {
            #expect(TypedChecker.checks(entry.vector), "\(entry.vector.id) names class \(entry.vector.classSchema ?? "none")")
        }
    }

    @Test("every known failure names a case the typed reference checks")
    func knownFailuresExist() {
        let ids = Set(Self.caseIDs)
        for id in Self.knownFailures.keys.sorted() { #expect(ids.contains(id), "\(id)") }
    }

    @Test("there is a generated model for every class schema, with the schema's columns and types",
          arguments: (try? FileManager.default.contentsOfDirectory(atPath: CorpusLocation.root.appendingPathComponent("classes").path)) ?? [])
    func recordFollowsSchema(file: String) throws {
        let text = try String(contentsOf: CorpusLocation.root.appendingPathComponent("classes/\(file)"), encoding: .utf8)
        let schema = try JSONNode.parse(text)
        let className = try #require(schema["className"]?.stringValue)
        let model = try #require(CorpusClass.byName[className], "no model for \(className)")
        var expected: [String: String] = [:]
        for member in schema["fields"]?.members ?? [] where !["objectId", "createdAt", "updatedAt"].contains(member.key) {
            let (name, field) = (member.key, member.value)
            let type = try #require(field["type"]?.stringValue)
            expected[name] = field["targetClass"]?.stringValue.map { "\(type)<\($0)>" } ?? type
        }
        #expect(model.columns.mapValues(\.description) == expected)
    }
}
