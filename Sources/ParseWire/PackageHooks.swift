/// Entry points into the codec's internals for the package's own tools (the benchmark), so they
/// can time one stage alone. `package` access keeps them out of the public API.
package enum PackageHooks {
    /// Scans a document into the tape and returns how many values it holds.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseWireError) -> Int {
        try JSONScanner.scan(bytes).entries.count
    }

    /// Writes the 24 canonical ISO bytes of an in-range instant to `out`.
    package static func formatDate(epochMilliseconds: Int64, to out: UnsafeMutablePointer<UInt8>) {
        ISO8601.write(epochMilliseconds: epochMilliseconds, to: out)
    }

    /// Parses canonical ISO text into epoch milliseconds.
    package static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseWireError) -> Int64 {
        try ISO8601.parse(bytes, leniency: .strict)
    }
}
