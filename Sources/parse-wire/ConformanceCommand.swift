import Foundation
import ParseWireConformance

/// `parse-wire conformance`: runs the vector corpus against the built-in reference codec.
///
/// External implementations (an adapter process speaking `schema/protocol.schema.json`) come in a
/// later version; the checks and their names are already the ones an adapter will get.
enum ConformanceCommand {
    static let help = """
    USAGE: parse-wire conformance [--verbose] [--corpus DIR]

    Runs every case of the vector corpus (Vectors/) against the built-in reference codec
    (ParseWire itself), in process, as Vectors/INTERPRETING.md specifies: decode, encode and
    round-trip checks for valid cases, rejections for error cases, and the reference's declared
    choice for implementation-defined cases. Prints one line per failing check, then a summary
    ending in 'N passed, N failed'.

    OPTIONS:
      --verbose      Print every check, passing ones too.
      --corpus DIR   The Vectors/ directory (default: ./Vectors, else the package's own).

    EXIT STATUS: 0 every check passed, 1 a check failed, 2 usage error or unusable corpus.
    """

    static func run(_ arguments: [String]) -> Int32 {
        var verbose = false
        var directory = defaultCorpusDirectory()
        var reader = ArgumentReader(arguments)
        do {
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "-v", "--verbose":
                    verbose = true
                case "--corpus":
                    directory = URL(fileURLWithPath: try reader.value(for: argument))
                default:
                    throw UsageError("unknown option '\(argument)'")
                }
            }
        } catch {
            printError("conformance: \((error as? UsageError)?.message ?? "\(error)"). Run 'parse-wire conformance --help'.")
            return ExitStatus.usage
        }
        let corpus: Corpus
        do {
            corpus = try Corpus.load(from: directory)
        } catch {
            printError("conformance: \(error)")
            return ExitStatus.usage
        }
        for finding in corpus.findings { printError("conformance: corpus problem: \(finding)") }
        guard corpus.findings.isEmpty else { return ExitStatus.usage }
        print("Running \(corpus.cases.count) cases from \(corpus.files.count) files of corpus \(corpus.version) "
            + "against the built-in reference codec (ParseWire).")
        let results = ReferenceChecker.check(corpus)
        let skipped = corpus.cases.filter { !ReferenceChecker.runs($0.vector) }.count
        if skipped > 0 {
            print("\(skipped) optional cases not run: they need a capability the reference does not claim "
                + "(\(ReferenceChecker.unclaimedCapabilities.sorted().joined(separator: ", "))).")
        }
        var passed = 0
        var failed = 0
        for result in results {
            if result.passed { passed += 1 } else { failed += 1 }
            if verbose || !result.passed { print(result) }
        }
        print("\(passed) passed, \(failed) failed")
        return failed == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
