import Foundation
import ParseWire

/// `parse-wire canonicalize`: strict decode, canonical encode.
enum CanonicalizeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let request: Request
        do {
            request = try Request(arguments)
        } catch let error as UsageError {
            printError("canonicalize: \(error.message). Run 'parse-wire canonicalize --help'.")
            return ExitStatus.usage
        } catch {
            printError("canonicalize: \(error)")
            return ExitStatus.usage
        }
        if request.showsHelp {
            print(Help.canonicalize)
            return ExitStatus.success
        }
        let input: [UInt8]
        do {
            input = try readInput(request.path)
        } catch {
            printError("canonicalize: cannot read \(request.path == "-" ? "standard input" : request.path): \(error.localizedDescription)")
            return ExitStatus.usage
        }
        do {
            let value = try ParseValueDecoder(options: request.decoding).decode(input, context: request.context)
            var output = try ParseValueEncoder(options: request.encoding).encode(value, context: request.context)
            output.append(UInt8(ascii: "\n"))
            StandardStreams.output(output)
            return ExitStatus.success
        } catch {
            let place = request.path == "-" ? "<stdin>" : request.path
            var location = ""
            if let position = error.lineAndColumn(in: input) { location = "\(position.line):\(position.column): " }
            printError("\(place):\(location.isEmpty ? " " : location)rejected: \(error)")
            return ExitStatus.failure
        }
    }

    /// The parsed command line.
    struct Request {
        var context = WireContext.value
        var decoding = ParseValueDecodingOptions()
        var encoding = ParseValueEncodingOptions()
        var path = "-"
        var showsHelp = false

        init(_ arguments: [String]) throws {
            var reader = ArgumentReader(arguments)
            var contextName = "value"
            var className: String?
            var sawPath = false
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help":
                    showsHelp = true
                case "--context":
                    contextName = try reader.value(for: argument)
                case "--class":
                    className = try reader.value(for: argument)
                case "--lenient":
                    let flag = try reader.value(for: argument)
                    if flag == "all" {
                        for leniency in WireLeniency.allCases { decoding.enable(leniency) }
                    } else {
                        do { try decoding.enable(flag: flag) } catch { throw UsageError("\(error), all") }
                    }
                case "--sorted-keys":
                    encoding.sortsKeys = true
                default:
                    if argument.hasPrefix("-") && argument != "-" { throw UsageError("unknown option '\(argument)'") }
                    if sawPath { throw UsageError("only one input file may be given") }
                    path = argument
                    sawPath = true
                }
            }
            switch contextName {
            case "value":
                context = .value
            case "update":
                context = .update
            case "query":
                context = .query
            case "object":
                guard let className else { throw UsageError("--context object needs --class NAME") }
                context = .object(className: className)
            default:
                throw UsageError("unknown context '\(contextName)'; use value, object, update or query")
            }
            // A value kept under the UnknownType leniency is written back as it was read.
            encoding.writesUnknownTypes = decoding.preservesUnknownTypes
            encoding.queryLeniency = decoding.queryLeniency
            if className != nil, contextName != "object" { throw UsageError("--class is only for --context object") }
        }
    }
}
