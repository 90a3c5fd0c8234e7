import Foundation
import ParseWire

/// Runs the corpus against one implementation through its adapter (`Vectors/INTERPRETING.md`,
/// `Vectors/schema/protocol.schema.json`).
///
/// One adapter session per run, one request per check. A crash, a timeout or a protocol violation
/// is charged to the one check in flight; the adapter is killed, restarted with a new `hello`
/// before the next check, and the run goes on. Every check of the run gets exactly one record.
public final class ConformanceRunner {
    /// The runner's name and version, for report headers.
    public static let name = "parse-wire conformance \(ReferenceAdapter.version)"

    let corpus: Corpus
    let options: RunOptions
    let launcher: AdapterLauncher
    var connection: (any AdapterConnection)?
    var hello: AdapterHello?
    var seq = 0
    var restarts = 0
    var stopReason: String?
    var records: [CheckRecord] = []
    /// Judges answers; made from the first `hello`.
    var scorer: CheckScorer?
    /// The last implementation-defined decode answered: its name, whether it was a rejection, and
    /// the outcome its value matched, for the roundtrip planned after it.
    var lastChoice: Choice?

    /// What an implementation-defined decode's answer means for its roundtrip.
    struct Choice {
        var name: String
        var rejected: Bool
        var accepted: VectorCase.AcceptedOutcome?
    }

    /// Creates a runner.
    public init(corpus: Corpus, options: RunOptions, launcher: AdapterLauncher) {
        self.corpus = corpus
        self.options = options
        self.launcher = launcher
    }

    /// The checks the options select, in corpus order (without implementation-defined follow-ups).
    public static func plan(_ corpus: Corpus, filter: CaseFilter) -> [PlannedCheck] {
        corpus.cases.filter { filter.includes($1, in: $0) }.flatMap { CheckPlanner.checks($1, file: $0.path) }
    }

    /// Runs every selected check.
    /// - Throws: ``AdapterStartError`` when the adapter cannot start or answer `hello` (exit 3).
    public func run() throws(AdapterStartError) -> RunResult {
        let started = Date()
        let helloAnswer = try startSession()
        let plan = Self.plan(corpus, filter: options.filter)
        for (index, check) in plan.enumerated() {
            perform(check)
            options.progress?(index + 1, plan.count, check.name)
        }
        connection?.stop()
        connection = nil
        let unmatched = options.expectedFailures?.unmatched(in: corpus) ?? (stale: [], retired: [])
        let manifest = FileManager.default.contents(atPath: corpus.root.appendingPathComponent("manifest.json").path)
        return RunResult(runner: Self.name, corpusVersion: corpus.version, manifestSha256: manifest.map { SHA256.hex(Array($0)) } ?? "",
                         hello: helloAnswer, options: options.node, started: Self.timestamp(started), records: records,
                         unmatchedEntries: unmatched.stale, retiredEntries: unmatched.retired, restarts: restarts,
                         stoppedEarly: stopReason != nil, profile: profile(helloAnswer).profile, profileSource: profile(helloAnswer).source,
                         isFiltered: options.filter != CaseFilter())
    }

    /// The profile the run scores by, and who chose it.
    func profile(_ hello: AdapterHello) -> (profile: ConformanceProfile, source: RunResult.ProfileSource) {
        if let chosen = options.profile { return (chosen, .option) }
        if let declared = hello.profile { return (declared, .adapter) }
        return (.strict, .default)
    }

    /// The flags of category `protects-data`, shared or defined by a file.
    func protectingFlags() -> Set<String> {
        let all = Array(corpus.flags) + corpus.files.flatMap { Array($0.flags) }
        return Set(all.filter { $0.value.category == ConformanceProfile.protectsDataCategory }.map(\.key))
    }

    /// Starts the adapter and reads its `hello`.
    func startSession() throws(AdapterStartError) -> AdapterHello {
        let session = try launcher.start()
        switch session.exchange(AdapterRequest.helloLine(corpusVersion: corpus.version), timeout: options.startTimeout) {
        case .line(let line):
            do {
                let answer = try AdapterHello.parse(line)
                connection = session
                if hello == nil {
                    hello = answer
                    scorer = CheckScorer(hello: answer, enforcesErrorKinds: options.enforcesErrorKinds,
                                         profile: profile(answer).profile, protectingFlags: protectingFlags())
                }
                return answer
            } catch {
                session.kill()
                throw AdapterStartError(message: "\(launcher.name): bad hello answer: \(error)", stderrTail: session.stderrTail)
            }
        case .timeout:
            throw AdapterStartError(message: "\(launcher.name): no hello answer within \(options.startTimeout) s", stderrTail: session.stderrTail)
        case .crash(let how):
            throw AdapterStartError(message: "\(launcher.name): \(how) before answering hello", stderrTail: session.stderrTail)
        }
    }

    /// Performs one check and records it.
    func perform(_ planned: PlannedCheck) {
        guard let hello, let scorer else { return }
        var check = planned
        let entry = options.expectedFailures?.entry(for: check.vector, area: check.area, check.operation)
        var record = CheckRecord(id: check.vector.id, file: check.file, description: check.vector.description,
                                 operation: check.operation, input: check.input, level: check.vector.level, outcome: .pass,
                                 errorKindMatch: nil, expected: CheckScorer.expectedNode(check, hello: hello), actual: nil,
                                 message: "", stderrTail: nil, durationMs: 0, listed: entry?.reason, unexpected: false)
        record.tags = check.vector.tags
        record.expectedError = check.vector.error
        if let reason = unsupportedReason(check, hello) {
            record.outcome = .unsupported
            record.message = reason
            finish(record, entry: nil)
            return
        }
        if entry?.mode == .skip {
            record.outcome = .skip
            record.message = "not run: listed as skip (\(entry!.reason))"
            finish(record, entry: nil, listedSkip: true)
            return
        }
        if case .followUp = check.expectation {
            let decode = check.name.replacingOccurrences(of: " roundtrip ", with: " decode ")
            let last = lastChoice?.name == decode ? lastChoice : nil
            guard let outcome = last?.accepted, let roundtrip = CheckPlanner.followUp(after: check, accepted: outcome) else {
                record.outcome = .unsupported
                record.message = "not sent: " + Self.followUpReason(last)
                finish(record, entry: nil)
                return
            }
            check = roundtrip
            record.expected = CheckScorer.expectedNode(check, hello: hello)
        }
        guard let session = liveConnection() else {
            record.outcome = .error
            record.message = "not run: \(stopReason ?? "the adapter is not running")"
            record.sent = false
            finish(record, entry: entry)
            return
        }
        seq += 1
        let began = DispatchTime.now().uptimeNanoseconds
        let exchanged = session.exchange(check.request(seq: seq).line, timeout: options.timeout)
        record.durationMs = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
        switch exchanged {
        case .line(let line):
            do {
                let answer = try AdapterAnswer.parse(line, seq: seq, operation: check.operation)
                let verdict = scorer.score(check, answer)
                record.outcome = verdict.outcome
                record.message = verdict.message
                record.errorKindMatch = verdict.errorKindMatch
                record.parseCodeMatch = verdict.parseCodeMatch
                record.actual = CheckScorer.actualNode(answer)
                if verdict.outcome == .error { record.stderrTail = session.stderrTail }
                if case .choice = check.expectation {
                    var rejected = false
                    if case .rejected = answer { rejected = true }
                    lastChoice = Choice(name: check.name, rejected: rejected, accepted: verdict.acceptedOutcome)
                }
            } catch {
                record.outcome = .error
                record.message = "protocol violation: \(error); the adapter was restarted"
                session.kill()
                record.stderrTail = session.stderrTail
                connection = nil
            }
        case .timeout:
            record.outcome = .timeout
            record.message = "no answer within \(options.timeout) s; the adapter was killed and restarted"
            record.stderrTail = session.stderrTail
            connection = nil
        case .crash(let how):
            record.outcome = .crash
            record.message = "\(how) while this check was in flight; it was restarted"
            record.stderrTail = session.stderrTail
            connection = nil
        }
        finish(record, entry: entry)
    }

    /// Why the roundtrip of an implementation-defined case was not sent, from its decode's result.
    static func followUpReason(_ decode: Choice?) -> String {
        guard let decode else { return "the decode was not answered" }
        if decode.accepted != nil { return "the outcome the decode matched has no canonical form" }
        if decode.rejected { return "the decode was rejected, so there is no value to write back" }
        return "the decode gave no value that an ifAccepted outcome allows"
    }

    /// Why a check does not apply to the adapter, or `nil` when it does.
    func unsupportedReason(_ check: PlannedCheck, _ hello: AdapterHello) -> String? {
        if check.vector.level == .optional, !Set(check.vector.tags).isSubset(of: hello.capabilities) {
            let missing = check.vector.tags.filter { !hello.capabilities.contains($0) }
            return "optional case; the adapter does not claim the tag\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))"
        }
        guard hello.performs(check.operation, in: check.vector.context) else {
            return hello.operations.contains(check.operation)
                ? "the adapter does not perform \(check.operation.rawValue) in context \(AdapterHello.name(of: check.vector.context))"
                : "the adapter does not perform \(check.operation.rawValue)"
        }
        return nil
    }

    /// The current session, restarting the adapter when the last one ended.
    func liveConnection() -> (any AdapterConnection)? {
        if let connection { return connection }
        guard stopReason == nil else { return nil }
        guard restarts < options.maxRestarts else {
            stopReason = "the run stopped early after \(restarts) adapter restarts"
            return nil
        }
        restarts += 1
        do {
            _ = try startSession()
            return connection
        } catch {
            stopReason = "the adapter could not be restarted: \(error.message)"
            return nil
        }
    }

    /// Applies the expected-failures entry and the level rules, then keeps the record.
    func finish(_ input: CheckRecord, entry: ExpectedFailures.Entry?, listedSkip: Bool = false) {
        var record = input
        if let entry, entry.mode == .xfail, record.outcome != .unsupported {
            if record.outcome.isFailing {
                let kindMatches = entry.errorKind.map { kind in record.actual?["error"]?["kind"]?.stringValue == kind } ?? true
                if kindMatches {
                    record.outcome = .xfail
                } else {
                    record.message += " (listed, but not as a rejection with \(entry.errorKind ?? ""))"
                }
            } else {
                record.message = "listed as an expected failure, but \(record.outcome.rawValue): \(record.message)"
                record.outcome = .xpass
            }
        }
        switch record.outcome {
        case .pass, .xfail, .unsupported, .tolerated, .accepted, .rejected: record.unexpected = false
        case .skip: record.unexpected = !listedSkip
        case .fail: record.unexpected = record.level != .recommended || options.enforcesRecommended
        case .xpass, .error, .timeout, .crash: record.unexpected = true
        }
        records.append(record)
    }

    static func timestamp(_ date: Date) -> String {
        (try? ParseDate(date))?.isoString ?? ""
    }
}
