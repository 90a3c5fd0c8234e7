import Foundation
import Testing

/// Every Swift block of every article in the documentation catalog compiles and runs: each block
/// appears, line for line, in a test file of this target or in the seed models, so a change that
/// breaks an article's code breaks the build or a test here.
///
/// Lines are compared without their indentation, blank lines and `// …` elision lines left out, so
/// an article may show a declaration indented differently or cut between two of its lines with
/// `// …`, and each piece must still be found in order in one file.
@Suite struct ArticleSnippetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The articles of the catalog.
    static func articles() throws -> [URL] {
        let catalog = root.appendingPathComponent("Sources/ParseWire/ParseWire.docc")
        return try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The Swift files a block may live in: this target's tests and the seed models.
    static func sources() throws -> [(name: String, lines: [String])] {
        var files: [(String, [String])] = []
        for folder in ["Tests/ParseWireTests", "Sources/SeedModels"] {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where url.pathExtension == "swift" {
                files.append((folder + "/" + url.lastPathComponent, normalized(try String(contentsOf: url, encoding: .utf8))))
            }
        }
        return files
    }

    static func normalized(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The Swift blocks of an article, each split into the pieces between `// …` lines.
    static func blocks(of article: String) -> [[String]] {
        article.components(separatedBy: "```swift\n").dropFirst().flatMap { tail -> [[String]] in
            let lines = normalized(tail.components(separatedBy: "```")[0])
            return lines.split(whereSeparator: { $0 == "// …" || $0 == "// ..." }).map(Array.init)
        }
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            zip(needle, haystack[start...]).allSatisfy { $0 == $1 }
        }
    }

    @Test("the catalog has articles with Swift code to check")
    func catalogHasCode() throws {
        let withCode = try Self.articles().filter { Self.blocks(of: try String(contentsOf: $0, encoding: .utf8)).count > 0 }
        #expect(withCode.count >= 8)
    }

    @Test("every Swift block of every article is in a test file or a seed model, line for line")
    func everyBlockIsCompiled() throws {
        let sources = try Self.sources()
        for article in try Self.articles() {
            for piece in Self.blocks(of: try String(contentsOf: article, encoding: .utf8)) {
                let found = sources.contains { Self.contains($0.lines, piece) }
                #expect(found, "\(article.lastPathComponent): a block starting \"\(piece.first ?? "")\" is in no test file")
            }
        }
    }

    @Test("the matcher finds a block only where its lines are consecutive")
    func matcherIsStrict() {
        let file = ["let a = 1", "let b = 2", "let c = 3"]
        #expect(Self.contains(file, ["let b = 2", "let c = 3"]))
        #expect(!Self.contains(file, ["let a = 1", "let c = 3"]))
        #expect(!Self.contains(file, ["let d = 4"]))
        #expect(Self.blocks(of: "x\n```swift\n  let a = 1\n// …\nlet c = 3\n```\n") == [["let a = 1"], ["let c = 3"]])
    }
}
