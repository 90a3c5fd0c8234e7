import Foundation
import ParseWire
import ParseWireConformance

/// `parse-wire conformance`: runs the reference samples against the built-in reference codec.
///
/// The vector corpus and the adapter protocol come next; until then this runs every
/// hand-checked reference sample and says so.
enum ConformanceCommand {
    static let help = """
    USAGE: parse-wire conformance [--verbose]

    Runs the conformance checks against the built-in reference codec (ParseWire itself) and
    prints one line per failing check, then a summary ending in 'N passed, N failed'.
    This version runs the \(ReferenceSample.all.count) built-in reference samples (a typed value, operation, name
    rule or JSON rule each, with the WIRE-FORMAT.md section that grounds it); the vector corpus
    and external adapters are not there yet.

    OPTIONS:
      --verbose   Print every check, passing ones too.

    EXIT STATUS: 0 every check passed, 1 a check failed, 2 usage error.
    """

    static func run(_ arguments: [String]) -> Int32 {
        var verbose = false
        for argument in arguments {
            switch argument {
            case "-h", "--help":
                print(help)
                return ExitStatus.success
            case "-v", "--verbose":
                verbose = true
            default:
                printError("conformance: unknown option '\(argument)'. Run 'parse-wire conformance --help'.")
                return ExitStatus.usage
            }
        }
        print("Running \(ReferenceSample.all.count) reference samples against the built-in reference codec (ParseWire).")
        var passed = 0
        var failed = 0
        for sample in ReferenceSample.all {
            let outcome = sample.run()
            if outcome.passed {
                passed += 1
                if verbose { print("PASS  \(sample.name): \(outcome.detail)") }
            } else {
                failed += 1
                print("FAIL  \(sample.name) [\(sample.source)]: \(outcome.detail)")
            }
        }
        print("\(passed) passed, \(failed) failed")
        return failed == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
