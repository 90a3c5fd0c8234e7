import Foundation
import ParseWire

/// The text of `parse-wire --help` and of each command's `--help`.
enum Help {
    static let version = "0.1.0"

    static let overview = """
    parse-wire — the Parse Platform JSON wire format, checked.

    USAGE: parse-wire <command> [options]

    COMMANDS:
      conformance     Run the vector corpus against the built-in reference, or against any
                      implementation's adapter process ('-- CMD ARGS...').
      adapter         The reference implementation speaking the adapter protocol.
      report          Reports from results files: 'report matrix A.ndjson B.ndjson ...',
                      'report diff OLD NEW', 'report publish [Vectors/results]'.
      expected-failures
                      Keep an expected-failures list: 'expected-failures apply DIR --list FILE'
                      applies what 'conformance --write-suggestions DIR' wrote to FILE;
                      'expected-failures lint FILE' checks FILE against the corpus.
      canonicalize    Decode wire JSON strictly and print its canonical form, or the error.
      vectors         Tools for the vector corpus: new-id, fmt, lint, build, stats, export.
      generate        Swift models with direct wire coding from Parse class schemas:
                      'generate swift [--output DIR] SCHEMA...'.

    OPTIONS:
      -h, --help      Show this help; 'parse-wire <command> --help' shows a command's.
      --version       Print the version, and the corpus this executable carries, if any.

    CORPUS (for every command that reads one; the first that applies):
      1. --corpus DIR
      2. the nearest Vectors/ in the working directory or one of its parents (a checkout)
      3. the corpus carried inside this executable (release archives carry one;
         'parse-wire vectors export DIR' writes it out)
      4. Vectors/ of the source tree this executable was built from, if it still exists
    'parse-wire conformance' names the corpus it used in its first line.

    EXIT STATUS: 0 success, 1 input rejected or checks failed, 2 usage error,
                 3 (conformance) the adapter could not start.
    """

    static let canonicalize = """
    USAGE: parse-wire canonicalize [--context value|object|update|query] [--class NAME]
                                   [--lenient FLAG]... [--sorted-keys] [FILE|-]

    Reads Parse wire JSON from FILE (or standard input when FILE is '-' or absent), decodes it
    strictly and prints the canonical wire JSON: what parse-server emits for the same value.
    On a rejection prints the error (kind, Parse code, byte offset, line:column, path, message)
    to standard error and exits 1.

    OPTIONS:
      --context value   A field value (default).
      --context object  A fetched object as the REST API returns it; needs --class.
      --context update  A save body, where field operations (__op) are legal.
      --context query   A find request: where and the find parameters (include, order, limit, …).
      --class NAME      The class of a fetched object.
      --lenient FLAG    Accept a non-canonical form; repeatable. FLAG is one of:
    \(leniencyList)
                        or 'all' for every one of them.
      --sorted-keys     Write map keys sorted by their UTF-8 bytes.

    EXIT STATUS: 0 canonical output printed, 1 input rejected, 2 usage or file error.
    """

    static var leniencyList: String {
        ParseValueDecodingOptions.leniencyFlags.map { "                      \($0.flag.padding(toLength: 20, withPad: " ", startingAt: 0)) \($0.accepts)" }
            .joined(separator: "\n")
    }
}
