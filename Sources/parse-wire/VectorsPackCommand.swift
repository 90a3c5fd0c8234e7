import Foundation
import ParseWireConformance

/// `parse-wire vectors pack` and `export`: the corpus carried inside a release executable.
extension VectorsCommand {
    /// Writes the corpus as an archive to append to an executable (see ``CorpusArchive``).
    static func pack(_ arguments: [String]) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        var corpusOption: URL?
        var output: String?
        while let argument = reader.next() {
            switch argument {
            case "--corpus": corpusOption = URL(fileURLWithPath: try reader.value(for: argument))
            case _ where argument.hasPrefix("-") && argument != "-": throw UsageError("unknown option '\(argument)'")
            case _ where output == nil: output = argument
            default: throw UsageError("one output file only, not also '\(argument)'")
            }
        }
        guard let output else { throw UsageError("give the file to write") }
        let directory = try CorpusLocation.resolve(option: corpusOption).directory()
        // Only a corpus the tools accept is shipped: no file-format findings, a current manifest.
        let corpus = try Corpus.load(from: directory)
        guard corpus.findings.isEmpty else {
            for finding in corpus.findings { printError("vectors pack: \(finding)") }
            throw UsageError("the corpus has \(corpus.findings.count) problem(s); run 'parse-wire vectors lint'")
        }
        let manifest = FileManager.default.contents(atPath: directory.appendingPathComponent("manifest.json").path)
        guard manifest.map({ String(decoding: $0, as: UTF8.self) }) == ManifestBuilder.build(corpus) else {
            throw UsageError("manifest.json is stale; run 'parse-wire vectors build' first")
        }
        let archive: CorpusArchive
        do {
            archive = try CorpusArchive.pack(directory: directory)
        } catch {
            throw UsageError(error.message)
        }
        let bytes = archive.encoded()
        if output == "-" {
            StandardStreams.output(bytes)
        } else {
            try Data(bytes).write(to: URL(fileURLWithPath: output))
            print("packed \(archive.entries.count) files of corpus \(corpus.version) (\(bytes.count) bytes, sha256 \(archive.digest)) "
                + "into \(output); append it to an executable: cat parse-wire \(output) > parse-wire-with-corpus")
        }
        return ExitStatus.success
    }

    /// Writes the corpus inside this executable out as files.
    static func export(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 1, let target = arguments.first, !target.hasPrefix("-") else {
            throw UsageError("give one directory to write the corpus into")
        }
        let executable = CorpusLocation.executablePath()
        let found: CorpusArchive?
        do {
            found = try CorpusArchive.find(inFileAt: executable)
        } catch {
            throw UsageError("\(error.message); download the release archive again")
        }
        guard let archive = found else {
            throw UsageError("this parse-wire carries no corpus (a build from source reads the checkout's Vectors/); "
                + "release archives carry one")
        }
        do {
            try archive.write(to: URL(fileURLWithPath: target))
        } catch {
            throw UsageError(error.message)
        }
        print("wrote \(archive.entries.count) files of corpus \(archive.version ?? "?") (sha256 \(archive.digest)) into \(target)")
        return ExitStatus.success
    }
}
