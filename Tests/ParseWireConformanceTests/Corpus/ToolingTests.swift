import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("Corpus tooling")
struct ToolingTests {
    /// A one-file corpus in a temporary directory, with the real flags.json.
    func makeCorpus(cases: String, tags: String = #"{"date":"d","not-json":"n"}"#) throws -> Corpus {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cases/date"), withIntermediateDirectories: true)
        try Data("1.0.0\n".utf8).write(to: root.appendingPathComponent("VERSION"))
        try Data(tags.utf8).write(to: root.appendingPathComponent("tags.json"))
        try FileManager.default.copyItem(at: CorpusLocation.root.appendingPathComponent("flags.json"), to: root.appendingPathComponent("flags.json"))
        try FileManager.default.copyItem(at: CorpusLocation.root.appendingPathComponent("spec"), to: root.appendingPathComponent("spec"))
        try Data("# retired\nRRRRRR 2026-01-01 test\n".utf8).write(to: root.appendingPathComponent("retired-ids.txt"))
        let file = #"{"schemaVersion":"1.0","title":"Test","area":"date","cases":[\#(cases)]}"#
        try Data(file.utf8).write(to: root.appendingPathComponent("cases/date/test.json"))
        defer { try? FileManager.default.removeItem(at: root) }
        return try Corpus.load(from: root)
    }

    static let good = #"{"id":"0A1B2C","description":"A date","kind":"valid","tags":["date"],"spec":["DATE-1"],"canonical":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"},"value":{"date":{"epochMs":"0"}}}"#

    @Test("a clean file lints clean and its case passes")
    func clean() throws {
        let corpus = try makeCorpus(cases: Self.good)
        #expect(CorpusLinter.lint(corpus).isEmpty)
        #expect(ReferenceChecker.check(corpus).allSatisfy { $0.passed })
    }

    @Test("lint finds each broken rule", arguments: [
        (#"{"id":"0A1B2I","description":"Bad id","kind":"valid","spec":["DATE-1"],"canonical":null,"value":{"null":true}}"#, "Crockford"),
        (#"{"id":"RRRRRR","description":"Retired","kind":"valid","spec":["DATE-1"],"canonical":null,"value":{"null":true}}"#, "retired"),
        (#"{"id":"0A1B2D","description":"No spec","kind":"valid","canonical":null,"value":{"null":true}}"#, "spec"),
        (#"{"id":"0A1B2D","description":"Tag","kind":"valid","tags":["nope"],"spec":["DATE-1"],"canonical":null,"value":{"null":true}}"#, "tags.json"),
        (#"{"id":"0A1B2D","description":"Bad TVN","kind":"valid","spec":["DATE-1"],"canonical":null,"value":{"null":1}}"#, "TVN"),
        (#"{"id":"0A1B2D","description":"Text","kind":"decode-error","spec":["DATE-1"],"wireText":"[1,]","error":"json-syntax"}"#, "not-json"),
        (#"{"id":"0A1B2D","description":"Kind","kind":"decode-error","spec":["DATE-1"],"wire":1,"error":"bad-kind"}"#, "error kind"),
        (#"{"id":"0A1B2D","description":"Flagless","kind":"implementation-defined","spec":["DATE-1"],"wire":1,"ifAccepted":[{"value":{"number":"1"}}]}"#, "flag"),
        (#"{"id":"0A1B2D","description":"A date","kind":"valid","spec":["DATE-1"],"canonical":1,"value":{"number":"1"}}"#, "twice"),
        (#"{"id":"0A1B2D","description":"Same input","kind":"valid","spec":["DATE-1"],"canonical":{"iso":"1970-01-01T00:00:00.000Z","__type":"Date"},"value":{"date":{"epochMs":"0"}}}"#, "same input"),
        (#"{"id":"0A1B2D","description":"Extra","kind":"valid","spec":["DATE-1"],"canonical":1,"value":{"number":"1"},"error":"json-syntax"}"#, "no field"),
    ])
    func findings(second: String, expected: String) throws {
        let corpus = try makeCorpus(cases: Self.good + "," + second)
        let findings = CorpusLinter.lint(corpus)
        #expect(findings.contains { $0.message.contains(expected) }, "\(findings)")
    }

    @Test("a wrong expectation fails its check, naming the case")
    func wrongExpectation() throws {
        let wrong = Self.good.replacingOccurrences(of: #""epochMs":"0""#, with: #""epochMs":"1""#)
        let results = ReferenceChecker.check(try makeCorpus(cases: wrong))
        #expect(results.contains { !$0.passed && $0.id == "0A1B2C" && $0.check == "decode canonical" })
    }

    @Test("an optional case needing a capability the reference does not claim is not run")
    func unclaimedCapability() throws {
        let typed = #"{"id":"0A1B2D","description":"Schema-typed","kind":"decode-error","level":"optional","tags":["typed-record"],"spec":["DATE-1"],"wire":{"__type":"Date","iso":"1970-01-01T00:00:00.000Z"},"error":"wrong-field-type"}"#
        let corpus = try makeCorpus(cases: Self.good + "," + typed, tags: #"{"date":"d","typed-record":"t"}"#)
        let results = ReferenceChecker.check(corpus)
        #expect(!results.contains { $0.id == "0A1B2D" })
        #expect(results.contains { $0.id == "0A1B2C" } && results.allSatisfy { $0.passed })
        let required = typed.replacingOccurrences(of: #""level":"optional","#, with: "")
        #expect(ReferenceChecker.check(try makeCorpus(cases: required, tags: #"{"typed-record":"t"}"#)).contains { !$0.passed })
    }

    @Test("the same input against two class schemas is not a duplicate")
    func duplicateKeyIncludesClass() throws {
        let base = #"{"id":"0A1B2D","description":"d","kind":"decode-error","spec":["DATE-1"],"context":"update","wire":{"name":1},"error":"wrong-field-type"}"#
        let corpus = try makeCorpus(cases: base)
        let vector = try #require(corpus.cases.first?.vector)
        let other = base.replacingOccurrences(of: #""context""#, with: #""class":"Genre","context""#)
        let typed = try #require(try makeCorpus(cases: other).cases.first?.vector)
        #expect(CorpusLinter.duplicateKey(vector, area: "a") != CorpusLinter.duplicateKey(typed, area: "a"))
    }

    @Test("composed and decomposed text are different inputs, as they are in JSON")
    func duplicatesCompareBytes() throws {
        let composed = #"{"id":"0A1B2D","description":"Composed","kind":"decode-error","spec":["DATE-1"],"wire":{"\u00e9":{"__type":"Date"}},"error":"missing-field"}"#
        let decomposed = #"{"id":"0A1B2E","description":"Decomposed","kind":"decode-error","spec":["DATE-1"],"wire":{"e\u0301":{"__type":"Date"}},"error":"missing-field"}"#
        let findings = CorpusLinter.lint(try makeCorpus(cases: Self.good + "," + composed + "," + decomposed))
        #expect(!findings.contains { $0.message.contains("same input") }, "\(findings)")
    }

    @Test("formatting is canonical and idempotent")
    func formatting() throws {
        let text = #"{"cases":[{"kind":"valid","id":"0A1B2C","description":"d","value":{"array":[{"number":"1.50"}]}}],"title":"T","schemaVersion":"1.0","area":"a"}"#
        let once = try VectorFormatter.format(Array(text.utf8))
        #expect(once.hasPrefix("{\n  \"schemaVersion\": \"1.0\",\n  \"title\": \"T\""))
        #expect(once.contains("\"id\": \"0A1B2C\",\n      \"description\": \"d\",\n      \"kind\": \"valid\""))
        #expect(once.contains(#""value": {"array": [{"number": "1.50"}]}"#))
        #expect(try VectorFormatter.format(Array(once.utf8)) == once)
    }

    @Test("new ids are well formed and avoid taken ones")
    func ids() {
        let ids = VectorID.generate(count: 200, avoiding: ["000000"])
        #expect(Set(ids).count == 200)
        #expect(ids.allSatisfy { VectorID.isWellFormed($0) })
        #expect(!ids.contains("000000"))
        #expect(!VectorID.isWellFormed("ABCDEI") && !VectorID.isWellFormed("abcdef") && !VectorID.isWellFormed("ABCDE"))
    }

    @Test("SHA-256 matches the FIPS 180-4 examples")
    func sha256() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("writer output that equals an equivalent passes; any other form still fails")
    func equivalents() {
        let canonical = WireInput.json(#"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}"#)
        let closed = WireInput.json(#"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[0,0]]}"#)
        let written = Array(#"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[0,0]]}"#.utf8)
        #expect(WireComparison.mismatch(written, canonical, .json) != nil)
        #expect(WireComparison.mismatch(written, canonical, or: [closed], .json) == nil)
        let reversed = Array(#"{"__type":"Polygon","coordinates":[[1,1],[0,1],[0,0]]}"#.utf8)
        #expect(WireComparison.mismatch(reversed, canonical, or: [closed], .json)?.contains("equivalents") == true)
    }

    @Test("generated equivalents: AddUnique without duplicates, a one-element Batch as its op, a closed ring")
    func serverEquivalents() throws {
        let x = ParseValue.string("x")
        let body = ParseValue.map(["tags": .operation(.addUnique([x, x]))])
        #expect(ServerEquivalents.equivalents(of: body, context: .update) == [.map(["tags": .operation(.addUnique([x]))])])
        let pointer = try ParsePointer(className: "Member", objectId: "m1")
        let batch = ParseValue.map(["crew": .operation(.batch([.addRelation([pointer])]))])
        #expect(ServerEquivalents.equivalents(of: batch, context: .update) == [.map(["crew": .operation(.addRelation([pointer]))])])
        let two = ParseValue.map(["crew": .operation(.batch([.removeRelation([pointer]), .addRelation([pointer])]))])
        #expect(ServerEquivalents.equivalents(of: two, context: .update) == [.map(["crew": .operation(.addRelation([pointer]))])])
        let points = try [GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: 1), GeoPoint(latitude: 1, longitude: 1)]
        let ring = try ParsePolygon(points: points)
        #expect(ServerEquivalents.equivalents(of: .polygon(ring), context: .value) == [.polygon(try ParsePolygon(points: points + [points[0]]))])
    }

    @Test("a query form listed by hand also stands with _method and the default limit written out, naming both rules")
    func handFormsWritten() {
        let hand = #"{"where":{"location":{"$geoWithin":{"$polygon":[{"__type":"GeoPoint","latitude":40,"longitude":-30},"#
            + #"{"__type":"GeoPoint","latitude":41,"longitude":-30},{"__type":"GeoPoint","latitude":41,"longitude":-29}]}}}}"#
        let forms = ServerEquivalents.writtenForms(of: hand, rules: ["QUERY-14"], context: .query)
        let withMethod = forms.first { $0.text.contains(#""_method":"GET""#) && !$0.text.contains("limit") }
        #expect(withMethod?.rules == ["QUERY-1", "QUERY-14"])
        #expect(forms.contains { $0.rules == ["QUERY-1", "QUERY-14", "QUERY-19"] })
        #expect(forms.allSatisfy { $0.text.contains("GeoPoint") })
        // A value context has no find parameters to write out.
        #expect(ServerEquivalents.writtenForms(of: #"{"__type":"GeoPoint","latitude":1,"longitude":2}"#, rules: ["NUM-1"], context: .value).isEmpty)
    }

    @Test("the corpus lists the hand forms written with _method: TSMH7N as Parse-SDK-Android sends it")
    func handFormsListed() throws {
        let corpus = try CorpusLocation.corpus.get()
        let vector = try #require(corpus.cases.first { $0.vector.id == "TSMH7N" }?.vector)
        #expect(vector.equivalents.contains { $0.rules == ["QUERY-1", "QUERY-14"] })
    }

    @Test("wire output is compared as data")
    func dataComparison() {
        #expect(JSONDataComparison.equal(#"{"a":1,"b":[1.0,"x"]}"#, #"{"b":[1e0,"x"],"a":1}"#))
        #expect(!JSONDataComparison.equal(#"[9007199254740993]"#, #"[9007199254740992]"#))
        #expect(!JSONDataComparison.equal(#"[1,2]"#, #"[2,1]"#))
        #expect(!JSONDataComparison.equal(#"{"a":1,"a":1}"#, #"{"a":1}"#))
    }
}
