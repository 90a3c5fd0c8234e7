/// SplitMix64: a tiny, fast, statistically sound generator whose whole state is one `UInt64`.
///
/// The algorithm and the bounded draw are ours rather than the standard library's
/// `random(in:using:)`, whose algorithm may change between Swift versions: a seed must replay the
/// same cases on every platform and toolchain.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `0...bound`, without modulo bias (Lemire's multiply-shift
    /// with rejection).
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let range = bound &+ 1
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return product.high
    }
}

/// FNV-1a, 64-bit: a stable hash of a property's name, so its default seed never changes between
/// runs or toolchains (unlike `hashValue`).
public func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash
}
