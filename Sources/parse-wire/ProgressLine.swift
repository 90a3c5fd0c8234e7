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
        FileHandle.standardOutput.write(Data("\r\u{1B}[K[\(done)/\(total)] \(name)".utf8))
    }

    /// Erases the line before the summary.
    func clear() {
        guard drawn else { return }
        FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
    }
}
