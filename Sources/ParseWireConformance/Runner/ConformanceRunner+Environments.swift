extension ConformanceRunner {
    /// The outcomes of the main pass after which a check is run again in the extra environments:
    /// those that went as expected. A check that already failed, was listed, skipped or not
    /// supported has nothing more to show there (and a listed `skip` must not be sent at all).
    static let rerunOutcomes = Set(CheckOutcome.allCases.filter { $0 == .pass || $0.isInformational })

    /// Runs the environment-dependent checks that went well in the main pass again, in a new
    /// adapter session per extra environment (`Vectors/INTERPRETING.md` §9, Environments).
    /// - Returns: What each environment found, a note when some or all were not checked, and the
    ///   environments an entry of mode `skip` left out.
    func runEnvironments() -> (results: [EnvironmentResult], note: String?, skipped: [AdapterEnvironment]) {
        guard !options.environments.isEmpty else { return ([], "no extra environment chosen (--no-environments)", []) }
        let variant: (AdapterEnvironment) -> AdapterLauncher
        switch launcher.environments {
        case .inProcess:
            return ([], "not checked: the adapter runs in process and cannot change its time zone or locale", [])
        case .pinned(let variables):
            let pinned = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return ([], "not checked: --adapter-env \(pinned) pins the environment", [])
        case .variable(let make):
            variant = make
        }
        let mainOutcomes = Dictionary(records.map { ($0.name, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        let dependent = plan.filter { $0.vector.dependsOnEnvironment && mainOutcomes[$0.name].map(Self.rerunOutcomes.contains) == true }
        var results: [EnvironmentResult] = [], skipped: [AdapterEnvironment] = []
        for environment in options.environments {
            let entry = options.expectedFailures?.entry(for: environment)
            if entry?.mode == .skip {
                skipped.append(environment)
                continue
            }
            var passOptions = options
            passOptions.expectedFailures = nil
            let progress = options.progress
            passOptions.progress = progress.map { report in { done, total, name in report(done, total, "\(environment.rawValue): \(name)") } }
            passOptions.environments = []
            let pass = ConformanceRunner(corpus: corpus, options: passOptions, launcher: variant(environment))
            pass.planned = dependent
            do {
                let found = try pass.run()
                let failures = found.records.filter { $0.outcome.isFailing && mainOutcomes[$0.name].map(Self.rerunOutcomes.contains) == true }
                results.append(EnvironmentResult(environment: environment, checks: found.records.count, failures: failures,
                                                 stopReason: found.stopReason, listed: entry))
            } catch {
                results.append(EnvironmentResult(environment: environment, checks: 0, failures: [],
                                                 stopReason: "the adapter could not start: \(error.message)", listed: entry))
            }
        }
        let note = skipped.isEmpty ? nil : "not checked, listed as skip: " + skipped.map(\.label).joined(separator: ", ")
        return (results, note, skipped)
    }

    /// The `environment` entries of the list that covered nothing: stale (they fail the run) when
    /// their environment ran in full without an environment-only failure, unconfirmed (a warning)
    /// when it did not run or the run left checks out. An entry of mode `flaky` is never stale.
    func environmentEntries(_ results: [EnvironmentResult], skipped: [AdapterEnvironment], partial: Bool)
        -> (stale: [ExpectedFailures.Entry], unconfirmed: [ExpectedFailures.Entry]) {
        var stale: [ExpectedFailures.Entry] = [], unconfirmed: [ExpectedFailures.Entry] = []
        for entry in options.expectedFailures?.environmentEntries ?? [] {
            guard let environment = entry.environment, entry.mode != .skip || !skipped.contains(environment) else { continue }
            guard let found = results.first(where: { $0.environment == environment }) else {
                unconfirmed.append(entry)
                continue
            }
            if found.failures.isEmpty && found.stopReason == nil && entry.position == found.listed?.position {
                if entry.mode == .flaky || partial { unconfirmed.append(entry) } else { stale.append(entry) }
            }
        }
        return (stale, unconfirmed)
    }
}
