import ParseWireConformance
import Testing

/// The restart budget: a run with scattered faulty checks goes on to the end; a run whose adapter
/// faults in a row, or on a large share of its checks, stops early; every restart has its cause.
@Suite("restart budget")
struct RestartBudgetTests {
    /// The reference adapter, in process, that crashes on every `period`th request it is sent
    /// (counting across restarts).
    final class Faulty: AdapterConnection {
        final class Counter { var requests = 0 }
        let inner: any AdapterConnection
        let counter: Counter
        let period: Int

        init(_ inner: any AdapterConnection, counter: Counter, period: Int) {
            self.inner = inner
            self.counter = counter
            self.period = period
        }

        var crashing = false

        func send(_ line: String, timeout: Double) {
            if !line.hasPrefix(#"{"cmd":"hello""#) { counter.requests += 1 }
            crashing = !line.hasPrefix(#"{"cmd":"hello""#) && counter.requests.isMultiple(of: period)
            inner.send(line, timeout: timeout)
        }

        func receive(timeout: Double) -> ExchangeResult {
            crashing ? .crash("crashed as told") : inner.receive(timeout: timeout)
        }

        func stop() { inner.stop() }
        func kill() { inner.kill() }
        var stderrTail: String { "" }
    }

    static func run(crashingEvery period: Int, maxRestarts: Int? = nil) throws -> (RunResult, planned: Int) {
        let corpus = try CorpusLocation.corpus.get()
        var options = RunOptions()
        if let maxRestarts { options.maxRestarts = maxRestarts }
        options.filter.areas = ["date"]
        let counter = Faulty.Counter()
        let reference = AdapterLauncher.inProcess(ReferenceAdapter(capabilities: Set(corpus.tags.keys)))
        let launcher = AdapterLauncher(name: "faulty") { () throws(AdapterStartError) in
            Faulty(try reference.start(), counter: counter, period: period)
        }
        let planned = ConformanceRunner.plan(corpus, filter: options.filter).count
        return (try ConformanceRunner(corpus: corpus, options: options, launcher: launcher).run(), planned)
    }

    @Test("more than --max-restarts faults, scattered over the run, do not stop it")
    func scatteredFaults() throws {
        let (result, planned) = try Self.run(crashingEvery: 25)
        #expect(planned > 600)
        #expect(!result.stoppedEarly)
        #expect(result.restarts > 20)
        #expect(result.counts[.crash] == result.restarts)
        #expect(result.restartCauses.count == result.restarts)
        #expect(result.restartCauses.allSatisfy { $0.outcome == .crash && $0.message.contains("crashed as told") })
        #expect(result.records.filter { $0.outcome == .error }.isEmpty)
    }

    @Test("an adapter that faults on every other check stops the run after --max-restarts")
    func frequentFaults() throws {
        let (result, planned) = try Self.run(crashingEvery: 2)
        #expect(result.stoppedEarly)
        #expect(result.restarts == 20)
        #expect(result.stopReason?.contains("20 adapter restarts") == true)
        #expect(result.records.filter { $0.message.hasPrefix("not run") }.count > planned / 2)
    }

    @Test("an adapter that faults on every check stops the run after --max-consecutive-faults")
    func consecutiveFaults() throws {
        // A restart budget large enough that only the rule of faults in a row can stop it.
        let (result, _) = try Self.run(crashingEvery: 1, maxRestarts: 1000)
        #expect(result.stoppedEarly)
        #expect(result.counts[.crash] == 50)
        #expect(result.stopReason?.contains("50 checks in a row") == true)
    }
}
