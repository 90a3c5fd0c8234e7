import Foundation

/// Exit statuses shared by every command.
enum ExitStatus {
    /// Everything was as expected.
    static let success: Int32 = 0
    /// The input was rejected, or checks failed.
    static let failure: Int32 = 1
    /// The command line or an input file could not be used.
    static let usage: Int32 = 2
}

/// Writes a line to standard error, prefixed with the program name.
func printError(_ message: String) {
    StandardStreams.error("parse-wire: \(message)\n")
}

/// Reads a whole file, or standard input for `-`.
func readInput(_ path: String) throws -> [UInt8] {
    if path == "-" {
        return Array(FileHandle.standardInput.readDataToEndOfFile())
    }
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Splits command-line arguments into options (with their values) and operands.
struct ArgumentReader {
    private var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> String? {
        remaining.isEmpty ? nil : remaining.removeFirst()
    }

    /// The value of an option that takes one.
    mutating func value(for option: String) throws -> String {
        guard let value = next() else { throw UsageError("\(option) needs a value") }
        return value
    }
}

/// A mistake on the command line; the message says what to do instead.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
