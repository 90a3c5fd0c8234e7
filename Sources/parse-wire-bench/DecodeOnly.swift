import Foundation
import ParseWire

/// `--decode CONTEXT FILE`: one strict decode of a file and nothing else, so that the peak resident
/// memory of the process (`/usr/bin/time -v`) is the decode's: the file's bytes, the tape and the
/// value, with no output written. This is how the multiples of "Numbers, depth and errors" are
/// measured.
enum DecodeOnly {
    /// The contexts measured: one per shape of document the codec reads.
    enum Context: String, CaseIterable {
        case value
        case update
        case query
        /// A find response (`{"results":[…]}`) of class `C`: the message context.
        case findResponse = "find-response"

        var wireContext: WireContext {
            switch self {
            case .value: .value
            case .update: .update
            case .query: .query
            case .findResponse: .message(.findResponse, className: "C")
            }
        }
    }

    /// Decodes the file with the default limits, except a size limit raised to the file's size (the
    /// measure is of memory, not of the default limit), and prints the input size and the time.
    static func run(context name: String, path: String) -> Int32 {
        guard let context = Context(rawValue: name) else {
            FileHandle.standardError.write(Data("parse-wire-bench: --decode takes a context: \(Context.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            return 2
        }
        // The bytes are copied out of the file's `Data` in a scope of their own, so that only one
        // copy of the input is alive during the decode.
        let read: [UInt8]? = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        guard let bytes = read else {
            FileHandle.standardError.write(Data("parse-wire-bench: cannot read \(path)\n".utf8))
            return 2
        }
        var options = ParseValueDecodingOptions.strict
        options.limits.maximumBytes = max(options.limits.maximumBytes, bytes.count)
        let start = Date()
        do {
            let value = try ParseValueDecoder(options: options).decode(bytes, context: context.wireContext)
            let seconds = Date().timeIntervalSince(start)
            withExtendedLifetime(value) {
                print("decoded \(bytes.count) bytes as \(context.rawValue) in \(String(format: "%.2f", seconds)) s")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("parse-wire-bench: \(path) rejected: \(error)\n".utf8))
            return 1
        }
    }
}
