import Foundation
import ParseWireConformance

/// `parse-wire report matrix`: a cross-implementation matrix from several NDJSON reports;
/// `parse-wire report diff`: the checks whose outcome changed between two runs.
enum ReportCommand {
    static let help = """
    USAGE: parse-wire report matrix [--html FILE] [--markdown FILE] A.ndjson B.ndjson ...
           parse-wire report diff OLD.ndjson NEW.ndjson

    Reads results reports written by 'parse-wire conformance --report-ndjson' for several
    implementations and prints a matrix as Markdown: a row per check on which they disagree
    (pass versus fail versus not run versus accepted/rejected; missing counts as a
    disagreement), a column per implementation, each cell the outcome.

    OPTIONS:
      --html FILE       Also write the matrix as a self-contained HTML page.
      --markdown FILE   Write the Markdown to FILE instead of standard output.

    'report diff' reads two reports of runs (usually of one implementation, before and after a
    change) and lists every check whose outcome changed, or that only one report holds: BROKE
    marks a check that now fails the run, FIXED one that no longer does. A last line counts them.

    EXIT STATUS: matrix: 0 written, 2 usage error or unreadable report.
                 diff: 0 no outcome changed, 1 some changed, 2 usage error or unreadable report.
    """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "diff" { return diff(Array(arguments.dropFirst())) }
        guard arguments.first == "matrix" else {
            if ["-h", "--help"].contains(arguments.first ?? "") {
                print(help)
                return ExitStatus.success
            }
            printError("report: the subcommands are 'matrix' and 'diff'. Run 'parse-wire report --help'.")
            return ExitStatus.usage
        }
        var reader = ArgumentReader(Array(arguments.dropFirst()))
        var html: String?
        var markdown: String?
        var paths: [String] = []
        do {
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "--html": html = try reader.value(for: argument)
                case "--markdown": markdown = try reader.value(for: argument)
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
            if let html { try Data(matrix.html.utf8).write(to: URL(fileURLWithPath: html)) }
            if let markdown { try Data(matrix.markdown.utf8).write(to: URL(fileURLWithPath: markdown)) } else { print(matrix.markdown, terminator: "") }
            return ExitStatus.success
        } catch let error as UsageError {
            printError("report matrix: \(error.message). Run 'parse-wire report --help'.")
        } catch {
            printError("report matrix: \(error)")
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
