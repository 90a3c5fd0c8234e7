import Foundation
import ParseWireConformance

/// `parse-wire adapter`: the reference implementation speaking the adapter protocol on standard
/// input and output, so anyone can see a complete adapter at work.
enum AdapterCommand {
    static let help = """
    USAGE: parse-wire adapter [--strict] [--typed] [--corpus DIR]

    Speaks the adapter protocol (Vectors/schema/protocol.schema.json) for the reference
    implementation, ParseWire: reads one JSON request per line on standard input and writes one
    JSON answer per line on standard output, until 'stop' or end of input. This is what
    'parse-wire conformance -- CMD' expects of any implementation's adapter; try
      parse-wire conformance -- parse-wire adapter
      parse-wire conformance --repro ID | parse-wire adapter

    OPTIONS:
      --strict         Decode strictly: hello declares 'reject' for every leniency flag.
                       Default: accept every leniency ParseWire knows (Vectors/INTERPRETING.md
                       §3, "The reference's choices"); the number flags are always accepted.
      --typed          Also claim 'typed-record': a request naming a class of Vectors/classes/
                       is answered by that class's model generated from its schema
                       (Sources/CorpusModels), read and written by its generated coding (the
                       typed reference); null and field operations are kept beside the model.
                       Its known gaps, with reasons (none today), are listed in
                       Examples/adapters/typed-reference/expected-failures.json:
                         parse-wire conformance --expected-failures \\
                           Examples/adapters/typed-reference/expected-failures.json \\
                           -- parse-wire adapter --typed
      --corpus DIR     Claim the tags of this corpus's tags.json as capabilities (default: the
                       corpus 'parse-wire --help' describes; none when it cannot be read).

    EXIT STATUS: 0 after 'stop' or end of input, 2 usage error.
    """

    static func run(_ arguments: [String]) -> Int32 {
        var strict = false
        var typed = false
        var corpusOption: URL?
        var reader = ArgumentReader(arguments)
        do {
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "--strict": strict = true
                case "--typed": typed = true
                case "--corpus": corpusOption = URL(fileURLWithPath: try reader.value(for: argument))
                default: throw UsageError("unknown option '\(argument)'")
                }
            }
        } catch {
            printError("adapter: \((error as? UsageError)?.message ?? "\(error)"). Run 'parse-wire adapter --help'.")
            return ExitStatus.usage
        }
        let capabilities = (try? CorpusLocation.resolve(option: corpusOption))?.tagNames() ?? []
        let respond: (String) -> ReferenceAdapter.Reply
        if typed {
            let adapter = TypedReferenceAdapter(strict: strict, capabilities: capabilities)
            respond = adapter.respond(to:)
        } else {
            let adapter = ReferenceAdapter(strict: strict, capabilities: capabilities)
            respond = adapter.respond(to:)
        }
        while let line = readLine(strippingNewline: true) {
            switch respond(line) {
            case .stop: return ExitStatus.success
            case .line(let answer):
                StandardStreams.output(answer + "\n")
            }
        }
        return ExitStatus.success
    }
}
