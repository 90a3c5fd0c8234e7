/// Generators of numbers and strings, biased toward the boundaries where codecs break.
extension Gen {
    /// Integers of every magnitude (the bit width is drawn first, so small values are as common
    /// as large ones), with the boundaries of 32, 53 and 64 bits as edges.
    public static var int64: Generator<Int64> {
        let plain = Generator<Int64> { (testCase) throws(TestCase.Stop) in
            let bits = try testCase.choice(upTo: 63)
            let magnitude = try testCase.choice(upTo: (UInt64(1) << bits) - 1)
            return try testCase.choice(upTo: 1) == 1 ? -Int64(magnitude) : Int64(magnitude)
        }
        return biased(plain, edges: Edges.integers)
    }

    /// Finite Doubles: small decimals, integers, and arbitrary bit patterns, with -0, subnormals,
    /// 2^53 and the limits of JavaScript's plain notation as edges.
    public static var double: Generator<Double> {
        let decimal = Generator<Double> { (testCase) throws(TestCase.Stop) in
            let digits = Double(try testCase.choice(upTo: 999_999))
            let scale = Int(try testCase.choice(upTo: 12))
            let value = digits / pow10(scale)
            return try testCase.choice(upTo: 1) == 1 ? -value : value
        }
        let bits = Generator<Double> { (testCase) throws(TestCase.Stop) in
            let value = Double(bitPattern: try testCase.choice(upTo: .max))
            try testCase.assume(value.isFinite)
            return value
        }
        return biased(oneOf([decimal, int64.map(Double.init), bits]), edges: Edges.doubles)
    }

    /// Finite Floats, by bit pattern, with their own edges.
    public static var float: Generator<Float> {
        let bits = Generator<Float> { (testCase) throws(TestCase.Stop) in
            let value = Float(bitPattern: UInt32(try testCase.choice(upTo: UInt64(UInt32.max))))
            try testCase.assume(value.isFinite)
            return value
        }
        let small = Gen.int(in: -1000...1000).map { Float($0) / 8 }
        return biased(oneOf([small, bits]), edges: [0, -0.0, 0.1, 1.1, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16_777_218])
    }

    /// Unicode scalars from every class that matters to JSON: ASCII letters first (the simplest),
    /// then quote and backslash, control characters, DEL, Latin-1, the scalars around the
    /// surrogate gap, other BMP text, combining marks, and astral scalars such as emoji.
    public static var unicodeScalar: Generator<Unicode.Scalar> {
        func range(_ low: UInt32, _ high: UInt32) -> Generator<Unicode.Scalar> {
            Generator { (testCase) throws(TestCase.Stop) in
                Unicode.Scalar(low + UInt32(try testCase.choice(upTo: UInt64(high - low))))!
            }
        }
        return frequency([
            (8, range(0x61, 0x7A)),
            (4, range(0x20, 0x7E)),
            (2, element(of: ["\"", "\\", "/", "\u{7F}"])),
            (2, range(0x00, 0x1F)),
            (1, range(0x80, 0xFF)),
            (1, element(of: ["\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FEFF}", "\u{FFFF}", "\u{2028}", "\u{2029}"])),
            (1, range(0x100, 0xD7FF)),
            (1, range(0x300, 0x36F)),
            (1, range(0x1F300, 0x1FAFF)),
            (1, range(0x10000, 0x10FFFF)),
        ])
    }

    /// Strings of any scalars, the empty string first.
    public static var string: Generator<String> {
        array(of: unicodeScalar, maximum: 40, average: 6).map { String(String.UnicodeScalarView($0)) }
    }

    /// Strings of ASCII letters, digits and `_` that start with a letter: valid Parse field and
    /// class names. `maximum` bounds the length.
    public static func identifier(maximum: Int = 12) -> Generator<String> {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let rest = letters + Array("0123456789_")
        return element(of: letters).flatMap { first in
            array(of: element(of: rest), maximum: maximum - 1, average: 5).map { String([first] + $0) }
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

/// Boundary values, simplest first within each list (shrinking moves toward the start).
public enum Edges {
    /// 0, ±1, the 8-, 16-, 32- and 53-bit boundaries, and the ends of `Int64`.
    public static let integers: [Int64] = [
        0, 1, -1, 127, 128, 255, 256, 32_767, 32_768, 65_535, 65_536, 2_147_483_647, 2_147_483_648, -2_147_483_648,
        -2_147_483_649, 4_294_967_295, 4_294_967_296, 9_007_199_254_740_991, 9_007_199_254_740_992,
        9_007_199_254_740_993, -9_007_199_254_740_991, -9_007_199_254_740_993, .max, .min,
    ]

    /// -0, subnormals, 2^53, the limits of JavaScript's plain notation (1e21, 1e-6, 1e-7), and the
    /// ends of the `Double` range.
    public static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 1.5, 100, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e21, 1e20, 1e-6, 1e-7,
        123_456_789.123, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        0.1 + 0.2, 1.0 / 3,
    ]
}
