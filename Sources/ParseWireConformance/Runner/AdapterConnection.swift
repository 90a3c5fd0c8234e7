/// A live session with an adapter: a request line goes in, an answer line comes out.
public protocol AdapterConnection: AnyObject {
    /// Sends one line and waits for one line back.
    /// - Parameters:
    ///   - line: A request, without the newline.
    ///   - timeout: Seconds to wait for the whole answer line; on expiry the adapter is killed.
    func exchange(_ line: String, timeout: Double) -> ExchangeResult
    /// Ends the session: sends `stop` and makes sure the adapter is gone.
    func stop()
    /// Kills the adapter at once (after a protocol violation, a timeout or a crash).
    func kill()
    /// The last few KB the adapter wrote to standard error; empty for an in-process adapter.
    var stderrTail: String { get }
}

/// What came back for one request line.
public enum ExchangeResult: Sendable, Hashable {
    /// One answer line, without the newline.
    case line(String)
    /// No complete line within the timeout; the adapter has been killed.
    case timeout
    /// The adapter closed its output or exited; the text says how (exit status or signal).
    case crash(String)
}

/// Starts adapter sessions: once at the beginning of a run, again after each crash or timeout.
public struct AdapterLauncher {
    /// The adapter, for messages: the command line, or `built-in reference`.
    public let name: String
    private let launch: () throws(AdapterStartError) -> any AdapterConnection

    /// Creates a launcher from a function that starts one session.
    public init(name: String, launch: @escaping () throws(AdapterStartError) -> any AdapterConnection) {
        self.name = name
        self.launch = launch
    }

    /// Starts a session.
    /// - Throws: ``AdapterStartError`` when the adapter cannot be started.
    public func start() throws(AdapterStartError) -> any AdapterConnection {
        try launch()
    }

    /// The built-in reference implementation, answering in process through the same protocol lines.
    public static func inProcess(_ adapter: ReferenceAdapter) -> AdapterLauncher {
        AdapterLauncher(name: "built-in reference (in process)") { InProcessAdapter(adapter) }
    }

    /// An external adapter command, started as a child process (looked up on `PATH` by `env`).
    public static func process(_ command: [String]) -> AdapterLauncher {
        AdapterLauncher(name: command.joined(separator: " ")) { () throws(AdapterStartError) in try ProcessAdapter.launch(command) }
    }
}

/// The adapter could not be started or did not answer `hello` properly (exit status 3).
public struct AdapterStartError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The end of the adapter's standard error.
    public let stderrTail: String

    public var description: String {
        stderrTail.isEmpty ? message : "\(message)\nadapter stderr (last lines):\n\(stderrTail)"
    }
}
