import Foundation
import ParseWireConformance
import Testing

/// The results committed under `Vectors/results/` still describe this corpus, and the page
/// beside them is the one `parse-wire report publish` writes from them.
@Suite("Committed results")
struct CommittedResultsTests {
    static let directory = CorpusLocation.root.appendingPathComponent("results")

    @Test("every committed report was made from the corpus of Vectors/manifest.json")
    func current() throws {
        let manifest = try Data(contentsOf: CorpusLocation.root.appendingPathComponent("manifest.json"))
        let version = try String(contentsOf: CorpusLocation.root.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let published = try PublishedResults.load(from: Self.directory, checks: false)
        #expect(published.implementations.contains { $0.folder == "reference" })
        let stale = published.stale(manifest: Array(manifest), corpusVersion: version)
        #expect(stale.isEmpty, Comment(rawValue: "stale results; re-run each, then 'swift run parse-wire report publish':\n" + stale.joined(separator: "\n")))
    }

    /// Cheap: the page lists the SHA-256 of every report it was written from, so a report changed
    /// (or added) without the page written again is found without reading any report.
    @Test("index.html was written from the committed reports as they are")
    func page() throws {
        let committed = try String(contentsOf: Self.directory.appendingPathComponent(PublishedResults.pageName), encoding: .utf8)
        let fingerprints = try PublishedResults.fingerprints(in: Self.directory)
        #expect(!fingerprints.isEmpty)
        for line in fingerprints {
            #expect(committed.contains(line), "Vectors/results/index.html is out of date (\(line)): run 'swift run parse-wire report publish'")
        }
        #expect(committed.components(separatedBy: ": SHA-256 ").count - 1 == fingerprints.count,
                "index.html lists a report that is gone: run 'swift run parse-wire report publish'")
    }
}
