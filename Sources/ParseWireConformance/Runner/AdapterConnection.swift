/// A live session with an adapter: a request line goes in, an answer line comes out.
package protocol AdapterConnection: AnyObject {
    /// Writes one request line without waiting for its answer; a failure to write is what the
    /// next ``receive(timeout:)`` returns.
    /// - Parameters:
    ///   - line: A request, without the newline.
    ///   - timeout: Seconds the write may take; on expiry the adapter is killed.
    func send(_ line: String, timeout: Double)
    /// Waits for the answer line to the request sent last.
    /// - Parameter timeout: Seconds to wait for the whole answer line; on expiry the adapter is killed.
    func receive(timeout: Double) -> ExchangeResult
    /// Ends the session: sends `stop` and makes sure the adapter is gone.
    func stop()
    /// Kills the adapter at once (after a protocol violation, a timeout or a crash).
    func kill()
    /// The last few KB the adapter wrote to standard error; empty for an in-process adapter.
    var stderrTail: String { get }
}

extension AdapterConnection {
    /// Sends one line and waits for one line back.
    package func exchange(_ line: String, timeout: Double) -> ExchangeResult {
        send(line, timeout: timeout)
        return receive(timeout: timeout)
    }
}

/// What came back for one request line.
package enum ExchangeResult: Sendable, Hashable {
    /// One answer line, without the newline.
    case line(String)
    /// No complete line within the timeout; the adapter has been killed.
    case timeout
    /// The adapter closed its output or exited; the text says how (exit status or signal).
    case crash(String)
    /// The adapter broke the protocol's framing (a line past the length limit); it has been killed.
    case violation(String)
}

/// Starts adapter sessions: once at the beginning of a run, again after each crash or timeout.
package struct AdapterLauncher {
    /// The adapter, for messages: the command line, or `built-in reference`.
    package let name: String
    private let launch: () throws(AdapterStartError) -> any AdapterConnection
    /// Whether and how the adapter can be started in another environment.
    package let environments: EnvironmentSupport

    /// Whether a launcher can start its adapter in an ``AdapterEnvironment``.
    package enum EnvironmentSupport {
        /// Yes: this makes the launcher for an environment.
        case variable((AdapterEnvironment) -> AdapterLauncher)
        /// No: the adapter runs inside the runner, whose time zone and locale are the process's
        /// (the runner does not change its own, which every thread shares).
        case inProcess
        /// No: `--adapter-env` set these variables, which name the one environment of the run.
        case pinned([String: String])
    }

    /// Creates a launcher from a function that starts one session.
    package init(name: String, environments: EnvironmentSupport = .inProcess,
                launch: @escaping () throws(AdapterStartError) -> any AdapterConnection) {
        self.name = name
        self.environments = environments
        self.launch = launch
    }

    /// Starts a session.
    /// - Throws: ``AdapterStartError`` when the adapter cannot be started.
    package func start() throws(AdapterStartError) -> any AdapterConnection {
        try launch()
    }

    /// The built-in reference implementation, answering in process through the same protocol lines.
    package static func inProcess(_ adapter: ReferenceAdapter) -> AdapterLauncher {
        AdapterLauncher(name: "built-in reference (in process)") { InProcessAdapter(adapter) }
    }

    /// The environment variables an adapter gets beyond the runner's own: `TZ=UTC`, so that no
    /// result depends on the machine's time zone.
    package static let defaultEnvironment = ["TZ": "UTC"]

    /// The longest answer line an adapter may write, in bytes: 16 MiB, room for the TVN of the deepest
    /// answer the runner reads (``AnswerJSON/maximumDepth`` levels at 12 bytes each), and a bound on
    /// what one answer costs the runner: its scan and its tree are at most about 22 times the line (a
    /// 15 MB line of `[0,0,…]` took a run from 25 MB to 347 MB; 50 MB took 934 MB when the limit was
    /// 64 MiB, and takes 258 MB refused now), and a
    /// check keeps only its size and an excerpt once compared.
    package static let defaultLineLimit = 16 << 20

    /// An external adapter command, started as a child process (looked up on `PATH`).
    /// - Parameters:
    ///   - command: The program and its arguments.
    ///   - environment: Variables set for the adapter on top of the runner's environment and
    ///     ``defaultEnvironment`` (a `TZ` here replaces `UTC`). A time zone or a locale here
    ///     pins the run's environment: no ``AdapterEnvironment`` is checked besides it.
    ///   - lineLimit: The longest answer line accepted, in bytes; a longer one is a protocol
    ///     violation ("line too long").
    package static func process(_ command: [String], environment: [String: String] = [:],
                               lineLimit: Int = defaultLineLimit) -> AdapterLauncher {
        let variables = defaultEnvironment.merging(environment) { $1 }
        let support: EnvironmentSupport = AdapterEnvironment.pins(environment)
            ? .pinned(environment.filter { AdapterEnvironment.pins([$0.key: $0.value]) })
            : .variable { process(command, environment: environment.merging($0.variables) { $1 }, lineLimit: lineLimit) }
        return AdapterLauncher(name: command.joined(separator: " "), environments: support) { () throws(AdapterStartError) in
            try ProcessAdapter.launch(command, environment: variables, lineLimit: lineLimit)
        }
    }
}

/// The adapter could not be started or did not answer `hello` properly (exit status 3).
package struct AdapterStartError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package let message: String
    /// The end of the adapter's standard error.
    package let stderrTail: String

    package var description: String {
        stderrTail.isEmpty ? message : "\(message)\nadapter stderr (last lines):\n\(stderrTail)"
    }
}
