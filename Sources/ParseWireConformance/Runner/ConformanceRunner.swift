import Foundation
import ParseWire

/// Runs the corpus against one implementation through its adapter (`Vectors/INTERPRETING.md`,
/// `Vectors/schema/protocol.schema.json`).
///
/// One adapter session per run, one request per check. A crash, a timeout or a protocol violation
/// is charged to the one check in flight; the adapter is killed, restarted with a new `hello`
/// before the next check, and the run goes on. Every check of the run gets exactly one record.
package final class ConformanceRunner {
    /// The runner's name and version, for report headers.
    package static let name = "parse-wire conformance \(ReferenceAdapter.version)"

    let corpus: Corpus
    let options: RunOptions
    let launcher: AdapterLauncher
    var connection: (any AdapterConnection)?
    var hello: AdapterHello?
    var seq = 0
    var restarts = 0
    var stopReason: String?
    var records: [CheckRecord] = []
    /// The fault record: what each restart was for, how many checks in a row have faulted, how
    /// many checks were sent, and the last check sent in this session (to charge a second answer to it).
    var restartCauses: [RestartCause] = []
    var consecutiveFaults = 0
    var checksSent = 0
    var lastSent: (seq: Int, record: Int)?
    /// The run's plan, the index of the planned check after the one being performed, and the
    /// request already sent for it.
    var plan: [PlannedCheck] = []
    var upcoming = 0
    var ahead: (name: String, seq: Int, sent: UInt64)?
    /// Judges answers; made from the first `hello`.
    var scorer: CheckScorer?
    /// The last implementation-defined decode answered: its name, whether it was a rejection, and
    /// the outcome its value matched, for the roundtrip planned after it.
    var lastChoice: Choice?
    /// The causes a `cause` entry of the list covered in this run.
    var matchedCauses = Set<String>()

    /// What an implementation-defined decode's answer means for its roundtrip.
    struct Choice {
        var name: String
        var rejected: Bool
        var accepted: VectorCase.AcceptedOutcome?
        /// The decode was answered twice: its answer no longer counts, so neither does its value.
        var answeredTwice = false
    }

    /// Creates a runner.
    package init(corpus: Corpus, options: RunOptions, launcher: AdapterLauncher) {
        self.corpus = corpus
        self.options = options
        self.launcher = launcher
    }

    /// The checks this run will plan (see ``plan(_:filter:shard:)``), computed once.
    package internal(set) lazy var planned: [PlannedCheck] = Self.plan(corpus, filter: options.filter, shard: options.shard)

    /// The checks the options select, in corpus order (an implementation-defined roundtrip included:
    /// it is decided when its decode is answered).
    /// - Parameter shard: When given, only the cases of that shard.
    package static func plan(_ corpus: Corpus, filter: CaseFilter, shard: Shard? = nil) -> [PlannedCheck] {
        corpus.cases.filter { filter.includes($1, in: $0) && shard?.includes(id: $1.id) != false }.flatMap { CheckPlanner.checks($1, file: $0.path) }
    }

    /// The adapter is restarted at most `max(maxRestarts, restartShare × checks sent so far)` times:
    /// a run with a few scattered faulty checks goes on, one that faults on every other check stops.
    package static let restartShare = 0.1

    /// Runs every selected check.
    /// - Throws: ``AdapterStartError`` when the adapter cannot start or answer `hello` (exit 3).
    package func run() throws(AdapterStartError) -> RunResult {
        let started = Date()
        let helloAnswer = try startSession()
        plan = planned
        for (index, check) in plan.enumerated() {
            upcoming = index + 1
            var again: PlannedCheck? = check
            while let current = again { again = perform(current) }
            options.progress?(index + 1, plan.count, check.name)
        }
        connection?.stop()
        connection = nil
        let extra = stopReason == nil ? runEnvironments() : (results: [], note: "not checked: the main pass stopped early", skipped: [])
        var unmatched = options.expectedFailures?.unmatched(in: corpus) ?? (stale: [], retired: [])
        // A cause entry that covered no failure: stale when every check ran, else only unconfirmed,
        // since the checks left out may be the ones it covers. A flaky one is never stale for it: that
        // its behaviour does not show in every run is what the mode says.
        let idle = (options.expectedFailures?.causeEntries ?? []).filter { !matchedCauses.contains($0.cause ?? "") }
        let partial = options.filter != CaseFilter() || options.shard != nil || stopReason != nil
        if !partial {
            unmatched.stale += idle.filter { $0.mode != .flaky }
            // An entry by id, tag, area or error whose every check the adapter answered unsupported
            // (its implementation lacks them) lists no failure. Checks unsupported by ops or
            // capabilities still count as named: whether they run depends on the adapter's hello.
            var lacking = Set<Int>(), other = Set<Int>()
            for record in records {
                guard let position = record.listedEntry else { continue }
                if record.outcome == .unsupported, record.message.hasPrefix(CheckScorer.unsupportedPrefix) {
                    lacking.insert(position)
                } else {
                    other.insert(position)
                }
            }
            unmatched.stale += (options.expectedFailures?.entries ?? []).filter {
                $0.cause == nil && $0.mode != .flaky && lacking.contains($0.position) && !other.contains($0.position)
            }
        }
        let manifest = FileManager.default.contents(atPath: corpus.root.appendingPathComponent("manifest.json").path)
        var result = RunResult(runner: Self.name, corpusVersion: corpus.version, manifestSha256: manifest.map { SHA256.hex(Array($0)) } ?? "",
                         hello: helloAnswer, options: options.node, started: Self.timestamp(started), records: records,
                         unmatchedEntries: unmatched.stale, retiredEntries: unmatched.retired, restarts: restarts,
                         stoppedEarly: stopReason != nil, profile: profile(helloAnswer).profile, profileSource: profile(helloAnswer).source,
                         isFiltered: options.filter != CaseFilter())
        result.restartCauses = restartCauses
        result.stopReason = stopReason
        result.expectedFailures = options.expectedFailures
        result.isPartial = partial
        result.unconfirmedEntries = partial ? idle : idle.filter { $0.mode == .flaky }
        result.environments = extra.results
        result.environmentNote = extra.note
        let (staleEnvironments, unconfirmedEnvironments) = environmentEntries(extra.results, skipped: extra.skipped, partial: partial)
        result.unmatchedEntries += staleEnvironments
        result.unconfirmedEntries += unconfirmedEnvironments
        return result
    }

    /// The result of a run whose adapter could not start (exit status 3): the header and the
    /// footer of a report, no checks, and why.
    package func failedStart(_ error: AdapterStartError) -> RunResult {
        let manifest = FileManager.default.contents(atPath: corpus.root.appendingPathComponent("manifest.json").path)
        let placeholder = AdapterHello(name: launcher.name, version: "", language: "", operations: [])
        let chosen = profile(placeholder)
        var result = RunResult(runner: Self.name, corpusVersion: corpus.version, manifestSha256: manifest.map { SHA256.hex(Array($0)) } ?? "",
                               hello: placeholder, options: options.node, started: Self.timestamp(Date()), records: [],
                               unmatchedEntries: [], retiredEntries: [], restarts: 0, stoppedEarly: true,
                               profile: chosen.profile, profileSource: chosen.source, isFiltered: options.filter != CaseFilter())
        result.stopReason = "the adapter could not start: \(error.message)"
        result.startFailed = true
        return result
    }

    /// The profile the run scores by, and who chose it.
    func profile(_ hello: AdapterHello) -> (profile: ConformanceProfile, source: RunResult.ProfileSource) {
        if let chosen = options.profile { return (chosen, .option) }
        if let declared = hello.profile { return (declared, .adapter) }
        return (.strict, .default)
    }

    /// The flags of one category (`protects-data`, `canonical-only`), shared or defined by a file.
    func flags(of category: String) -> Set<String> {
        let all = Array(corpus.flags) + corpus.files.flatMap { Array($0.flags) }
        return Set(all.filter { $0.value.category == category }.map(\.key))
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
                                         profile: profile(answer).profile,
                                         protectingFlags: flags(of: ConformanceProfile.protectsDataCategory),
                                         keepingFlags: flags(of: ConformanceProfile.canonicalOnlyCategory))
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
        case .violation(let what):
            throw AdapterStartError(message: "\(launcher.name): bad hello answer: \(what)", stderrTail: session.stderrTail)
        }
    }

    /// Performs one check and records it.
    /// - Returns: The check again when it must be sent to a restarted adapter (an answer to it
    ///   turned out to be the check before's second answer), else `nil`.
    func perform(_ planned: PlannedCheck) -> PlannedCheck? {
        guard let hello, let scorer else { return nil }
        var check = planned
        let entry = options.expectedFailures?.entry(for: check.vector, area: check.area, check.operation)
        var record = CheckRecord(id: check.vector.id, file: check.file, description: check.vector.description,
                                 operation: check.operation, input: check.input, level: check.vector.level, outcome: .pass,
                                 errorKindMatch: nil, expected: CheckScorer.expectedNode(check, hello: hello), actual: nil,
                                 message: "", stderrTail: nil, durationMs: 0, listed: entry?.reason, unexpected: false)
        record.tags = check.vector.tags
        record.expectedError = check.vector.error
        record.listedEntry = entry?.position
        record.listedMode = entry?.mode
        record.rule = Cause.rule(of: check.vector)
        if let unsent = Self.unsent(check, entry: entry, hello: hello) {
            record.outcome = unsent.outcome
            record.message = unsent.message
            finish(record, entry: nil, listedSkip: unsent.listedSkip)
            return nil
        }
        if case .followUp = check.expectation {
            let decode = check.name.replacingOccurrences(of: " roundtrip ", with: " decode ")
            let last = lastChoice?.name == decode ? lastChoice : nil
            guard let outcome = last?.accepted, let roundtrip = CheckPlanner.followUp(after: check, accepted: outcome) else {
                record.outcome = .unsupported
                record.message = "not sent: " + Self.followUpReason(last)
                finish(record, entry: nil)
                return nil
            }
            check = roundtrip
            record.expected = CheckScorer.expectedNode(check, hello: hello)
        }
        guard let session = liveConnection() else {
            record.outcome = .error
            record.message = "not run: \(stopReason ?? "the adapter is not running")"
            record.sent = false
            finish(record, entry: entry)
            return nil
        }
        let checkSeq: Int
        let began: UInt64
        if let posted = ahead, posted.name == check.name {
            (checkSeq, began) = (posted.seq, posted.sent)
        } else {
            if ahead != nil { _ = session.receive(timeout: options.timeout) }
            seq += 1
            checksSent += 1
            (checkSeq, began) = (seq, DispatchTime.now().uptimeNanoseconds)
            session.send(check.request(seq: checkSeq).line, timeout: options.timeout)
        }
        ahead = nil
        let exchanged = session.receive(timeout: options.timeout)
        if case .line = exchanged { sendAhead(after: check, to: session) }
        record.durationMs = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
        switch exchanged {
        case .line(let line):
            do {
                let answer = try AdapterAnswer.parse(line, seq: checkSeq, operation: check.operation)
                let verdict = scorer.score(check, answer)
                record.outcome = verdict.outcome
                record.message = Self.bounded(verdict.message)
                record.errorKindMatch = verdict.errorKindMatch
                record.parseCodeMatch = verdict.parseCodeMatch
                record.actual = CheckScorer.keptNode(answer, line: line)
                record.cause = verdict.kind.map { Cause(operation: check.operation, kind: $0).description }
                if verdict.outcome == .error { record.stderrTail = session.stderrTail }
                if case .choice = check.expectation {
                    var rejected = false
                    if case .rejected = answer { rejected = true }
                    lastChoice = Choice(name: check.name, rejected: rejected, accepted: verdict.acceptedOutcome)
                }
                consecutiveFaults = 0
            } catch {
                if let echoed = error.echoedSeq, let previous = lastSent, echoed == previous.seq {
                    chargeSecondAnswer(to: previous, message: error.message, session: session)
                    return planned
                }
                fault(&record, .error, "protocol violation: \(error); the adapter was restarted", session: session)
            }
        case .timeout:
            fault(&record, .timeout, "no answer within \(options.timeout) s; the adapter was killed and restarted", session: session)
        case .crash(let how):
            fault(&record, .crash, "\(how) while this check was in flight; it was restarted", session: session)
        case .violation(let what):
            fault(&record, .error, "protocol violation: \(what); the adapter was restarted", session: session)
        }
        finish(record, entry: entry)
        if connection != nil { lastSent = (checkSeq, records.count - 1) }
        return nil
    }

    /// Why the roundtrip of an implementation-defined case was not sent, from its decode's result.
    static func followUpReason(_ decode: Choice?) -> String {
        guard let decode else { return "the decode was not answered" }
        if decode.answeredTwice { return "the decode was answered twice (a protocol violation), so no value it gave counts" }
        if decode.accepted != nil { return "the outcome the decode matched has no canonical form" }
        if decode.rejected { return "the decode was rejected, so there is no value to write back" }
        return "the decode gave no value that an ifAccepted outcome allows"
    }

    /// Why a check does not apply to the adapter, or `nil` when it does.
    static func unsupportedReason(_ check: PlannedCheck, _ hello: AdapterHello) -> String? {
        if check.vector.level == .optional, !Set(check.vector.tags).isSubset(of: hello.capabilities) {
            let missing = check.vector.tags.filter { !hello.capabilities.contains($0) }
            return "optional case; the adapter does not claim the tag\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))"
        }
        guard hello.performs(check.operation, in: check.vector.context) else {
            return hello.operations.contains(check.operation)
                ? "the adapter does not perform \(check.operation.rawValue) in context \(AdapterHello.describe(check.vector.context))"
                : "the adapter does not perform \(check.operation.rawValue)"
        }
        return nil
    }

    /// Why a check is decided without sending it: a check that does not apply to the adapter
    /// (`unsupported`, whatever the list says), or one listed as `skip`; `nil` when it is sent.
    static func unsent(_ check: PlannedCheck, entry: ExpectedFailures.Entry?, hello: AdapterHello)
        -> (outcome: CheckOutcome, message: String, listedSkip: Bool)? {
        if let reason = unsupportedReason(check, hello) { return (.unsupported, reason, false) }
        if let entry, entry.mode == .skip { return (.skip, "not run: listed as skip (\(entry.reason))", true) }
        return nil
    }

    /// Sends the next planned check's request as soon as the last answer is in, so that the adapter
    /// works on it while the runner scores that answer (one request is still in flight at a time).
    /// Never a roundtrip that follows an implementation-defined decode: whether and what it sends
    /// depends on the decode's answer.
    func sendAhead(after check: PlannedCheck, to session: any AdapterConnection) {
        guard upcoming < plan.count, let hello else { return }
        let next = plan[upcoming]
        if case .followUp = next.expectation { return }
        guard Self.unsent(next, entry: options.expectedFailures?.entry(for: next.vector, area: next.area, next.operation), hello: hello) == nil
        else { return }
        seq += 1
        checksSent += 1
        ahead = (next.name, seq, DispatchTime.now().uptimeNanoseconds)
        session.send(next.request(seq: seq).line, timeout: options.timeout)
    }

    /// Records a check that cost the adapter its session: the adapter is killed, and restarted
    /// before the next check.
    func fault(_ record: inout CheckRecord, _ outcome: CheckOutcome, _ message: String, session: any AdapterConnection) {
        session.kill()
        record.outcome = outcome
        record.message = message
        record.stderrTail = session.stderrTail
        record.cause = DifferenceKind.ofFault(outcome, message: message, answered: false).map { Cause(operation: record.operation, kind: $0).description }
        connection = nil
        lastSent = nil
        ahead = nil
        consecutiveFaults += 1
        restartCauses.append(RestartCause(check: record.name, outcome: outcome, message: message))
    }

    /// An answer echoed the `seq` of the check before: the adapter answered that one twice. The
    /// extra answer is that check's fault; the check in flight is innocent and is sent again to a
    /// restarted adapter.
    func chargeSecondAnswer(to previous: (seq: Int, record: Int), message: String,
                            session: any AdapterConnection) {
        var record = records[previous.record]
        record.errorKindMatch = nil
        record.parseCodeMatch = nil
        if lastChoice?.name == record.name { lastChoice = Choice(name: record.name, rejected: false, accepted: nil, answeredTwice: true) }
        fault(&record, .error, "protocol violation: the adapter answered seq \(previous.seq) twice (\(message)); the adapter was restarted",
              session: session)
        let vector = corpus.cases.first { $0.1.id == record.id }?.1
        finish(record, entry: vector.flatMap { options.expectedFailures?.entry(for: $0, area: record.area, record.operation) })
        records[previous.record] = records.removeLast()
        checksSent -= 1
    }

    /// A message of at most 2,000 characters: a long value is in the record's `actual`, once.
    static func bounded(_ message: String) -> String {
        message.utf8.count <= 2000 ? message : String(message.prefix(1990)) + "… (cut)"
    }

    /// The current session, restarting the adapter when the last one ended.
    func liveConnection() -> (any AdapterConnection)? {
        if let connection { return connection }
        guard stopReason == nil else { return nil }
        if consecutiveFaults >= options.maxConsecutiveFaults {
            stopReason = "the run stopped early: the last \(consecutiveFaults) checks in a row each cost an adapter restart"
            return nil
        }
        if restarts >= max(options.maxRestarts, Int(Self.restartShare * Double(checksSent))) {
            stopReason = "the run stopped early after \(restarts) adapter restarts, for \(checksSent) checks sent"
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

    static func timestamp(_ date: Date) -> String {
        (try? ParseDate(date))?.isoString ?? ""
    }
}
