import Foundation
import ParseWireConformance

/// An adapter answering in the test's own process: the reference's answers, a `hello` the test
/// writes, and one behaviour changed per test. Faster than a fixture process, and every answer
/// is visible in the test.
final class ScriptedAdapter: AdapterConnection {
    /// Answers one request; `nil` leaves it to the reference.
    typealias Script = @Sendable (AdapterRequest, VectorCase) -> AdapterAnswer?

    let hello: String
    let cases: [String: VectorCase]
    let script: Script
    let reference = ReferenceAdapter(capabilities: [])

    init(hello: String, corpus: Corpus, script: @escaping Script) {
        self.hello = hello
        cases = Dictionary(corpus.cases.map { ($0.vector.id, $0.vector) }, uniquingKeysWith: { first, _ in first })
        self.script = script
    }

    /// The answer to the request sent last.
    var pending: ExchangeResult = .crash("no request was sent")

    func send(_ line: String, timeout: Double) {
        switch try? AdapterRequestLine.parse(line) {
        case .hello?: pending = .line(hello)
        case .check(let request)?:
            let answer = cases[request.id].flatMap { script(request, $0) } ?? reference.answer(request)
            pending = .line(answer.line(seq: request.seq))
        case .stop?, nil: pending = .crash("the adapter stopped")
        }
    }

    func receive(timeout: Double) -> ExchangeResult {
        pending
    }

    func stop() {}
    func kill() {}
    var stderrTail: String { "" }

    /// The scoring fixture corpus (`Tests/Fixtures/scoring-corpus`): profiles, contexts, follow-ups.
    static let corpus: Corpus = {
        do {
            return try Corpus.load(from: FixtureAdapters.fixtures.appendingPathComponent("scoring-corpus"))
        } catch {
            fatalError("the scoring fixture corpus is unreadable: \(error)")
        }
    }()

    /// A `hello` answer with the given extra members (JSON text without braces, such as
    /// `"profile":"client"`), all operations in every context unless `ops` is among them.
    static func hello(_ extra: String = "") -> String {
        let ops = extra.contains(#""ops""#) ? "" : #","ops":["decode","encode","roundtrip"]"#
        return #"{"protocol":1,"implementation":{"name":"scripted","version":"1","language":"swift"}"# + ops
            + #","choices":{"DateWithoutMillis":"accept"}"# + (extra.isEmpty ? "" : "," + extra) + "}"
    }

    /// Runs the scoring corpus (or `corpus`) against a scripted adapter.
    static func run(hello: String = hello(), corpus: Corpus = corpus, options configure: (inout RunOptions) -> Void = { _ in },
                    script: @escaping Script = { _, _ in nil }) throws -> RunResult {
        let options = FixtureAdapters.options(configure)
        let launcher = AdapterLauncher(name: "scripted") { ScriptedAdapter(hello: hello, corpus: corpus, script: script) }
        return try ConformanceRunner(corpus: corpus, options: options, launcher: launcher).run()
    }

    /// A script that accepts the input of every decode-error case (as `null`).
    static let acceptsDecodeErrors: Script = { request, vector in
        vector.kind == .decodeError && request.operation == .decode ? .value(.null) : nil
    }

    /// A script that writes every encode-error case's value instead of refusing it (as a document
    /// that is none of the case's equivalents).
    static let writesEncodeErrors: Script = { request, vector in
        vector.kind == .encodeError && request.operation == .encode ? .wire(#"{"written":true}"#) : nil
    }
}
