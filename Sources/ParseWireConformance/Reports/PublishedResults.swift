import Foundation
import ParseWire

/// The committed results of every implementation under `Vectors/results/`: one folder per
/// implementation holding its NDJSON report (`results.ndjson`, or `results.ndjson.gz`), a README
/// with the command that produced it, and the Markdown summary written from the report. From them
/// come the matrix page (`index.html`) and the staleness check against the corpus manifest.
///
/// A compressed report is read through `gzip -dc`: Foundation on Linux has no inflate, the package
/// takes no dependency, and gzip is on every machine that runs the conformance suite, so a
/// decompressor of our own would be code to secure for no gain.
public struct PublishedResults: Sendable {
    /// One implementation's folder.
    public struct Implementation: Sendable {
        /// The folder's name, which is the page's column label.
        public let folder: String
        /// The report's file name inside the folder.
        public let reportName: String
        /// The report's text.
        public let reportText: String
        /// The report read back.
        public let file: ResultsFile
        /// The folder's README, when it has one.
        public let readme: String?
        /// A findings document the README names, as a path relative to the results directory.
        public let findings: String?
    }

    /// The results directory.
    public let directory: URL
    /// The implementations: the reference first, then the parse-server oracle, then the rest by name.
    public let implementations: [Implementation]

    /// The name of the matrix page inside the results directory.
    public static let pageName = "index.html"
    /// The page's title.
    public static let title = "Parse wire format: conformance of implementations"

    /// Reads every implementation folder of `directory` that holds a report.
    /// - Throws: ``CorpusError`` when the directory cannot be read or a report is unreadable.
    public static func load(from directory: URL) throws(CorpusError) -> PublishedResults {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else {
            throw CorpusError(message: "cannot read the results directory \(directory.path)")
        }
        let order = ["reference": 0, "parse-server-oracle": 1]
        let folders = names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && manager.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted { (order[$0] ?? 2, $0) < (order[$1] ?? 2, $1) }
        var implementations: [Implementation] = []
        for folder in folders {
            let url = directory.appendingPathComponent(folder)
            guard let reportName = ["results.ndjson", "results.ndjson.gz"].first(where: { manager.fileExists(atPath: url.appendingPathComponent($0).path) })
            else { continue }
            let text = try reportText(at: url.appendingPathComponent(reportName))
            let file = try ResultsFile.read(text, path: "\(folder)/\(reportName)")
            let readme = (try? Data(contentsOf: url.appendingPathComponent("README.md"))).map { String(decoding: $0, as: UTF8.self) }
            implementations.append(Implementation(folder: folder, reportName: reportName, reportText: text, file: file, readme: readme,
                                                  findings: readme.flatMap { findings(named: $0, folder: folder, directory: directory) }))
        }
        return PublishedResults(directory: directory, implementations: implementations)
    }

    /// A report's text; a `.gz` file is decompressed with `gzip -dc`.
    /// - Throws: ``CorpusError`` when the file cannot be read or gzip fails.
    public static func reportText(at url: URL) throws(CorpusError) -> String {
        guard url.pathExtension == "gz" else {
            guard let data = FileManager.default.contents(atPath: url.path) else { throw CorpusError(message: "cannot read \(url.path)") }
            return String(decoding: data, as: UTF8.self)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw CorpusError(message: "cannot run gzip to read \(url.path): \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CorpusError(message: "gzip -dc \(url.path) failed (status \(process.terminationStatus))") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first `…FINDINGS.md` path the README names that exists, relative to the results
    /// directory: looked up in the folder, then from the repository root (`directory/../..`).
    static func findings(named readme: String, folder: String, directory: URL) -> String? {
        let separators = CharacterSet(charactersIn: " \n`()[]<>\"'")
        for word in readme.components(separatedBy: separators) where word.hasSuffix("FINDINGS.md") {
            let path = word.hasPrefix("./") ? String(word.dropFirst(2)) : word
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(folder).appendingPathComponent(path).path) {
                return "\(folder)/\(path)"
            }
            let root = directory.deletingLastPathComponent().deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                let up = directory.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count).split(separator: "/").count
                return String(repeating: "../", count: up) + path
            }
        }
        return nil
    }

    /// The matrix page: one column per implementation, its heading linked to the folder's README,
    /// with a link to the findings the README names. Links are relative, so the page works from a
    /// checkout and when the repository is served as a static site.
    public var page: String {
        let matrix = MatrixReport(implementations.map(\.file), labels: implementations.map(\.folder))
        var page = MatrixPage(title: Self.title)
        for (column, implementation) in zip(matrix.columns, implementations) {
            if implementation.readme != nil { page.links[column] = "\(implementation.folder)/README.md" }
            if let findings = implementation.findings { page.documents[column] = [("findings", findings)] }
        }
        return matrix.html(page)
    }

    /// The Markdown summary of each implementation's report, keyed by folder.
    /// - Throws: ``CorpusError`` when a report cannot be read as a run.
    public func summaries() throws(CorpusError) -> [String: String] {
        var summaries: [String: String] = [:]
        for implementation in implementations {
            let run = try RunResult(report: implementation.reportText, path: "\(implementation.folder)/\(implementation.reportName)")
            summaries[implementation.folder] = MarkdownReport.render(run)
        }
        return summaries
    }

    /// One line per implementation whose report was not made from the corpus whose manifest is
    /// `manifest` (the bytes of `Vectors/manifest.json`): which to re-run, and the command its
    /// README gives.
    public func stale(manifest: [UInt8], corpusVersion: String) -> [String] {
        let sha = Self.manifestSha256(manifest)
        return implementations.filter { $0.file.manifestSha256 != sha }.map { implementation in
            let file = implementation.file
            let command = implementation.readme.flatMap(Self.command(in:)).map { "re-run: \($0)" }
                ?? "re-run it; its README gives no command"
            return "\(implementation.folder): results of corpus \(file.corpusVersion) (manifest \(file.manifestSha256.prefix(12))), "
                + "the corpus is \(corpusVersion) (manifest \(sha.prefix(12))); \(command)"
        }
    }

    /// The SHA-256 of a manifest's bytes, as a report's header records it.
    public static func manifestSha256(_ manifest: [UInt8]) -> String {
        SHA256.hex(manifest)
    }

    /// The command a README gives: the first code block (fenced, or indented by four spaces) that
    /// runs `parse-wire conformance`, its lines joined into one.
    public static func command(in readme: String) -> String? {
        var blocks: [[String]] = []
        var current: [String]?
        var fenced = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if fenced { blocks.append(current ?? []); current = nil } else { current = [] }
                fenced.toggle()
            } else if fenced {
                current?.append(trimmed)
            } else if line.hasPrefix("    ") || line.hasPrefix("\t"), !trimmed.isEmpty {
                current = (current ?? []) + [trimmed]
            } else if !fenced, let block = current, trimmed.isEmpty || !line.hasPrefix(" ") {
                blocks.append(block)
                current = nil
            }
        }
        if let current { blocks.append(current) }
        guard let block = blocks.first(where: { $0.contains { $0.contains("conformance") } }) else { return nil }
        // A line ending in a backslash continues on the next; other lines are commands of their own.
        var commands: [String] = []
        var continued = false
        for line in block where !line.isEmpty && !line.hasPrefix("#") {
            let text = line.hasSuffix("\\") ? String(line.dropLast()).trimmingCharacters(in: .whitespaces) : line
            if continued, let last = commands.popLast() { commands.append(last + " " + text) } else { commands.append(text) }
            continued = line.hasSuffix("\\")
        }
        return commands.joined(separator: " && ")
    }
}
