import Foundation

/// The result of a closure run on another thread.
private final class ThreadResult<R>: @unchecked Sendable {
    var result: Result<R, any Error>?
}

/// Runs `body` on a new thread whose stack is `size` bytes, and waits for its result: for
/// checking that deep documents fit the 512 KB stack that Apple platforms give secondary threads.
func onThread<R: Sendable>(stackSize size: Int, _ body: @escaping @Sendable () throws -> R) throws -> R {
    let box = ThreadResult<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Result { try body() }
        done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    return try box.result!.get()
}
