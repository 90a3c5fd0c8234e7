/// The reference adapter answering in the runner's own process: the same request and answer
/// lines as an external adapter, without a process in between.
final class InProcessAdapter: AdapterConnection {
    let adapter: ReferenceAdapter

    init(_ adapter: ReferenceAdapter) {
        self.adapter = adapter
    }

    func exchange(_ line: String, timeout: Double) -> ExchangeResult {
        switch adapter.respond(to: line) {
        case .line(let answer): return .line(answer)
        case .stop: return .crash("the adapter stopped")
        }
    }

    func stop() {}
    func kill() {}
    var stderrTail: String { "" }
}
