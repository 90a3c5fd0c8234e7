import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An adapter running as a child process, spoken to over pipes.
///
/// All I/O is non-blocking and multiplexed with `poll`, so a request can never wait past its
/// deadline: not on a full stdin pipe, not on an adapter that stops answering. Standard error is
/// drained all the time (an adapter that logs a lot must not block) and its tail kept for reports.
/// Foundation starts the child in its own process group; a timeout kills the whole group, so an
/// adapter's own children (a shell wrapper's `python3`) go too.
final class ProcessAdapter: AdapterConnection {
    /// How much of standard error to keep.
    static let tailLimit = 4096
    /// An answer line longer than this is a protocol violation (no answer needs it).
    static let lineLimit = 64 << 20

    let process: Process
    let pipes: (input: Pipe, output: Pipe, errors: Pipe)
    var pending: [UInt8] = []
    var tail: [UInt8] = []
    var errorsOpen = true
    var finished = false

    private init(process: Process, pipes: (Pipe, Pipe, Pipe)) {
        self.process = process
        self.pipes = pipes
    }

    static func launch(_ command: [String]) throws(AdapterStartError) -> ProcessAdapter {
        guard !command.isEmpty else { throw AdapterStartError(message: "no adapter command", stderrTail: "") }
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipes = (Pipe(), Pipe(), Pipe())
        process.standardInput = pipes.0
        process.standardOutput = pipes.1
        process.standardError = pipes.2
        do {
            try process.run()
        } catch {
            throw AdapterStartError(message: "cannot start \(command.joined(separator: " ")): \(error)", stderrTail: "")
        }
        for descriptor in [pipes.0.fileHandleForWriting.fileDescriptor, pipes.1.fileHandleForReading.fileDescriptor,
                           pipes.2.fileHandleForReading.fileDescriptor] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return ProcessAdapter(process: process, pipes: pipes)
    }

    var inputDescriptor: Int32 { pipes.input.fileHandleForWriting.fileDescriptor }
    var outputDescriptor: Int32 { pipes.output.fileHandleForReading.fileDescriptor }
    var errorsDescriptor: Int32 { pipes.errors.fileHandleForReading.fileDescriptor }

    var stderrTail: String { String(decoding: tail, as: UTF8.self) }

    func exchange(_ line: String, timeout: Double) -> ExchangeResult {
        guard !finished else { return .crash("the adapter is not running") }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0) * 1e9)
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(inputDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno != EAGAIN, errno != EINTR { return crashed() }
            guard wait(for: inputDescriptor, events: POLLOUT, until: deadline) else { return timedOut() }
        }
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let answer = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return .line(answer)
            }
            if pending.count > Self.lineLimit { return .line(String(decoding: pending.prefix(200), as: UTF8.self)) }
            guard wait(for: outputDescriptor, events: POLLIN, until: deadline) else { return timedOut() }
            if !readOutput() { return crashed() }
        }
    }

    /// Waits until `descriptor` is ready, draining standard error meanwhile.
    /// - Returns: `false` when the deadline passed first.
    func wait(for descriptor: Int32, events: Int32, until deadline: UInt64) -> Bool {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
            var descriptors = [pollfd(fd: descriptor, events: Int16(events), revents: 0)]
            if errorsOpen { descriptors.append(pollfd(fd: errorsDescriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 && errno != EINTR { return false }
            if descriptors.count > 1, descriptors[1].revents != 0 { drainErrors() }
            if descriptors[0].revents != 0 { return true }
        }
    }

    /// Reads what standard output has; `false` at end of file.
    func readOutput() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
        if count > 0 { pending.append(contentsOf: chunk[..<count]) }
        return count > 0 || (count < 0 && (errno == EAGAIN || errno == EINTR))
    }

    /// Reads everything standard error has now, keeping the tail.
    func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while errorsOpen {
            let count = chunk.withUnsafeMutableBytes { read(errorsDescriptor, $0.baseAddress, $0.count) }
            if count == 0 { errorsOpen = false }
            guard count > 0 else { return }
            tail.append(contentsOf: chunk[..<count])
            if tail.count > Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
        }
    }

    func timedOut() -> ExchangeResult {
        kill()
        return .timeout
    }

    /// The adapter closed its output: give it a moment to exit, then say how it ended.
    func crashed() -> ExchangeResult {
        let grace = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while process.isRunning, DispatchTime.now().uptimeNanoseconds < grace { usleep(2000) }
        kill()
        drainErrors()
        switch process.terminationReason {
        case .uncaughtSignal: return .crash("the adapter was killed by signal \(process.terminationStatus)")
        case .exit: return .crash("the adapter exited with status \(process.terminationStatus)")
        @unknown default: return .crash("the adapter ended")
        }
    }

    func kill() {
        guard !finished else { return }
        finished = true
        if process.isRunning {
            let group = process.processIdentifier
            if Foundation.kill(-group, SIGKILL) != 0 { _ = Foundation.kill(group, SIGKILL) }
        }
        process.waitUntilExit()
        drainErrors()
        try? pipes.input.fileHandleForWriting.close()
    }

    func stop() {
        guard !finished else { return }
        _ = exchangeStop()
        try? pipes.input.fileHandleForWriting.close()
        let grace = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        while process.isRunning, DispatchTime.now().uptimeNanoseconds < grace { usleep(2000) }
        kill()
    }

    /// Writes `stop`; the adapter answers nothing.
    func exchangeStop() -> Bool {
        let bytes = Array((AdapterRequest.stopLine + "\n").utf8)
        return bytes.withUnsafeBytes { write(inputDescriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    deinit {
        kill()
    }
}
