import Foundation

/// The result of a body run on another thread.
private final class ResultBox<R>: @unchecked Sendable {
    var result: R?
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it, as code on a
/// secondary thread of an app (512 KB by default on Apple platforms) would run it.
package func onThread<R: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> R) -> R {
    let box = ResultBox<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.result!
}

/// The most stack `body` uses, in bytes below the caller's frame, measured by painting the free
/// part of the stack with a pattern and finding the deepest byte overwritten.
///
/// Call it near the top of a thread made by ``onThread(stackSize:_:)`` with at least
/// `stackSize` bytes of stack: it paints `stackSize - 64 KB` below its own frame.
@inline(never)
package func stackBytesUsed(stackSize: Int, _ body: () -> Void) -> Int {
    var marker = 0
    let top = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
    // Below the painter's own frame, and well above the guard page at the bottom of the stack.
    let high = top - 4 * 1024
    let low = top - stackSize + 64 * 1024
    let region = UnsafeMutableRawPointer(bitPattern: low)!
    let count = high - low
    region.initializeMemory(as: UInt8.self, repeating: 0xA5, count: count)
    body()
    let bytes = region.assumingMemoryBound(to: UInt8.self)
    var index = 0
    while index < count, bytes[index] == 0xA5 { index += 1 }
    return top - (low + index)
}

/// Whether this process runs under AddressSanitizer or ThreadSanitizer, whose runtimes own parts
/// of the stack (fake frames, shadow memory): a measurement that paints the free stack is then
/// neither meaningful nor safe.
package let isSanitized: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
}()

/// How many levels a deep-value test nests: `levels` in a plain run; under a sanitizer (`.ci/run`
/// sets `PARSEWIRE_SANITIZER_RUN=1` for its AddressSanitizer and ThreadSanitizer runs) a tenth of
/// them, never fewer than 10,000.
///
/// The depth these tests need is "well past where recursion overflows a 512 KB thread" (about
/// 3,000 levels, fewer under a sanitizer's larger frames), which 10,000 still is; what a sanitizer
/// adds is the check of every access, and that costs the same per level at any depth. At full depth
/// the million-level cases alone took 21–23 minutes of each sanitizer run, longer than the rest of
/// the suite together; the plain `swift test` keeps the full depths.
package func deepLevels(_ levels: Int) -> Int {
    guard ProcessInfo.processInfo.environment["PARSEWIRE_SANITIZER_RUN"] == "1" else { return levels }
    return max(10_000, levels / 10)
}
