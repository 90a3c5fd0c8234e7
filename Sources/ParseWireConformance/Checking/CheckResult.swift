/// The outcome of one check of one case: a decode, an encode or a round trip of one input.
public struct CheckResult: Sendable, CustomStringConvertible {
    /// The file, relative to `Vectors/`.
    public let file: String
    public let id: String
    public let caseDescription: String
    /// Which check: `decode canonical`, `encode`, `roundtrip alternates[1]`, `decode` …
    public let check: String
    public let passed: Bool
    /// What happened, in words.
    public let detail: String

    public var description: String {
        "\(passed ? "PASS" : "FAIL")  \(id) \(check) — \(caseDescription): \(detail) [\(file)]"
    }
}
