import ParseWire

/// How a conformance run behaves.
package struct RunOptions {
    /// Which cases run.
    package var filter = CaseFilter()
    /// Seconds an adapter has to answer one check (default 10).
    package var timeout = 10.0
    /// Seconds an adapter has to start and answer `hello` (default 30).
    package var startTimeout = 30.0
    /// Whether failures of `recommended` cases fail the run (default: reported only).
    package var enforcesRecommended = false
    /// Whether a rejection of the wrong error kind fails (default: reported only).
    package var enforcesErrorKinds = false
    /// Restarts after crashes, timeouts and protocol violations that are always allowed (default 20):
    /// the adapter is restarted at most max(this, 10 % of the checks sent so far) times
    /// (``ConformanceRunner/restartShare``).
    package var maxRestarts = 20
    /// The profile to score by, overriding the one the adapter names in `hello` (`--profile`).
    package var profile: ConformanceProfile?
    /// The implementation's expected-failures list.
    package var expectedFailures: ExpectedFailures?
    /// Called after every planned check (and its follow-up roundtrip, if any) with the number done,
    /// the number planned, and the check's name.
    package var progress: ((Int, Int, String) -> Void)?

    // Fault handling and splitting (INTERPRETING §9).

    /// The run stops early when this many checks in a row have each cost an adapter restart
    /// (default 50), whatever ``maxRestarts`` allows.
    package var maxConsecutiveFaults = 50
    /// Only the cases of this shard run (`--shard k/n`).
    package var shard: Shard?
    /// The environments besides UTC in which the environment-dependent checks run again
    /// (`--environments`, `--no-environments`); an in-process or pinned adapter runs none.
    package var environments = AdapterEnvironment.defaults

    /// Creates the default options.
    package init() {}

    /// The options as a JSON object for the report header.
    package var node: JSONNode {
        .record([("filter", filter.node), ("timeout", .number(String(timeout))), ("startTimeout", .number(String(startTimeout))),
                 ("enforceRecommended", .bool(enforcesRecommended)), ("enforceErrorKinds", .bool(enforcesErrorKinds)),
                 ("maxRestarts", .integer(maxRestarts)), ("maxConsecutiveFaults", .integer(maxConsecutiveFaults)),
                 ("shard", shard.map { .string($0.description) }), ("profile", profile.map { .string($0.rawValue) }),
                 ("expectedFailuresSha256", expectedFailures.map { .string($0.sha256) }),
                 ("environments", .array(environments.map { .string($0.rawValue) }))])
    }
}
