import Foundation
import ParseWireConformance

/// `parse-wire report matrix`: a cross-implementation matrix from several NDJSON reports.
enum ReportCommand {
    static let help = """
    USAGE: parse-wire report matrix [--html FILE] [--markdown FILE] A.ndjson B.ndjson ...

    Reads results reports written by 'parse-wire conformance --report-ndjson' for several
    implementations and prints a matrix as Markdown: a row per check on which they disagree
    (pass versus fail versus not run versus accepted/rejected; missing counts as a
    disagreement), a column per implementation, each cell the outcome.

    OPTIONS:
      --html FILE       Also write the matrix as a self-contained HTML page.
      --markdown FILE   Write the Markdown to FILE instead of standard output.

    EXIT STATUS: 0 matrix written, 2 usage error or unreadable report.
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.first == "matrix" else {
            if ["-h", "--help"].contains(arguments.first ?? "") {
                print(help)
                return ExitStatus.success
            }
            printError("report: the subcommand is 'matrix'. Run 'parse-wire report --help'.")
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
}
