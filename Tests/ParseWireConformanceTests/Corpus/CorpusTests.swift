import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("The vector corpus against the reference codec")
struct CorpusTests {
    static var filePaths: [String] {
        (try? CorpusLocation.corpus.get().files.map(\.path)) ?? []
    }

    @Test("every check of every case passes", arguments: filePaths)
    func vectorFile(path: String) throws {
        let corpus = try CorpusLocation.corpus.get()
        let file = try #require(corpus.files.first { $0.path == path })
        for vector in file.cases {
            for result in ReferenceChecker.check(vector, file: path) where !result.passed {
                Issue.record("\(result.id) \(result.check) — \(result.caseDescription): \(result.detail)")
            }
        }
    }

    @Test("the corpus reads without findings and lints clean")
    func lintsClean() throws {
        let corpus = try CorpusLocation.corpus.get()
        #expect(!corpus.files.isEmpty)
        let findings = CorpusLinter.lint(corpus)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n")) — run 'swift run parse-wire vectors lint'")
    }

    @Test("every vector file is in the canonical formatting")
    func formatted() throws {
        let corpus = try CorpusLocation.corpus.get()
        for (path, bytes) in corpus.fileBytes {
            let formatted = try VectorFormatter.format(bytes)
            #expect(bytes.elementsEqual(formatted.utf8), "\(path) is not formatted; run 'swift run parse-wire vectors fmt'")
        }
    }

    @Test("manifest.json is fresh")
    func manifestFresh() throws {
        let corpus = try CorpusLocation.corpus.get()
        let current = FileManager.default.contents(atPath: corpus.root.appendingPathComponent("manifest.json").path)
        // A Bool, not the two texts: a stale manifest is one line with the fix, not the manifest twice.
        let fresh = current.map { String(decoding: $0, as: UTF8.self) } == ManifestBuilder.build(corpus)
        #expect(fresh, "manifest.json is stale; run 'swift run parse-wire vectors build'")
    }

    @Test("flags.json defines every leniency flag of the reference, and the error kinds are the codec's")
    func sharedVocabulary() throws {
        let corpus = try CorpusLocation.corpus.get()
        for flag in ParseValueDecodingOptions.leniencyFlags.map(\.flag) {
            #expect(corpus.flags[flag]?.category == "leniency", "\(flag)")
        }
        let schema = try String(contentsOf: corpus.root.appendingPathComponent("schema/vector-file.schema.json"), encoding: .utf8)
        for kind in ParseWireError.Kind.allKinds { #expect(schema.contains("\"\(kind.name)\""), "\(kind.name)") }
    }
}
