import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

/// Each equivalence rule proven through parse-server: the oracle (`Examples/adapters/parse-server-oracle`,
/// `equivalences.js`) wrote every case's canonical form and each listed equivalent through the server's
/// write or find path and recorded whether the server then held the same. These tests hold the corpus to
/// that record: a listed form without a `same` proof fails, so a new equivalent needs a new oracle run.
@Suite("Server equivalence rules, proven by the oracle")
struct ServerEquivalenceProofTests {
    static let resultsURL = CorpusLocation.root.deletingLastPathComponent()
        .appendingPathComponent("Examples/adapters/parse-server-oracle/results/equivalences.json")

    /// One recorded comparison.
    struct Proof {
        let form: String
        let verdict: String
        let detail: String?
    }

    /// The recorded proofs by case id and equivalent index.
    static func proofs() throws -> [String: [Int: Proof]] {
        let node = try JSONNode.parse(Array(try Data(contentsOf: resultsURL)))
        var result: [String: [Int: Proof]] = [:]
        for record in node["records"]?.arrayValue ?? [] {
            guard let id = record["id"]?.stringValue, let index = record["index"]?.integerValue, let form = record["form"]?.stringValue,
                  let verdict = record["verdict"]?.stringValue else { continue }
            result[id, default: [:]][index] = Proof(form: form, verdict: verdict, detail: record["detail"]?.stringValue)
        }
        return result
    }

    /// The rules whose equivalence is a stored one of two written forms (all but the direction rule OBJ-3
    /// and the readings, proven once per rule).
    static let storedRules = Set(ServerEquivalents.Rewrite.allCases.filter { $0.storesAlike && !$0.isReading }.map(\.rule))

    /// The verdicts recorded for the readings, by rule.
    static func readingProofs() throws -> [String: String] {
        let node = try JSONNode.parse(Array(try Data(contentsOf: resultsURL)))
        var result: [String: String] = [:]
        for record in node["readings"]?.arrayValue ?? [] {
            if let rule = record["rule"]?.stringValue, let verdict = record["verdict"]?.stringValue { result[rule] = verdict }
        }
        return result
    }

    @Test("every reading rule the corpus lists has the oracle's proof on a create")
    func readingsProven() throws {
        let corpus = try CorpusLocation.corpus.get()
        let readingRules = Set(ServerEquivalents.Rewrite.allCases.filter(\.isReading).map(\.rule))
        let used = Set(corpus.cases.flatMap { $0.vector.equivalents.filter { $0.input == nil }.flatMap(\.rules) })
        #expect(used == readingRules)
        let proofs = try Self.readingProofs()
        for rule in used { #expect(proofs[rule] == "same", "\(rule): \(proofs[rule] ?? "no proof")") }
    }

    /// What the record lacks for these cases: forms without a proof, forms proven to differ, and the
    /// number of proven forms per rule.
    static func check(_ vectors: [VectorCase], against proofs: [String: [Int: Proof]])
        -> (missing: [String], differing: [String], proven: [String: Int]) {
        var missing: [String] = []
        var differing: [String] = []
        var proven: [String: Int] = [:]
        for vector in vectors where vector.kind != .implementationDefined {
            for (index, equivalent) in vector.equivalents.enumerated() {
                let stored = equivalent.rules.filter(storedRules.contains)
                guard !stored.isEmpty, vector.context.isWritten else { continue }
                guard let proof = proofs[vector.id]?[index], let text = equivalent.input?.text,
                      JSONDataComparison.equal(proof.form, text) else {
                    missing.append("\(vector.id) equivalents[\(index)] (\(equivalent.rules.joined(separator: ", ")))")
                    continue
                }
                if proof.verdict != "same" {
                    differing.append("\(vector.id) equivalents[\(index)]: \(proof.verdict) \(proof.detail ?? "")")
                    continue
                }
                for rule in stored { proven[rule, default: 0] += 1 }
            }
        }
        return (missing, differing, proven)
    }

    @Test("every listed equivalent of a stored-alike rule has the oracle's proof that the server stores the same")
    func everyEquivalentProven() throws {
        let corpus = try CorpusLocation.corpus.get()
        let (missing, differing, proven) = Self.check(corpus.cases.map(\.vector), against: try Self.proofs())
        #expect(missing.isEmpty, "no oracle proof for \(missing.count) listed forms (run equivalences.js): \(missing.prefix(5))")
        #expect(differing.isEmpty, "the server does not store the same: \(differing.prefix(5))")
        // Every stored-alike rule the corpus lists forms of is proven on at least one case.
        let used = Set(corpus.cases.flatMap { $0.vector.equivalents.flatMap(\.rules) }).intersection(Self.storedRules)
        #expect(used.subtracting(proven.keys).isEmpty, "rules without a proof: \(used.subtracting(proven.keys).sorted())")
        #expect(used.isSuperset(of: ["REL-3", "OP-10", "QUERY-1", "QUERY-3", "QUERY-18", "QUERY-19", "FILE-2", "POLY-3", "OP-3", "OP-6"]))
    }

    @Test("a listed form whose proof is missing, is for another form, or says it differs is reported")
    func checkReports() throws {
        let corpus = try EquivalentsScoringTests.corpus(cases: EquivalentsScoringTests.addUnique)
        let vector = try #require(corpus.cases.first?.vector)
        let form = #"{"labels":{"__op":"AddUnique","objects":["x"]}}"#
        #expect(Self.check([vector], against: [:]).missing.count == 1)
        #expect(Self.check([vector], against: ["EQ0001": [0: Proof(form: #"{"labels":1}"#, verdict: "same", detail: nil)]]).missing.count == 1)
        #expect(Self.check([vector], against: ["EQ0001": [0: Proof(form: form, verdict: "differs", detail: "x")]]).differing.count == 1)
        let proven = Self.check([vector], against: ["EQ0001": [0: Proof(form: form, verdict: "same", detail: nil)]])
        #expect(proven.missing.isEmpty && proven.differing.isEmpty && proven.proven == ["OP-3": 1])
    }

    @Test("the direction rule OBJ-3 is recorded as what it is: the server does not store its two forms alike")
    func directionRuleRecorded() throws {
        let corpus = try CorpusLocation.corpus.get()
        let proofs = try Self.proofs()
        let direction = corpus.cases.filter { $0.vector.equivalents.contains { $0.rules == ["OBJ-3"] } }
        #expect(!direction.isEmpty)
        for entry in direction {
            for (index, equivalent) in entry.vector.equivalents.enumerated() where equivalent.rules == ["OBJ-3"] {
                #expect(proofs[entry.vector.id]?[index]?.verdict == "differs", "\(entry.vector.id) equivalents[\(index)]")
            }
        }
    }
}

extension WireContext {
    /// Whether the server reads documents of this context (a REST message it only writes).
    var isWritten: Bool {
        if case .message = self { return false }
        return true
    }
}

@Suite("Readings: values a reader may answer that no form gives")
struct ReadingTests {
    @Test("a create response may be read with updatedAt equal to createdAt (MSG-2); an update response has no such reading")
    func createResponseReading() throws {
        let corpus = try CorpusLocation.corpus.get()
        let create = try #require(corpus.cases.first { $0.vector.id == "4Q306P" }?.vector)
        guard case .object(var object)? = create.value else {
            Issue.record("4Q306P's value is not an object")
            return
        }
        object.updatedAt = object.createdAt
        #expect(ServerEquivalents.readings(of: create).map(\.value) == [.object(object)])
        #expect(ServerEquivalents.decodedValues(of: create).contains(.object(object)))
        let updates = corpus.cases.map(\.vector).filter {
            if case .message(.saveResponse, _) = $0.context, case .object(let value)? = $0.value { return value.createdAt == nil }
            return false
        }
        #expect(!updates.isEmpty)
        #expect(updates.allSatisfy { ServerEquivalents.readings(of: $0).isEmpty })
    }
}

@Suite("The equivalence rules in the specification")
struct EquivalenceRuleTextTests {
    @Test("every rule a rewrite cites is defined in spec/ and listed in the CTX-2 table with the server code it rests on")
    func rulesAreStated() throws {
        let corpus = try CorpusLocation.corpus.get()
        let table = try String(contentsOf: CorpusLocation.root.appendingPathComponent("spec/types.md"), encoding: .utf8)
        for rule in ServerEquivalents.ruleIDs.sorted() {
            #expect(corpus.rules.defines(rule), "\(rule) is not a rule of spec/")
            let row = table.split(separator: "\n").first { $0.hasPrefix("| \(rule) |") }
            #expect(row?.contains("`") == true, "\(rule) has no row naming parse-server code in spec/types.md#CTX-2")
        }
    }
}
