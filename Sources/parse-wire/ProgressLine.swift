import Foundation

/// A one-line progress display on a terminal, redrawn at most ten times a second.
final class ProgressLine {
    let enabled: Bool
    var lastDraw: UInt64 = 0
    var drawn = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int, _ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw > 100_000_000 || done == total else { return }
        lastDraw = now
        drawn = true
        StandardStreams.output("\r\u{1B}[K[\(done)/\(total)] \(name)")
    }

    /// Erases the line before the summary.
    func clear() {
        guard drawn else { return }
        StandardStreams.output("\r\u{1B}[K")
    }
}
