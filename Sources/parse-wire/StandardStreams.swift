import Foundation

/// Standard output and standard error, written without trapping when the reader has gone.
///
/// The runner ignores `SIGPIPE` so that an adapter that closes its end cannot kill it; a closed
/// standard output (`parse-wire conformance … | head -1`) is then a write error, on which
/// `FileHandle.write(_:)` would stop the process. Here the text is dropped instead, and the run
/// goes on to write its reports and exit with its own status.
enum StandardStreams {
    /// Writes `bytes` to standard output.
    static func output(_ bytes: some DataProtocol) {
        try? FileHandle.standardOutput.write(contentsOf: bytes)
    }

    /// Writes `text` to standard output.
    static func output(_ text: String) {
        output(Data(text.utf8))
    }

    /// Writes `text` to standard error.
    static func error(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
