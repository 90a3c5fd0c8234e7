import Foundation
import ParseWireConformance

/// `parse-wire report matrix`: a cross-implementation matrix from several NDJSON reports;
/// `parse-wire report diff`: the checks whose outcome changed between two runs.
enum ReportCommand {
    static let help = """
    USAGE: parse-wire report matrix [--html FILE] [--title TEXT] [--link NAME=URL ...] [--markdown FILE] A.ndjson B.ndjson ...
           parse-wire report diff OLD.ndjson NEW.ndjson
           parse-wire report publish [DIR]

    'report matrix' reads results reports written by 'parse-wire conformance --report-ndjson' for
    several implementations and prints a matrix as Markdown: a line per implementation (verdict by
    its profile, outcome counts), then every check on which the implementations that ran it
    disagree, grouped by area and tags, a column per implementation. pass, xpass, accepted and
    rejected all conform; fail, xfail, error, timeout, crash and skip all fail; tolerated is apart;
    unsupported and missing checks are not compared. Reports of different corpus versions or
    manifests get a warning.

    OPTIONS:
      --html FILE        Also write the matrix as one self-contained HTML page (no network): a
                         summary per implementation, outcomes per area, a legend, and the
                         disagreements with a filter box. The same reports give the same bytes.
      --title TEXT       The page's title (default "Conformance matrix").
      --link NAME=URL    Link an implementation's column heading to URL (its findings, its
                         repository); NAME is its name, 'name version', or the column label.
                         Repeatable.
      --markdown FILE    Write the Markdown to FILE instead of standard output.

    'report diff' reads two reports of runs (usually of one implementation, before and after a
    change) and lists every check whose outcome changed, or that only one report holds: BROKE
    marks a check that now fails the run, FIXED one that no longer does. A last line counts them.

    'report publish' regenerates the published results from the committed reports in DIR (default
    Vectors/results): for each folder DIR/IMPL holding results.ndjson or results.ndjson.gz (read
    with gzip -dc), it writes DIR/IMPL/summary.md (the Markdown report of that run), then
    DIR/index.html, the matrix page of all of them, each column linked to its folder's README.md
    and to the findings document the README names. The same reports give the same bytes. It
    warns about reports made from another corpus than DIR/../manifest.json.

    EXIT STATUS: matrix: 0 written, 2 usage error or unreadable report.
                 publish: 0 written, 2 usage error or unreadable report.
                 diff: 0 no outcome changed, 1 some changed, 2 usage error or unreadable report.
    """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "diff" { return diff(Array(arguments.dropFirst())) }
        if arguments.first == "publish" { return publish(Array(arguments.dropFirst())) }
        guard arguments.first == "matrix" else {
            if ["-h", "--help"].contains(arguments.first ?? "") {
                print(help)
                return ExitStatus.success
            }
            printError("report: the subcommands are 'matrix', 'diff' and 'publish'. Run 'parse-wire report --help'.")
            return ExitStatus.usage
        }
        var reader = ArgumentReader(Array(arguments.dropFirst()))
        var html: String?
        var markdown: String?
        var page = MatrixPage()
        var paths: [String] = []
        do {
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "--html": html = try reader.value(for: argument)
                case "--markdown": markdown = try reader.value(for: argument)
                case "--title": page.title = try reader.value(for: argument)
                case "--link":
                    let link = try reader.value(for: argument)
                    guard let equals = link.firstIndex(of: "="), equals != link.startIndex else { throw UsageError("--link takes NAME=URL, not '\(link)'") }
                    page.links[String(link[..<equals])] = String(link[link.index(after: equals)...])
                default:
                    if argument.hasPrefix("-") { throw UsageError("unknown option '\(argument)'") }
                    paths.append(argument)
                }
            }
            guard !paths.isEmpty else { throw UsageError("give at least one NDJSON report") }
            let files = try paths.map { path in
                guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read \(path)") }
                return try ResultsFile.read(String(decoding: data, as: UTF8.self), path: path)
            }
            let matrix = MatrixReport(files, labels: paths.map { URL(fileURLWithPath: $0).lastPathComponent })
            if let html { try write(matrix.html(page), to: html) }
            if let markdown { try write(matrix.markdown, to: markdown) } else { print(matrix.markdown, terminator: "") }
            return ExitStatus.success
        } catch let error as UsageError {
            printError("report matrix: \(error.message). Run 'parse-wire report --help'.")
        } catch {
            printError("report matrix: \(error)")
        }
        return ExitStatus.usage
    }

    /// Writes `text` to `path`, or says which path could not be written.
    static func write(_ text: String, to path: String) throws(UsageError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            let directory = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory
            throw UsageError("cannot write \(path)" + (directory ? ": it is a directory" : ""))
        }
    }

    /// `report publish [DIR]`.
    static func publish(_ arguments: [String]) -> Int32 {
        if arguments.contains(where: { ["-h", "--help"].contains($0) }) {
            print(help)
            return ExitStatus.success
        }
        guard arguments.count <= 1, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            printError("report publish: give at most one directory (default Vectors/results). Run 'parse-wire report --help'.")
            return ExitStatus.usage
        }
        let directory = URL(fileURLWithPath: arguments.first ?? "Vectors/results")
        do {
            let published = try PublishedResults.load(from: directory)
            guard !published.implementations.isEmpty else { throw UsageError("no results.ndjson or results.ndjson.gz under \(directory.path)/*/") }
            for (folder, markdown) in try published.summaries() {
                try write(markdown, to: directory.appendingPathComponent(folder).appendingPathComponent("summary.md").path)
            }
            try write(published.page, to: directory.appendingPathComponent(PublishedResults.pageName).path)
            print("wrote \(directory.path)/\(PublishedResults.pageName) and the summary.md of "
                + published.implementations.map(\.folder).joined(separator: ", "))
            let manifest = directory.deletingLastPathComponent().appendingPathComponent("manifest.json")
            if let bytes = FileManager.default.contents(atPath: manifest.path) {
                let version = (try? String(contentsOf: directory.deletingLastPathComponent().appendingPathComponent("VERSION"), encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
                for line in published.stale(manifest: Array(bytes), corpusVersion: version) { printError("warning: stale: \(line)") }
            }
            return ExitStatus.success
        } catch let error as UsageError {
            printError("report publish: \(error.message). Run 'parse-wire report --help'.")
        } catch {
            printError("report publish: \(error)")
        }
        return ExitStatus.usage
    }

    /// `report diff OLD NEW`.
    static func diff(_ arguments: [String]) -> Int32 {
        if arguments.contains(where: { ["-h", "--help"].contains($0) }) {
            print(help)
            return ExitStatus.success
        }
        guard arguments.count == 2, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            printError("report diff: give two NDJSON reports, OLD then NEW. Run 'parse-wire report --help'.")
            return ExitStatus.usage
        }
        do {
            let files = try arguments.map { path in
                guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read \(path)") }
                return try ResultsFile.read(String(decoding: data, as: UTF8.self), path: path)
            }
            let diff = ResultsDiff(old: files[0], new: files[1])
            print(diff.text, terminator: "")
            return diff.changes.isEmpty ? ExitStatus.success : ExitStatus.failure
        } catch let error as UsageError {
            printError("report diff: \(error.message)")
        } catch {
            printError("report diff: \(error)")
        }
        return ExitStatus.usage
    }
}
