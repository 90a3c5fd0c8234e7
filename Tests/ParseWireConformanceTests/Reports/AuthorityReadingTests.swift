import Foundation
import ParseWireConformance
import Testing

/// The authority's column (parse-server): its outcomes read as what the server did with each case,
/// through the explanations committed beside its report (`authority.json`).
@Suite("Authority reading")
struct AuthorityReadingTests {
    typealias Check = ReportFixture.Check
    typealias Tree = PublishedResultsTests.Tree

    /// One check of every kind the oracle's report holds, and the server's run failing as it does.
    static var server: ReportFixture {
        var fixture = ReportFixture(name: "parse-server", version: "7.4.0")
        fixture.exitCode = 1
        fixture.checks = [
            Check(id: "REJ001", input: "wire", expected: #"{"error":"invalid-date"}"#),
            Check(id: "READ01"),
            Check(id: "KEPT01", input: "wire", outcome: "fail", message: "decoded to x, expected a rejection", unexpected: true,
                  expected: #"{"error":"invalid-utf8"}"#, cause: "decode: accepted, expected a rejection invalid-utf8"),
            Check(id: "MANG01", input: "wire", outcome: "fail", message: "decoded to y, expected a rejection", unexpected: true,
                  expected: #"{"error":"invalid-date"}"#),
            Check(id: "MANG02", op: "encode", input: "value", outcome: "fail", message: "wrote z", unexpected: true,
                  expected: #"{"error":"invalid-class-name"}"#),
            Check(id: "STAT01", file: "cases/op/save.json", tags: ["op"], outcome: "fail", message: "expected operation, got number", unexpected: true),
            Check(id: "DIV001", outcome: "fail", message: "rejected", unexpected: true),
            Check(id: "DIR001", outcome: "fail", message: "rejected", unexpected: true),
            Check(id: "LOST01", input: "wire", outcome: "fail", message: "null", unexpected: true),
            Check(id: "CHOI01", input: "wire", outcome: "accepted"),
            Check(id: "CHOI02", input: "wire", outcome: "rejected"),
            Check(id: "SKIP01", outcome: "skip", message: "skipped by the adapter: a fetched object", unexpected: true),
            Check(id: "UNSU01", op: "roundtrip", outcome: "unsupported"),
            Check(id: "ODD001", outcome: "fail", message: "nothing explains this", unexpected: true),
        ]
        return fixture
    }

    static func authority(for fixture: ReportFixture, sha: String? = nil, explained: String? = nil) -> String {
        let explained = explained ?? """
            {"flagged": {"CanonicalOnly": ["KEPT01 decode wire"], "ServerMangles": ["MANG01 decode wire"]},
             "flagged-write": {"ServerMangles": ["MANG02 encode value"]},
             "state-after-update": {"valid": ["STAT01 decode canonical"]},
             "known-divergence": {"NestedBytes": ["DIV001 decode canonical"]},
             "direction": {"emitted": ["DIR001 decode canonical"]},
             "number-lost": {"NumberBeyondDouble": ["LOST01 decode wire"]}}
            """
        return """
            {"role": "authority", "reportSha256": "\(sha ?? AuthorityReading.reportSha256(fixture.ndjson))",
             "explained": \(explained), "unexplained": ["ODD001 decode canonical"]}
            """
    }

    static func reading(_ fixture: ReportFixture = server) throws -> AuthorityReading {
        try AuthorityReading.read(Array(authority(for: fixture).utf8), reportText: fixture.ndjson, path: "authority.json")
    }

    @Test("each check falls in one category: by outcome, by what the case expects, and by the explanation of a failure")
    func categories() throws {
        let reading = try Self.reading()
        let file = try Self.server.read()
        let category = Dictionary(uniqueKeysWithValues: file.checks.map { ($0.id, reading.category(of: $0)) })
        #expect(category["REJ001"] == .rejected)
        #expect(category["READ01"] == .read)
        #expect(category["KEPT01"] == .acceptedKept)
        #expect(category["MANG01"] == .acceptedChanged)
        #expect(category["MANG02"] == .acceptedChanged)
        #expect(category["STAT01"] == .keptAsState)
        #expect(category["DIV001"] == .knownDivergence)
        #expect(category["DIR001"] == .knownDivergence)
        #expect(category["LOST01"] == .acceptedChanged)
        #expect(category["CHOI01"] == .choice && category["CHOI02"] == .choice)
        #expect(category["SKIP01"] == .notApplicable && category["UNSU01"] == .notApplicable)
        #expect(category["ODD001"] == .unexplained)
        let counts = reading.counts(file.checks)
        #expect(counts.values.reduce(0, +) == file.checks.count)
        #expect(counts[.acceptedChanged] == 3 && counts[.unexplained] == 1)
    }

    @Test("explanations made from another report are refused, naming what to re-run")
    func stale() throws {
        let fixture = Self.server
        let text = Self.authority(for: fixture, sha: String(repeating: "0", count: 64))
        #expect(throws: CorpusError.self) { try AuthorityReading.read(Array(text.utf8), reportText: fixture.ndjson, path: "authority.json") }
        do {
            _ = try AuthorityReading.read(Array(text.utf8), reportText: fixture.ndjson, path: "authority.json")
        } catch {
            #expect(error.message.contains("explain.js"))
        }
    }

    @Test("an explanation or a flag outside the closed sets, or a file that is not the authority's, is an error")
    func closedSets() throws {
        let fixture = Self.server
        for explained in [#"{"guessed": {"x": ["READ01 decode canonical"]}}"#, #"{"flagged": {"NestedBytes": ["KEPT01 decode wire"]}}"#,
                          #"{"flagged": ["KEPT01 decode wire"]}"#] {
            let text = Self.authority(for: fixture, explained: explained)
            #expect(throws: CorpusError.self, "\(explained)") {
                try AuthorityReading.read(Array(text.utf8), reportText: fixture.ndjson, path: "authority.json")
            }
        }
        let notAuthority = #"{"role": "sdk", "reportSha256": "\#(AuthorityReading.reportSha256(fixture.ndjson))", "explained": {}}"#
        #expect(throws: CorpusError.self) { try AuthorityReading.read(Array(notAuthority.utf8), reportText: fixture.ndjson, path: "authority.json") }
    }

    @Test("the page presents the authority by what it did: no FAILED verdict, its categories, zero unexplained, why the corpus is stricter")
    func page() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        var fixture = Self.server
        fixture.checks.removeAll { $0.id == "ODD001" }
        try tree.add("parse-server-oracle", fixture, gzip: true, readme: "# parse-server\n")
        try tree.write(Self.authority(for: fixture).replacingOccurrences(of: #""ODD001 decode canonical""#, with: ""),
                       to: "Vectors/results/parse-server-oracle/authority.json")
        var sdk = ReportFixture(name: "sdk", checks: fixture.checks.map { Check(id: $0.id, op: $0.op, input: $0.input, outcome: "pass") })
        sdk.exitCode = 0
        try tree.add("sdk", sdk)
        let published = try PublishedResults.load(from: tree.results)
        #expect(published.implementations.first?.authority != nil)
        let page = published.page
        let row = try #require(page.components(separatedBy: "<tr><th scope=\"row\">").first { $0.contains("parse-server 7.4.0") })
        #expect(!row.contains("FAILED") && row.contains("authority"))
        #expect(row.contains("0 unexplained"))
        for category in AuthorityReading.Category.allCases where category != .unexplained {
            #expect(page.contains(category.label), "\(category)")
        }
        #expect(page.contains("href=\"../INTERPRETING.md#3-kinds-and-checks\""))
        #expect(page.contains("href=\"../INTERPRETING.md#5-flags\""))
        #expect(page.contains("stricter than the server"))
        // Each category says what it holds: the explanation's detail, else the operation and outcome.
        #expect(page.contains("NestedBytes 1, direction emitted 1"))
        #expect(page.contains("encode-error, written unchecked 1"))
        #expect(page.contains("decode skipped 1, roundtrip unsupported 1"))
        // A disagreement names what the server did, not a failure of the server.
        #expect(page.contains(#"<td class="a-acceptedChanged">"#))
        #expect(!page.contains(#"<td class="o-fail">"#))
        // What the server does not apply to is not compared, and a save body it keeps agrees with a pass.
        #expect(page.contains("<code>MANG01 decode wire</code>"))
        #expect(!page.contains("SKIP01") && !page.contains("UNSU01") && !page.contains("STAT01"))
        // The runner's causes of the server's run are not listed as the server's failings.
        #expect(!page.contains("parse-server 7.4.0: 1 cause"))
        #expect(!page.contains("invalid-utf8"))
        #expect(page == (try PublishedResults.load(from: tree.results).page))
        // The page lists authority.json's fingerprint beside the report's, so a changed file shows.
        let fingerprints = try PublishedResults.fingerprints(in: tree.results)
        #expect(fingerprints.count == 3 && fingerprints.allSatisfy(page.contains))
        #expect(fingerprints.contains { $0.hasPrefix("parse-server-oracle/authority.json: SHA-256 ") })
    }

    @Test("the authority's summary.md states what the server did, by category, and never FAILED")
    func summary() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.add("parse-server-oracle", Self.server, gzip: true)
        try tree.write(Self.authority(for: Self.server), to: "Vectors/results/parse-server-oracle/authority.json")
        let summary = try #require(try PublishedResults.load(from: tree.results).summaries()["parse-server-oracle"])
        #expect(summary.hasPrefix("# parse-server 7.4.0, the authority: what the server did with each case"))
        #expect(!summary.contains("FAILED"))
        #expect(summary.contains("| accepted and changed (`ServerMangles`) | 3 | NumberBeyondDouble 1, decode-error 1, encode-error, written unchecked 1 |"))
        #expect(summary.contains("**1 unexplained**"))
        #expect(summary.contains("`ODD001 decode canonical`"))
    }

    @Test("a results folder without authority.json is an implementation like any other")
    func ordinary() throws {
        let tree = try Tree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        try tree.add("parse-server-oracle", Self.server)
        let published = try PublishedResults.load(from: tree.results)
        #expect(published.implementations.allSatisfy { $0.authority == nil })
        #expect(published.page.contains("FAILED"))
    }
}
