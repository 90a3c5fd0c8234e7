/// The outcome of one check of one case: a decode, an encode or a round trip of one input.
package struct CheckResult: Sendable, CustomStringConvertible {
    /// The file, relative to `Vectors/`.
    package let file: String
    package let id: String
    package let caseDescription: String
    /// Which check: `decode canonical`, `encode`, `roundtrip alternates[1]`, `decode` …
    package let check: String
    package let passed: Bool
    /// What happened, in words.
    package let detail: String

    package var description: String {
        "\(passed ? "PASS" : "FAIL")  \(id) \(check) — \(caseDescription): \(detail) [\(file)]"
    }
}
