import Foundation
import ParseWireConformance

/// `parse-wire expected-failures apply DIR --list FILE`: a suggestions directory applied to a list,
/// so that keeping a list up to date is one command.
enum ExpectedFailuresCommand {
    static let help = """
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

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains(where: { ["-h", "--help"].contains($0) }) || arguments.isEmpty {
            if arguments.isEmpty { StandardStreams.error(help + "\n") } else { print(help) }
            return arguments.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        guard arguments.first == "apply" else {
            printError("expected-failures: the subcommand is 'apply'. Run 'parse-wire expected-failures --help'.")
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
