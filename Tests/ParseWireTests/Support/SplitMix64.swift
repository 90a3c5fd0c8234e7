/// A small deterministic pseudo-random generator (SplitMix64) for tests that sweep many inputs.
///
/// The same seed always yields the same sequence, on every platform and Swift version, so a
/// failure names its input and reproduces.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (multiply-shift; the bias is below 2^-32 for the bounds used in tests).
    mutating func next(below bound: Int) -> Int {
        Int((next() >> 32) &* UInt64(bound) >> 32)
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
