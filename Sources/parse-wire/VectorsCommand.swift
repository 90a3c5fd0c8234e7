import Foundation
import ParseWireConformance

/// `parse-wire vectors …`: the corpus tooling. Each subcommand parses its arguments and calls
/// ParseWireConformance.
enum VectorsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let subcommand = arguments.first else {
            print(VectorsHelp.overview)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") || ["-h", "--help", "help"].contains(subcommand) {
            guard let text = VectorsHelp.text(for: subcommand) else {
                printError("vectors: unknown subcommand '\(subcommand)'. Run 'parse-wire vectors --help'.")
                return ExitStatus.usage
            }
            print(text)
            return ExitStatus.success
        }
        do {
            switch subcommand {
            case "new-id": return try newID(rest)
            case "fmt": return try format(rest)
            case "equivalents": return try equivalents(rest)
            case "lint": return try lint(rest)
            case "build": return try build(rest)
            case "stats": return try stats(rest)
            case "generate": return try generate(rest)
            case "pack": return try pack(rest)
            case "export": return try export(rest)
            default:
                printError("vectors: unknown subcommand '\(subcommand)'. Run 'parse-wire vectors --help'.")
                return ExitStatus.usage
            }
        } catch let error as UsageError {
            printError("vectors \(subcommand): \(error.message). Run 'parse-wire vectors \(subcommand) --help'.")
            return ExitStatus.usage
        } catch {
            printError("vectors \(subcommand): \(error)")
            return ExitStatus.usage
        }
    }

    /// The options every subcommand shares: `--corpus DIR`, plus the flags it allows.
    struct Options {
        /// `--corpus DIR`; without it, ``CorpusLocation/resolve(option:)`` decides.
        var corpusOption: URL?
        var flags: Set<String> = []
        var count = 1

        init(_ arguments: [String], flags allowed: Set<String> = [], allowsCount: Bool = false) throws {
            var reader = ArgumentReader(arguments)
            while let argument = reader.next() {
                if argument == "--corpus" {
                    corpusOption = URL(fileURLWithPath: try reader.value(for: argument))
                } else if argument == "--count", allowsCount {
                    let text = try reader.value(for: argument)
                    guard let number = Int(text), (1...1000).contains(number) else { throw UsageError("--count needs a number from 1 to 1000") }
                    count = number
                } else if allowed.contains(argument) {
                    flags.insert(argument)
                } else {
                    throw UsageError("unknown argument '\(argument)'")
                }
            }
        }

        /// Reads the corpus.
        /// - Parameter writing: What the subcommand would change in the corpus, when it would:
        ///   the corpus inside the executable cannot be changed, so such a run is refused.
        func load(writing: String? = nil) throws -> Corpus {
            let location = try CorpusLocation.resolve(option: corpusOption)
            if let writing, location.isEmbedded {
                throw UsageError("the corpus inside parse-wire cannot be changed (\(writing)); write it out with "
                    + "'parse-wire vectors export DIR', then give --corpus DIR")
            }
            return try Corpus.load(from: try location.directory())
        }
    }

    static func newID(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, allowsCount: true)
        let corpus = try options.load()
        let taken = Set(corpus.cases.map(\.vector.id)).union(corpus.retiredIds)
        for id in VectorID.generate(count: options.count, avoiding: taken) { print(id) }
        return ExitStatus.success
    }

    static func format(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, flags: ["--check"])
        let corpus = try options.load(writing: options.flags.contains("--check") ? nil : "fmt rewrites files")
        var unformatted: [String] = []
        for path in corpus.fileBytes.keys.sorted() {
            let bytes = corpus.fileBytes[path]!
            guard let formatted = try? VectorFormatter.format(bytes) else {
                printError("\(path): not strict JSON; fix it by hand first ('parse-wire vectors lint' says where)")
                unformatted.append(path)
                continue
            }
            guard !bytes.elementsEqual(formatted.utf8) else { continue }
            unformatted.append(path)
            if !options.flags.contains("--check") {
                try Data(formatted.utf8).write(to: corpus.root.appendingPathComponent(path))
                print("formatted \(path)")
            }
        }
        if options.flags.contains("--check") {
            for path in unformatted { print("not formatted: \(path)") }
            return unformatted.isEmpty ? ExitStatus.success : ExitStatus.failure
        }
        return ExitStatus.success
    }

    static func equivalents(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, flags: ["--write"])
        let writes = options.flags.contains("--write")
        let corpus = try options.load(writing: writes ? "equivalents --write rewrites files" : nil)
        var stale: [String] = []
        var unresolved: [String] = []
        for file in corpus.files {
            guard let bytes = corpus.fileBytes[file.path],
                  let text = EquivalentsWriter.update(file, bytes: bytes, unresolved: &unresolved) else { continue }
            stale.append(file.path)
            if writes {
                try Data(text.utf8).write(to: corpus.root.appendingPathComponent(file.path))
                print("updated \(file.path)")
            } else {
                print("stale: \(file.path)")
            }
        }
        for place in unresolved { printError(place.contains("dropped") ? place : "\(place): listed by hand without \"rules\"; name them by hand") }
        return stale.isEmpty || writes ? ExitStatus.success : ExitStatus.failure
    }

    static func lint(_ arguments: [String]) throws -> Int32 {
        let corpus = try Options(arguments).load()
        let findings = CorpusLinter.lint(corpus)
        for finding in findings { print(finding) }
        print("\(corpus.cases.count) cases in \(corpus.files.count) files, \(findings.count) finding\(findings.count == 1 ? "" : "s")")
        return findings.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    static func build(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, flags: ["--check"])
        let corpus = try options.load(writing: options.flags.contains("--check") ? nil : "build rewrites manifest.json")
        let manifest = ManifestBuilder.build(corpus)
        let url = corpus.root.appendingPathComponent("manifest.json")
        let current = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
        if options.flags.contains("--check") {
            guard current == manifest else {
                print("manifest.json is stale; run 'parse-wire vectors build'")
                return ExitStatus.failure
            }
            return ExitStatus.success
        }
        if current != manifest { try Data(manifest.utf8).write(to: url) }
        print("manifest.json: \(corpus.cases.count) cases in \(corpus.files.count) files")
        return ExitStatus.success
    }

    static func stats(_ arguments: [String]) throws -> Int32 {
        print(CorpusStatistics(try Options(arguments).load()).report)
        return ExitStatus.success
    }
}
