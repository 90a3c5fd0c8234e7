import Foundation
import ParseWireConformance

/// The parsed command line of `parse-wire conformance`.
struct ConformanceRequest {
    var options = RunOptions()
    /// `--corpus DIR`; without it, ``CorpusLocation/resolve(option:)`` decides.
    var corpusOption: URL?
    var command: [String] = []
    var strict = false
    var expectedFailuresPath: String?
    var suggestionsDirectory: String?
    var reports: [(format: String, path: String)] = []
    var reproID: String?
    var verbose = false
    /// `--show-checks`: every unexpected check on its own line, not only the causes.
    var showsChecks = false
    var showsProgress = true
    var showsHelp = false
    /// Variables for the adapter's environment (`--adapter-env`), on top of `TZ=UTC`.
    var adapterEnvironment: [String: String] = [:]
    /// Whether `--environments` or `--no-environments` chose the extra environments.
    var choosesEnvironments = false

    init(_ arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        func list(_ option: String) throws -> [String] {
            try reader.value(for: option).split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        }
        func seconds(_ option: String) throws -> Double {
            let text = try reader.value(for: option)
            guard let value = Double(text), value > 0, value <= 3600 else { throw UsageError("\(option) needs seconds, more than 0 and at most 3600") }
            return value
        }
        while let argument = reader.next() {
            switch argument {
            case "--":
                while let word = reader.next() { command.append(word) }
                if command.isEmpty { throw UsageError("'--' must be followed by the adapter command") }
            case "-h", "--help": showsHelp = true
            case "-v", "--verbose": verbose = true
            case "--show-checks": showsChecks = true
            case "--no-progress": showsProgress = false
            case "--corpus": corpusOption = URL(fileURLWithPath: try reader.value(for: argument))
            case "--area": options.filter.areas.formUnion(try list(argument))
            case "--tag": options.filter.tags.formUnion(try list(argument))
            case "--id": options.filter.ids.formUnion(try list(argument))
            case "--kind":
                for name in try list(argument) {
                    guard let kind = VectorCase.Kind(rawValue: name) else { throw UsageError("unknown kind '\(name)'") }
                    options.filter.kinds.insert(kind)
                }
            case "--level":
                for name in try list(argument) {
                    guard let level = VectorCase.Level(rawValue: name) else { throw UsageError("unknown level '\(name)'") }
                    options.filter.levels.insert(level)
                }
            case "--expected-failures": expectedFailuresPath = try reader.value(for: argument)
            case "--write-suggestions": suggestionsDirectory = try reader.value(for: argument)
            case "--timeout": options.timeout = try seconds(argument)
            case "--start-timeout": options.startTimeout = try seconds(argument)
            case "--max-restarts":
                guard let count = Int(try reader.value(for: argument)), count >= 0 else { throw UsageError("--max-restarts needs a count") }
                options.maxRestarts = count
            case "--enforce-recommended": options.enforcesRecommended = true
            case "--enforce-error-kinds": options.enforcesErrorKinds = true
            case "--strict": strict = true
            case "--profile":
                let name = try reader.value(for: argument)
                guard let profile = ConformanceProfile(rawValue: name) else { throw UsageError("unknown profile '\(name)'; the profiles are strict and client") }
                options.profile = profile
            case "--report-ndjson", "--report-junit", "--report-markdown":
                reports.append((String(argument.dropFirst("--report-".count)), try reader.value(for: argument)))
            case "--repro": reproID = try reader.value(for: argument)
            // Adapter process, faults and splitting.
            case "--adapter-env":
                let pair = try reader.value(for: argument)
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError("--adapter-env needs NAME=VALUE, not '\(pair)'")
                }
                adapterEnvironment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            case "--environments":
                let text = try reader.value(for: argument)
                guard let chosen = AdapterEnvironment.parseList(text) else {
                    throw UsageError("--environments needs names from \(AdapterEnvironment.allCases.map(\.rawValue).joined(separator: ", ")), "
                        + "separated by commas, or 'none'; not '\(text)'")
                }
                options.environments = chosen
                choosesEnvironments = true
            case "--no-environments":
                options.environments = []
                choosesEnvironments = true
            case "--shard":
                let text = try reader.value(for: argument)
                guard let shard = Shard(text) else { throw UsageError("--shard needs k/n with 1 ≤ k ≤ n, not '\(text)'") }
                options.shard = shard
            case "--max-consecutive-faults":
                guard let count = Int(try reader.value(for: argument)), count >= 1 else { throw UsageError("--max-consecutive-faults needs a count of at least 1") }
                options.maxConsecutiveFaults = count
            default: throw UsageError("unknown option '\(argument)'")
            }
        }
        if choosesEnvironments, !options.environments.isEmpty, AdapterEnvironment.pins(adapterEnvironment) {
            throw UsageError("--adapter-env sets the time zone or the locale of the run; it cannot be combined with --environments")
        }
        if command.isEmpty, !adapterEnvironment.isEmpty { throw UsageError("--adapter-env sets an adapter process's environment; give the adapter after '--'") }
        if !command.isEmpty, strict { throw UsageError("--strict configures the built-in reference; an adapter declares its own choices") }
        if reports.filter({ $0.path == "-" }).count > 1 { throw UsageError("only one report can go to standard output ('-')") }
    }

    /// Whether a report goes to standard output (`-`); the console lines then go to standard error.
    var reportsToStandardOutput: Bool { reports.contains { $0.path == "-" } }

    /// Checks, before the run, that every report can be written and the suggestions directory made.
    /// - Throws: ``UsageError`` naming the path and what is wrong with it.
    func checkOutputPaths() throws {
        let files = FileManager.default
        for (_, path) in reports where path != "-" {
            var isDirectory: ObjCBool = false
            if files.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { throw UsageError("cannot write the report \(path): it is a directory") }
                if !files.isWritableFile(atPath: path) { throw UsageError("cannot write the report \(path): permission denied") }
                continue
            }
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            guard files.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("cannot write the report \(path): the directory \(parent) does not exist")
            }
            if !files.isWritableFile(atPath: parent) { throw UsageError("cannot write the report \(path): the directory \(parent) is not writable") }
        }
        if let directory = suggestionsDirectory {
            do {
                try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw UsageError("cannot make the suggestions directory \(directory): \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
            }
            if !files.isWritableFile(atPath: directory) { throw UsageError("cannot write into the suggestions directory \(directory)") }
        }
    }

    /// Writes the requested reports and suggestion files.
    func writeReports(_ result: RunResult) throws {
        for (format, path) in reports {
            let text: String
            switch format {
            case "ndjson": text = NDJSONReport.render(result)
            case "junit": text = JUnitReport.render(result)
            default: text = MarkdownReport.render(result)
            }
            if path == "-" {
                StandardStreams.output(text)
            } else {
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                } catch {
                    throw UsageError("cannot write the report \(path): \(error.localizedDescription)")
                }
            }
        }
        if let directory = suggestionsDirectory {
            let url = URL(fileURLWithPath: directory)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(SuggestionsReport.additions(result).utf8).write(to: url.appendingPathComponent("add.json"))
            try Data(SuggestionsReport.removals(result).utf8).write(to: url.appendingPathComponent("remove.json"))
        }
    }
}
