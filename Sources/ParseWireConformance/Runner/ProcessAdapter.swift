import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An adapter running as a child process, spoken to over pipes.
///
/// All I/O is non-blocking and multiplexed with `poll`, so a request can never wait past its
/// deadline: not on a full stdin pipe, not on an adapter that stops answering, not on a process
/// the adapter left behind. Standard error is drained all the time (an adapter that logs a lot
/// must not block) and its tail kept for reports.
///
/// The child is started with `posix_spawn` in a process group of its own; killing it kills the
/// whole group, so an adapter's own children (a shell wrapper's `python3`) go too. A child that
/// left the group (`setsid`) and still holds the adapter's stdout cannot hold up the run: the
/// runner watches its own child's exit rather than the pipe's end, waits for it only a bounded
/// time, and closes its pipe ends without waiting for anyone else.
final class ProcessAdapter: AdapterConnection {
    /// How much of standard error to keep.
    static let tailLimit = 4096
    /// How often a wait checks whether the child has exited although its stdout is still open.
    static let exitPollMilliseconds: Int32 = 50

    let pid: pid_t
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    let errorsDescriptor: Int32
    var output: AnswerLineBuffer
    var tail: [UInt8] = []
    var inputOpen = true
    var errorsOpen = true
    var outputOpen = true
    var finished = false
    /// How the last ``send(_:timeout:)`` failed, for the next ``receive(timeout:)`` to return.
    var deferred: ExchangeResult?
    /// The child's wait status, once it has been reaped.
    var exitStatus: Int32?
    /// Serializes launches (see ``launch(_:environment:lineLimit:)``).
    static let spawnLock = NSLock()
    /// A buffer for each read, allocated once.
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32, lineLimit: Int) {
        self.pid = pid
        inputDescriptor = input
        outputDescriptor = output
        errorsDescriptor = errors
        self.output = AnswerLineBuffer(limit: lineLimit)
    }

    /// Starts `command` (looked up on `PATH`) with `environment` added to the runner's own.
    static func launch(_ command: [String], environment: [String: String], lineLimit: Int) throws(AdapterStartError) -> ProcessAdapter {
        guard !command.isEmpty else { throw AdapterStartError(message: "no adapter command", stderrTail: "") }
        signal(SIGPIPE, SIG_IGN)
        // One launch at a time, from pipe to spawn: the child's pipe ends are close-on-exec only
        // once set, and an adapter started meanwhile (tests start several at once) would inherit
        // another's and hold it open.
        spawnLock.lock()
        defer { spawnLock.unlock() }
        var pipes: [Int32] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0, ends.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
                pipes.forEach { _ = close($0) }
                throw AdapterStartError(message: "cannot create a pipe: \(String(cString: strerror(errno)))", stderrTail: "")
            }
            pipes += ends
        }
        // pipes: [stdin read, stdin write, stdout read, stdout write, stderr read, stderr write]
        let ours = [pipes[1], pipes[2], pipes[4]]
        for descriptor in ours { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        let pid: pid_t
        do {
            pid = try spawn(command, environment: environment, standard: [pipes[0], pipes[3], pipes[5]], closing: ours)
        } catch {
            pipes.forEach { _ = close($0) }
            throw error
        }
        for descriptor in [pipes[0], pipes[3], pipes[5]] { _ = close(descriptor) }
        return ProcessAdapter(pid: pid, input: pipes[1], output: pipes[2], errors: pipes[4], lineLimit: lineLimit)
    }

    /// `posix_spawnp` in a new process group, `SIGPIPE` back to its default, the given descriptors
    /// as 0, 1 and 2.
    static func spawn(_ command: [String], environment: [String: String], standard: [Int32], closing: [Int32]) throws(AdapterStartError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (target, descriptor) in standard.enumerated() { posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(target)) }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let arguments = command.map { strdup($0) } + [nil]
        let variables = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, command[0], &actions, &attributes, arguments, variables)
        guard status == 0 else {
            throw AdapterStartError(message: "cannot start \(command.joined(separator: " ")): \(String(cString: strerror(status)))", stderrTail: "")
        }
        return pid
    }

    var stderrTail: String { String(decoding: tail, as: UTF8.self) }

    func send(_ line: String, timeout: Double) {
        guard !finished else {
            deferred = .crash("the adapter is not running")
            return
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0) * 1e9)
        var request = line
        request.append("\n")
        var failed = false
        let sent = request.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = write(inputDescriptor, bytes.baseAddress! + written, bytes.count - written)
                if count > 0 {
                    written += count
                    continue
                }
                if count < 0, errno != EAGAIN, errno != EINTR {
                    failed = true
                    return false
                }
                guard wait(for: inputDescriptor, events: POLLOUT, until: deadline) else { return false }
            }
            return true
        }
        if failed || (!sent && childHasExited()) {
            deferred = crashed()
        } else if !sent {
            deferred = timedOut()
        }
    }

    func receive(timeout: Double) -> ExchangeResult {
        if let failure = deferred {
            deferred = nil
            return failure
        }
        guard !finished else { return .crash("the adapter is not running") }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0) * 1e9)
        // The answer is often in already (the request was sent while the last answer was scored):
        // read before polling.
        if output.unconsumedCount == 0 { readOutput() }
        while true {
            if let answer = output.nextLine(AnswerLineBuffer.text) { return checked(answer) }
            if output.isOverlong {
                kill()
                return .violation("the answer line is longer than the limit of \(output.limit) bytes (line too long)")
            }
            guard outputOpen else { return crashed() }
            guard wait(for: outputDescriptor, events: POLLIN, until: deadline) else {
                if let answer = output.nextLine(AnswerLineBuffer.text) { return checked(answer) }
                return childHasExited() ? crashed() : timedOut()
            }
            readOutput()
        }
    }

    /// An answer line, or its violation with the adapter killed (as for a line too long), so that a
    /// bad `hello` leaves no process behind either.
    func checked(_ answer: ExchangeResult) -> ExchangeResult {
        if case .violation = answer { kill() }
        return answer
    }

    /// Waits until `descriptor` is ready, draining standard error meanwhile.
    /// - Returns: `false` when the deadline passed first, or when the child exited (a process it
    ///   left behind may keep the pipe open, so the pipe's end cannot be relied on).
    func wait(for descriptor: Int32, events: Int32, until deadline: UInt64) -> Bool {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Self.exitPollMilliseconds)))
            var descriptors = (pollfd(fd: descriptor, events: Int16(events), revents: 0),
                               pollfd(fd: errorsDescriptor, events: Int16(POLLIN), revents: 0))
            let ready = withUnsafeMutableBytes(of: &descriptors) { raw in
                poll(raw.baseAddress!.assumingMemoryBound(to: pollfd.self), errorsOpen ? 2 : 1, milliseconds)
            }
            if ready < 0 && errno != EINTR { return false }
            if errorsOpen, descriptors.1.revents != 0 { drainErrors() }
            if descriptors.0.revents != 0 { return true }
            if ready == 0, childHasExited() {
                // Keep what the child wrote before it went; stop waiting for more.
                readOutput()
                return false
            }
        }
    }

    /// Reads what standard output has now; notes its end.
    func readOutput() {
        while outputOpen {
            let count = read(outputDescriptor, chunk.baseAddress, chunk.count)
            if count > 0 {
                output.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                if count < chunk.count { return }
                continue
            }
            if count == 0 || (errno != EAGAIN && errno != EINTR) { outputOpen = false }
            return
        }
    }

    /// Reads what standard error has now (at most 1 MB, so a child that logs without pause cannot
    /// hold the runner here), keeping the tail.
    func drainErrors() {
        var budget = 1 << 20
        while errorsOpen, budget > 0 {
            let count = read(errorsDescriptor, chunk.baseAddress, chunk.count)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { errorsOpen = false }
            guard count > 0 else { return }
            budget -= count
            tail.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            if tail.count > Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
        }
    }

    /// Whether the child has exited (reaping it if so).
    func childHasExited() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { exitStatus = status }
        return result == pid || (result < 0 && errno == ECHILD)
    }

    func timedOut() -> ExchangeResult {
        kill()
        return .timeout
    }

    /// The adapter closed its output or exited: give it a moment to exit, then say how it ended.
    func crashed() -> ExchangeResult {
        let grace = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while !childHasExited(), DispatchTime.now().uptimeNanoseconds < grace { usleep(2000) }
        // Read before the kill: an adapter still running now closed its output and carried on,
        // and the status the kill leaves is the runner's own signal, not the adapter's end.
        let ended = exitStatus
        drainErrors()
        kill()
        guard let status = ended else { return .crash("the adapter closed its output and kept running; the runner stopped it") }
        if status & 0x7F == 0 { return .crash("the adapter exited with status \((status >> 8) & 0xFF)") }
        return .crash("the adapter was killed by signal \(status & 0x7F)")
    }

    /// Kills the adapter's process group, reaps the adapter (waiting at most 2 s: a process stuck
    /// in the kernel is left to the system) and closes the runner's pipe ends.
    func kill() {
        guard !finished else { return }
        finished = true
        _ = Foundation.kill(-pid, SIGKILL)
        if !childHasExited() {
            _ = Foundation.kill(pid, SIGKILL)
            let limit = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
            while !childHasExited(), DispatchTime.now().uptimeNanoseconds < limit { usleep(1000) }
        }
        drainErrors()
        if inputOpen { _ = close(inputDescriptor) }
        _ = close(outputDescriptor)
        _ = close(errorsDescriptor)
        inputOpen = false
        errorsOpen = false
        outputOpen = false
    }

    /// Sends `stop`, gives the adapter 2 s to exit, then makes sure it and its group are gone.
    func stop() {
        guard !finished else { return }
        let bytes = Array((AdapterRequest.stopLine + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(inputDescriptor, $0.baseAddress, $0.count) }
        _ = close(inputDescriptor)
        inputOpen = false
        let grace = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        while !childHasExited(), DispatchTime.now().uptimeNanoseconds < grace { usleep(1000) }
        kill()
    }

    deinit {
        kill()
        chunk.deallocate()
    }
}
