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
package struct PublishedResults: Sendable {
    /// One implementation's folder.
    package struct Implementation: Sendable {
        /// The folder's name, which is the page's column label.
        package let folder: String
        /// The report's file name inside the folder.
        package let reportName: String
        /// The report's text.
        package let reportText: String
        /// The report read back.
        package let file: ResultsFile
        /// The folder's README, when it has one.
        package let readme: String?
        /// A findings document the README names, as a path relative to the results directory.
        package let findings: String?
        /// `folder/file: SHA-256 <hex>` of the report's bytes, which the page lists.
        package let fingerprint: String
        /// How to read the report when the folder marks its implementation as the format's
        /// authority (``AuthorityReading/fileName`` beside the report); `nil` for any other.
        package var authority: AuthorityReading?
        /// `folder/authority.json: SHA-256 <hex>` when the folder has one, which the page lists too.
        package var authorityFingerprint: String?
    }

    /// The results directory.
    package let directory: URL
    /// The implementations: the reference first, then the parse-server oracle, then the rest by name.
    package let implementations: [Implementation]

    /// The name of the matrix page inside the results directory.
    package static let pageName = "index.html"
    /// The page's title.
    package static let title = "Parse wire format: conformance of implementations"

    /// Reads every implementation folder of `directory` that holds a report.
    /// - Parameter checks: `false` reads only each report's header (for the staleness check):
    ///   the files then hold no checks.
    /// - Throws: ``CorpusError`` when the directory cannot be read or a report is unreadable.
    package static func load(from directory: URL, checks: Bool = true) throws(CorpusError) -> PublishedResults {
        var implementations: [Implementation] = []
        for (folder, reportName) in try reports(in: directory) {
            let url = directory.appendingPathComponent(folder)
            let report = url.appendingPathComponent(reportName)
            let text = try reportText(at: report)
            let read = checks ? Substring(text) : text.prefix { $0 != "\n" }
            let file = try ResultsFile.read(String(read), path: "\(folder)/\(reportName)")
            let readme = (try? Data(contentsOf: url.appendingPathComponent("README.md"))).map { String(decoding: $0, as: UTF8.self) }
            var implementation = Implementation(folder: folder, reportName: reportName, reportText: checks ? text : "", file: file,
                                                readme: readme, findings: readme.flatMap { findings(named: $0, folder: folder, directory: directory) },
                                                fingerprint: try fingerprint(folder: folder, reportName: reportName, directory: directory))
            let authority = url.appendingPathComponent(AuthorityReading.fileName)
            if checks, let data = FileManager.default.contents(atPath: authority.path) {
                implementation.authority = try AuthorityReading.read(Array(data), reportText: text, path: "\(folder)/\(AuthorityReading.fileName)")
                implementation.authorityFingerprint = "\(folder)/\(AuthorityReading.fileName): SHA-256 \(SHA256.hex(Array(data)))"
            }
            implementations.append(implementation)
        }
        return PublishedResults(directory: directory, implementations: implementations)
    }

    /// The report of each implementation folder, as `(folder, file name)`: the reference first,
    /// then the parse-server oracle, then the rest by name.
    static func reports(in directory: URL) throws(CorpusError) -> [(folder: String, reportName: String)] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else {
            throw CorpusError(message: "cannot read the results directory \(directory.path)")
        }
        let order = ["reference": 0, "parse-server-oracle": 1]
        return names.filter { !$0.hasPrefix(".") }.sorted { (order[$0] ?? 2, $0) < (order[$1] ?? 2, $1) }.compactMap { folder in
            let url = directory.appendingPathComponent(folder)
            return ["results.ndjson", "results.ndjson.gz"].first { manager.fileExists(atPath: url.appendingPathComponent($0).path) }
                .map { (folder, $0) }
        }
    }

    /// `folder/file: SHA-256 <hex>` of one report's bytes as committed.
    static func fingerprint(folder: String, reportName: String, directory: URL) throws(CorpusError) -> String {
        let path = directory.appendingPathComponent(folder).appendingPathComponent(reportName).path
        guard let data = FileManager.default.contents(atPath: path) else { throw CorpusError(message: "cannot read \(path)") }
        return "\(folder)/\(reportName): SHA-256 \(SHA256.hex(Array(data)))"
    }

    /// The fingerprint of every report in `directory`, and of each authority's `authority.json`, as
    /// the page lists them, without reading the reports: a page lacking one of these lines was not
    /// written from the reports as they are.
    package static func fingerprints(in directory: URL) throws(CorpusError) -> [String] {
        var lines: [String] = []
        for (folder, reportName) in try reports(in: directory) {
            lines.append(try fingerprint(folder: folder, reportName: reportName, directory: directory))
            let authority = directory.appendingPathComponent(folder).appendingPathComponent(AuthorityReading.fileName)
            if let data = FileManager.default.contents(atPath: authority.path) {
                lines.append("\(folder)/\(AuthorityReading.fileName): SHA-256 \(SHA256.hex(Array(data)))")
            }
        }
        return lines
    }

    /// A report's text; a `.gz` file is decompressed with `gzip -dc`.
    /// - Throws: ``CorpusError`` when the file cannot be read or gzip fails.
    package static func reportText(at url: URL) throws(CorpusError) -> String {
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
    package var page: String {
        let authorities = Dictionary(uniqueKeysWithValues: implementations.compactMap { implementation in
            implementation.authority.map { (implementation.folder, $0) }
        })
        let matrix = MatrixReport(implementations.map(\.file), labels: implementations.map(\.folder), authorities: authorities)
        var page = MatrixPage(title: Self.title)
        for (column, implementation) in zip(matrix.columns, implementations) {
            if implementation.readme != nil { page.links[column] = "\(implementation.folder)/README.md" }
            if let findings = implementation.findings { page.documents[column] = [("findings", findings)] }
        }
        page.footer = ["Written by 'parse-wire report publish' from these reports:"]
            + implementations.flatMap { [$0.fingerprint] + ($0.authorityFingerprint.map { [$0] } ?? []) }
        return matrix.html(page)
    }

    /// The Markdown summary of each implementation's report, keyed by folder.
    /// - Throws: ``CorpusError`` when a report cannot be read as a run.
    package func summaries() throws(CorpusError) -> [String: String] {
        var summaries: [String: String] = [:]
        for implementation in implementations {
            if let authority = implementation.authority {
                summaries[implementation.folder] = authority.markdown(implementation.file)
                continue
            }
            let run = try RunResult(report: implementation.reportText, path: "\(implementation.folder)/\(implementation.reportName)")
            summaries[implementation.folder] = MarkdownReport.render(run)
        }
        return summaries
    }

    /// One line per implementation whose report was not made from the corpus whose manifest is
    /// `manifest` (the bytes of `Vectors/manifest.json`): which to re-run, and the command its
    /// README gives.
    package func stale(manifest: [UInt8], corpusVersion: String) -> [String] {
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
    package static func manifestSha256(_ manifest: [UInt8]) -> String {
        SHA256.hex(manifest)
    }

    /// The command a README gives: the first code block (fenced, or indented by four spaces) that
    /// runs `parse-wire conformance`, its lines joined into one.
    package static func command(in readme: String) -> String? {
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
