import Foundation
import ParseWireConformance
import Testing

/// Which entry of an expected-failures list covers a check is a property of the case, the
/// operation and the list: sharding and adapter restarts never change it, so a list that is green
/// for a whole run is green for every shard of it, and for a run whose adapter keeps crashing.
@Suite("expected failures: matching does not depend on shards or restarts")
struct ListMatchingStabilityTests {
    /// A list with every selector kind and every mode, drawn from the corpus itself, each reason
    /// unique so a record's `listed` names its entry.
    static func list(_ corpus: Corpus) throws -> ExpectedFailures {
        let tags = Array(corpus.tags.keys.sorted().prefix(6))
        let areas = Array(Set(corpus.files.map(\.area))).sorted().prefix(4)
        let errors = Array(Set(corpus.cases.compactMap(\.vector.error))).sorted().prefix(4)
        let ids = corpus.cases.map(\.vector.id).enumerated().filter { $0.offset % 97 == 0 }.map(\.element)
        let modes = ["xfail", "flaky", "skip"], ops = ["decode", "encode", "roundtrip", "*"]
        var entries: [String] = []
        func add(_ selector: String, _ value: String) {
            let n = entries.count
            entries.append(#"{"\#(selector)":"\#(value)","op":"\#(ops[n % 4])","mode":"\#(modes[n % 3])","reason":"entry number \#(n)"}"#)
        }
        for id in ids { add("id", id) }
        for tag in tags { add("tag", tag) }
        for area in areas { add("area", area) }
        for error in errors { add("error", error) }
        add("id", "ZZZZ98")
        return try ExpectedFailures.read(Array(#"{"format":1,"entries":[\#(entries.joined(separator: ","))]}"#.utf8), path: "list.json")
    }

    /// The entry each check was covered by, by check name: its position and mode, or `nil`.
    static func matching(_ result: RunResult) -> [String: String] {
        Dictionary(result.records.map { ($0.name, "\($0.listedEntry.map(String.init) ?? "-") \($0.listedMode?.rawValue ?? "-") \($0.listed ?? "-")") },
                   uniquingKeysWith: { first, _ in first })
    }

    /// The adapter for these runs: the reference's answers, wrong for one case in five (so some
    /// listed checks fail and others pass), and, when `crashEvery` is given, a crash on every
    /// `crashEvery`-th check of each session, so the adapter is restarted hundreds of times.
    static func launcher(_ corpus: Corpus, crashEvery: Int? = nil) -> AdapterLauncher {
        let reference = ReferenceAdapter(capabilities: Set(corpus.tags.keys))
        let hello = ScriptedAdapter.hello()
        return AdapterLauncher(name: "restarting") { RestartingAdapter(reference: reference, hello: hello, crashEvery: crashEvery) }
    }

    static func run(_ corpus: Corpus, _ list: ExpectedFailures, shard: Shard? = nil, crashEvery: Int? = nil) throws -> RunResult {
        let options = FixtureAdapters.options {
            $0.expectedFailures = list
            $0.shard = shard
            $0.maxRestarts = 1_000_000
        }
        return try ConformanceRunner(corpus: corpus, options: options, launcher: launcher(corpus, crashEvery: crashEvery)).run()
    }

    @Test("every shard of a run, and a run restarted hundreds of times, covers each check by the entry the whole run does")
    func shardsAndRestarts() throws {
        let corpus = try CorpusLocation.corpus.get()
        let list = try Self.list(corpus)
        let whole = try Self.run(corpus, list)
        let expected = Self.matching(whole)
        #expect(whole.records.contains { $0.listedMode == .flaky && $0.outcome == .xfail })
        #expect(whole.records.contains { $0.listedMode == .flaky && $0.outcome == .pass })
        #expect(whole.records.contains { $0.listedMode == .xfail && $0.outcome == .xpass })
        #expect(whole.records.contains { $0.listedMode == .skip && $0.outcome == .skip })

        // The matching, computed from the corpus and the list alone, is what the run recorded.
        let records = Dictionary(whole.records.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for check in ConformanceRunner.plan(corpus, filter: CaseFilter()) {
            let record = try #require(records[check.name])
            #expect(record.listedEntry == list.entry(for: check.vector, area: check.area, check.operation)?.position, "\(check.name)")
        }

        var shards: [String: String] = [:]
        for index in 1...3 {
            let part = try Self.run(corpus, list, shard: Shard(index: index, count: 3))
            #expect(part.unmatchedEntries.map(\.position) == whole.unmatchedEntries.map(\.position))
            shards.merge(Self.matching(part)) { first, _ in first }
        }
        #expect(shards == expected)

        let restarting = try Self.run(corpus, list, crashEvery: 7)
        #expect(restarting.restarts > 500)
        #expect(!restarting.stoppedEarly)
        #expect(Self.matching(restarting) == expected)
        #expect(restarting.unmatchedEntries.map(\.position) == whole.unmatchedEntries.map(\.position))
        #expect(whole.unmatchedEntries.contains { $0.id == "ZZZZ98" })
    }
}

/// An in-process adapter that answers as the reference does, except that one case in five is
/// answered wrong, and that it crashes on every `crashEvery`-th check of its session.
final class RestartingAdapter: AdapterConnection {
    let reference: ReferenceAdapter
    let hello: String
    let crashEvery: Int?
    var checks = 0
    var pending: ExchangeResult = .crash("no request was sent")

    init(reference: ReferenceAdapter, hello: String, crashEvery: Int?) {
        self.reference = reference
        self.hello = hello
        self.crashEvery = crashEvery
    }

    func send(_ line: String, timeout: Double) {
        switch try? AdapterRequestLine.parse(line) {
        case .hello?: pending = .line(hello)
        case .check(let request)?:
            checks += 1
            if let crashEvery, checks % crashEvery == 0 {
                pending = .crash("exited with status 3")
                return
            }
            let wrong = request.id.utf8.reduce(0) { $0 &+ Int($1) } % 5 == 0
            pending = .line((wrong ? .rejected(kind: "other", message: "answered wrong on purpose") : reference.answer(request)).line(seq: request.seq))
        case .stop?, nil: pending = .crash("the adapter stopped")
        }
    }

    func receive(timeout: Double) -> ExchangeResult { pending }
    func stop() {}
    func kill() {}
    var stderrTail: String { "" }
}
