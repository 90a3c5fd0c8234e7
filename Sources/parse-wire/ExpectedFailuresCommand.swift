import Foundation
import ParseWireConformance

/// `parse-wire expected-failures apply DIR --list FILE`: a suggestions directory applied to a list,
/// so that keeping a list up to date is one command; `parse-wire expected-failures lint LIST`: a
/// list checked against the corpus, for CI.
enum ExpectedFailuresCommand {
    static let help = """
    USAGE: parse-wire expected-failures apply SUGGESTIONS_DIR --list FILE [--flaky] [--dry-run]
           parse-wire expected-failures lint LIST... [--corpus DIR]

    'apply' updates a list from a run's suggestions; 'lint' checks lists without a run.
    'parse-wire expected-failures apply --help' and 'lint --help' show each alone.

    """ + applyHelp + "\n\n" + lintHelp

    static let applyHelp = """
    USAGE: parse-wire expected-failures apply SUGGESTIONS_DIR --list FILE [--flaky] [--dry-run]

    Applies what 'parse-wire conformance --write-suggestions SUGGESTIONS_DIR' wrote to the
    expected-failures list FILE:
      - adds each entry of SUGGESTIONS_DIR/add.json the list does not have yet, at the end;
      - removes each entry SUGGESTIONS_DIR/remove.json names because it now passes, matches
        nothing, or names a retired case;
      - replaces an entry that partly passes, in its place, by entries for the cases and
        operations that still fail, each keeping the entry's reason;
      - keeps every other entry as it is: its reason, its mode and its place. An entry that passed
        in a filtered or sharded run is kept (only a whole run can tell that it should go).
    Entries are told apart by selector and operation ('id D5PB1N decode', 'tag bytes'): a
    suggested entry the list already has is not added, so your own reason stays. FILE is written
    back with one entry per line; applying the same directory twice changes nothing the second
    time. When FILE does not exist, it is made from add.json.

    Prints a line per change ('+' added, '-' removed, '~' replaced, '*' made flaky, '=' kept), then
    a summary.

    OPTIONS:
      --list FILE    The list to update (the file 'conformance --expected-failures' reads).
      --flaky        The implementation has not changed since the run the list was made from, so
                     a check whose outcome differs now changes from run to run (output in hash
                     order): keep an entry that now passes with mode flaky, narrow one that partly
                     passes with flaky entries for the checks that passed, and add the suggested
                     entries (checks that passed then and fail now) with mode flaky.
      --dry-run      Print what would change, and write nothing.
      -h, --help     Show this help.

    EXIT STATUS: 0 applied (or nothing to change), 2 usage error: a list or a suggestions directory
                 that cannot be read or is not valid, or suggestions of another implementation.
    """

    static let lintHelp = """
    USAGE: parse-wire expected-failures lint LIST... [--corpus DIR]

    Checks each expected-failures LIST against the corpus without running an adapter, for a CI
    step before the run or after a corpus update. An error is what would make a run refuse the
    list or fail:
      - the list is not valid (schema/expected-failures.schema.json);
      - its "corpus" range excludes this corpus's version;
      - an id, tag, area or error entry names no check the corpus plans;
      - a "cause" is not '<op>: <kind>' with a kind a run reports ('decode: expected Bytes, got
        string'; INTERPRETING.md section 10);
      - two entries have the same selector and op;
      - an entry never applies: every check it names is covered by another entry (an id entry,
        or one above it).
    A warning: an entry that names a retired case. Whether a cause entry still covers a failure
    is known only from a run.

    Prints one line per finding ('error: entries[3] (tag polygon decode): …'), then a line per
    LIST.

    OPTIONS:
      --corpus DIR   The corpus to check against (default: as for 'conformance').
      -h, --help     Show this help.

    EXIT STATUS: 0 no errors (warnings allowed), 1 errors, 2 usage error: a LIST that cannot be
                 read, or no corpus.
    """

    static func run(_ arguments: [String]) -> Int32 {
        let subcommand = ["apply", "lint"].contains(arguments.first ?? "")
        if !subcommand && arguments.contains(where: { ["-h", "--help"].contains($0) }) || arguments.isEmpty {
            if arguments.isEmpty { StandardStreams.error(help + "\n") } else { print(help) }
            return arguments.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        switch arguments.first {
        case "apply":
            if arguments.contains(where: { ["-h", "--help"].contains($0) }) {
                print(applyHelp)
                return ExitStatus.success
            }
        case "lint":
            return lint(Array(arguments.dropFirst()))
        default:
            printError("expected-failures: the subcommands are 'apply' and 'lint'. Run 'parse-wire expected-failures --help'.")
            return ExitStatus.usage
        }
        do {
            var reader = ArgumentReader(Array(arguments.dropFirst()))
            var directory: String?
            var listPath: String?
            var dryRun = false, flaky = false
            while let argument = reader.next() {
                switch argument {
                case "--list": listPath = try reader.value(for: argument)
                case "--dry-run": dryRun = true
                case "--flaky": flaky = true
                default:
                    if argument.hasPrefix("-") { throw UsageError("unknown option '\(argument)'") }
                    guard directory == nil else { throw UsageError("give one suggestions directory, not '\(directory ?? "")' and '\(argument)'") }
                    directory = argument
                }
            }
            guard let directory else { throw UsageError("give the suggestions directory ('conformance --write-suggestions DIR')") }
            guard let listPath else { throw UsageError("give the list to update with --list FILE") }
            let update = try ListUpdate.apply(list: try readList(listPath), additions: try readSuggestion(directory, "add.json"),
                                              removals: try readSuggestion(directory, "remove.json"), passingIsFlaky: flaky)
            for change in update.changes { print(change.line) }
            if !dryRun, (try? Data(contentsOf: URL(fileURLWithPath: listPath))) != Data(update.text.utf8) {
                do {
                    try Data(update.text.utf8).write(to: URL(fileURLWithPath: listPath))
                } catch {
                    throw UsageError("cannot write \(listPath): \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
                }
            }
            print(update.summary(path: listPath) + (dryRun ? " (dry run: nothing written)" : ""))
            return ExitStatus.success
        } catch let error as UsageError {
            printError("expected-failures apply: \(error.message). Run 'parse-wire expected-failures --help'.")
        } catch {
            printError("expected-failures apply: \(error)")
        }
        return ExitStatus.usage
    }

    /// `lint LIST... [--corpus DIR]`.
    static func lint(_ arguments: [String]) -> Int32 {
        if arguments.contains(where: { ["-h", "--help"].contains($0) }) {
            print(lintHelp)
            return ExitStatus.success
        }
        do {
            var reader = ArgumentReader(arguments)
            var lists: [String] = []
            var corpusOption: URL?
            while let argument = reader.next() {
                switch argument {
                case "--corpus": corpusOption = URL(fileURLWithPath: try reader.value(for: argument))
                default:
                    if argument.hasPrefix("-") { throw UsageError("unknown option '\(argument)'") }
                    lists.append(argument)
                }
            }
            guard !lists.isEmpty else { throw UsageError("give the list to check ('expected-failures lint conformance/expected-failures.json')") }
            let contents = try lists.map { path throws -> [UInt8] in
                guard let bytes = try readList(path)?.bytes else { throw UsageError("no list at \(path)") }
                return bytes
            }
            let corpus = try Corpus.load(from: try CorpusLocation.resolve(option: corpusOption).directory())
            if let problem = corpus.findings.first { throw UsageError("the corpus has problems (\(problem)); run 'parse-wire vectors lint'") }
            var errors = 0
            for (path, bytes) in zip(lists, contents) {
                let findings = ListLint.lint(bytes, path: path, corpus: corpus)
                for finding in findings { print("\(path): \(finding)") }
                let failed = findings.filter { $0.severity == .error }.count, warned = findings.count - failed
                errors += failed
                print("\(path): " + (findings.isEmpty ? "clean" : "\(failed) error\(failed == 1 ? "" : "s"), \(warned) warning\(warned == 1 ? "" : "s")")
                    + " (corpus \(corpus.version))")
            }
            return errors == 0 ? ExitStatus.success : ExitStatus.failure
        } catch let error as UsageError {
            printError("expected-failures lint: \(error.message). Run 'parse-wire expected-failures lint --help'.")
        } catch {
            printError("expected-failures lint: \(error)")
        }
        return ExitStatus.usage
    }

    /// The list's bytes, or `nil` when there is no file yet.
    static func readList(_ path: String) throws -> (bytes: [UInt8], path: String)? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw UsageError("the list \(path) is a directory; give the list's file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read the list \(path)") }
        return (Array(data), path)
    }

    /// `DIR/name`, which must exist.
    static func readSuggestion(_ directory: String, _ name: String) throws -> (bytes: [UInt8], path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("\(directory) is not a directory; give the directory 'conformance --write-suggestions' wrote")
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(directory) has no readable \(name); give the directory 'conformance --write-suggestions' wrote")
        }
        return (Array(data), path)
    }
}
