import Foundation
import ParseWireConformance

/// `parse-wire`: the command line of ParseWire. Thin: it parses arguments and calls the libraries.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case nil:
    StandardStreams.error(Help.overview + "\n")
    status = ExitStatus.usage
case "-h", "--help", "help":
    print(Help.overview)
    status = ExitStatus.success
case "canonicalize":
    status = CanonicalizeCommand.run(Array(arguments.dropFirst()))
case "vectors":
    status = VectorsCommand.run(Array(arguments.dropFirst()))
case "conformance":
    status = ConformanceCommand.run(Array(arguments.dropFirst()))
case "adapter":
    status = AdapterCommand.run(Array(arguments.dropFirst()))
case "report":
    status = ReportCommand.run(Array(arguments.dropFirst()))
case "generate":
    status = GenerateCommand.run(Array(arguments.dropFirst()))
case "expected-failures":
    status = ExpectedFailuresCommand.run(Array(arguments.dropFirst()))
case "--version":
    print("parse-wire \(Help.version)")
    if let archive = try? CorpusArchive.find(inFileAt: CorpusLocation.executablePath()) {
        print("corpus \(archive.version ?? "?") inside (sha256 \(archive.digest))")
    }
    status = ExitStatus.success
case let command?:
    printError("unknown command '\(command)'. Run 'parse-wire --help' for the list of commands.")
    status = ExitStatus.usage
}
ExtractedCorpus.shared.remove()
exit(status)
