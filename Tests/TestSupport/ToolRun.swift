import Foundation

/// One run of a built executable as a user would run it: its exit status and what it printed.
package struct ToolRun: Sendable {
    /// The exit status (or the signal's number, for a process a signal ended).
    package let status: Int32
    /// Standard output, as UTF-8 (invalid bytes repaired: the tests compare text).
    package let stdout: String
    /// Standard error, likewise.
    package let stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Runs `executable` with `arguments`, `input` on its standard input (none: end of input at
    /// once), in `directory` when given, with `environment` added to this process's environment.
    package static func run(_ executable: URL, _ arguments: [String], input: [UInt8] = [], in directory: URL? = nil,
                            environment: [String: String] = [:]) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = input.isEmpty ? nil : Pipe()
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin {
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: err, as: UTF8.self))
    }
}
