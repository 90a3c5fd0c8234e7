import ParseWire

/// Everything a conformance run found: the header facts, one record per check, and the verdict.
package struct RunResult: Sendable {
    /// The runner's name and version.
    package let runner: String
    package let corpusVersion: String
    /// The SHA-256 of `Vectors/manifest.json`, tying the report to exact data.
    package let manifestSha256: String
    /// The adapter's `hello`.
    package let hello: AdapterHello
    /// The options, as recorded in the header.
    package let options: JSONNode
    /// When the run started (ISO 8601, UTC).
    package let started: String
    /// One record per check, in run order.
    package let records: [CheckRecord]
    /// Expected-failure entries that match no check: each fails the run.
    package internal(set) var unmatchedEntries: [ExpectedFailures.Entry]
    /// Entries naming retired ids: a warning to delete them.
    package let retiredEntries: [ExpectedFailures.Entry]
    /// `cause` entries that covered no failure in a run that left checks out (a filter, a shard, an
    /// early stop): a warning, since the checks not run may be the ones they cover. In a run of
    /// every check, such an entry is among ``unmatchedEntries`` instead.
    package var unconfirmedEntries: [ExpectedFailures.Entry] = []
    /// How often the adapter was restarted.
    package let restarts: Int
    /// Whether the run stopped before every check was sent (too many restarts, or no restart possible).
    package let stoppedEarly: Bool
    /// The profile the run scored by.
    package let profile: ConformanceProfile
    /// Who chose the profile.
    package let profileSource: ProfileSource
    /// Whether a filter left cases out.
    package let isFiltered: Bool
    /// What each adapter restart was for, in order: the check in flight and what happened.
    package var restartCauses: [RestartCause] = []
    /// Why the run stopped early, when it did.
    package var stopReason: String?
    /// Whether the adapter could not start at all: no checks ran (exit status 3).
    package var startFailed = false
    /// The expected-failures list the run used, for suggesting which of its entries to remove.
    package var expectedFailures: ExpectedFailures?
    /// Whether the run saw only part of the corpus: a filter or a shard left cases out.
    package var isPartial = false
    /// What each extra environment found, in the order run.
    package var environments: [EnvironmentResult] = []
    /// Why no extra environment ran, or some did not, when that is so (an in-process adapter,
    /// an environment pinned by `--adapter-env`, none chosen, an entry of mode `skip`).
    package var environmentNote: String?

    /// Who chose a run's profile.
    package enum ProfileSource: String, Sendable {
        /// `--profile`.
        case option = "chosen with --profile"
        /// The adapter's `hello`.
        case adapter = "declared by the adapter"
        /// Neither: `strict`.
        case `default` = "the default"
    }

    /// The number of checks with each outcome.
    package let counts: [CheckOutcome: Int]
    /// The checks that make the run fail, in run order.
    package let unexpected: [CheckRecord]

    /// Creates a result; the counts and the unexpected checks are worked out once, here.
    init(runner: String, corpusVersion: String, manifestSha256: String, hello: AdapterHello, options: JSONNode, started: String,
         records: [CheckRecord], unmatchedEntries: [ExpectedFailures.Entry], retiredEntries: [ExpectedFailures.Entry], restarts: Int,
         stoppedEarly: Bool, profile: ConformanceProfile, profileSource: ProfileSource, isFiltered: Bool) {
        (self.runner, self.corpusVersion, self.manifestSha256, self.hello, self.options, self.started) =
            (runner, corpusVersion, manifestSha256, hello, options, started)
        (self.records, self.unmatchedEntries, self.retiredEntries, self.restarts, self.stoppedEarly) =
            (records, unmatchedEntries, retiredEntries, restarts, stoppedEarly)
        (self.profile, self.profileSource, self.isFiltered) = (profile, profileSource, isFiltered)
        counts = records.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
        unexpected = records.filter(\.unexpected)
    }

    /// 0 when everything was as expected, 3 when the adapter could not start, 1 otherwise.
    package var exitCode: Int32 {
        if startFailed { return 3 }
        return unexpected.isEmpty && unmatchedEntries.isEmpty && !stoppedEarly && !environments.contains(where: \.unexpected) ? 0 : 1
    }

    /// The checks an expected-failures list would need entries for: each unexpected result that
    /// was sent, except an xpass (its entry is to be deleted, not added).
    package var suggestedAdditions: [CheckRecord] {
        unexpected.filter { $0.outcome != .xpass && $0.sent }
    }

    /// The checks an entry of mode `flaky` covered: how many failed (`xfail`) and how many did not
    /// (`pass`, or an informational outcome). Either is expected; they are counted apart.
    package var flakyCounts: (failed: Int, passed: Int) {
        records.reduce(into: (0, 0)) { counts, record in
            guard record.listedFlaky else { return }
            if record.outcome == .xfail { counts.failed += 1 } else if !record.outcome.isFailing { counts.passed += 1 }
        }
    }
}
