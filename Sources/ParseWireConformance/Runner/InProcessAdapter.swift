/// The reference adapter answering in the runner's own process: the same request and answer
/// lines as an external adapter, without a process in between.
final class InProcessAdapter: AdapterConnection {
    let adapter: ReferenceAdapter
    var answer: ExchangeResult = .crash("no request was sent")

    init(_ adapter: ReferenceAdapter) {
        self.adapter = adapter
    }

    func send(_ line: String, timeout: Double) {
        switch adapter.respond(to: line) {
        case .line(let text): answer = .line(text)
        case .stop: answer = .crash("the adapter stopped")
        }
    }

    func receive(timeout: Double) -> ExchangeResult {
        answer
    }

    func stop() {}
    func kill() {}
    var stderrTail: String { "" }
}
