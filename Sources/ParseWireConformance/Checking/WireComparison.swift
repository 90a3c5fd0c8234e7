import ParseWire

/// Compares encoder output with an expected wire form under the corpus's rules.
enum WireComparison {
    /// `nil` when `output` matches `expected` or one of a valid case's `equivalents`; otherwise what
    /// differs from `expected`.
    static func mismatch(_ output: [UInt8], _ expected: WireInput, or equivalents: [WireInput],
                         _ comparison: VectorCase.Comparison) -> String? {
        guard let problem = mismatch(output, expected, comparison) else { return nil }
        if equivalents.contains(where: { mismatch(output, $0, comparison) == nil }) { return nil }
        return equivalents.isEmpty ? problem : problem + " (or one of its \(equivalents.count) equivalents)"
    }

    /// `nil` when `output` matches `expected`; otherwise what differs.
    static func mismatch(_ output: [UInt8], _ expected: WireInput, _ comparison: VectorCase.Comparison) -> String? {
        let outputText = String(decoding: output, as: UTF8.self)
        guard let expectedText = expected.text else { return "the expected form is not text" }
        switch comparison {
        case .text:
            guard !output.elementsEqual(expectedText.utf8) else { return nil }
            let offset = zip(output, expectedText.utf8).prefix { $0 == $1 }.count
            return "wrote text that differs from the canonical text at byte \(offset): wrote \(FirstDifference.excerpt(outputText)), "
                + "expected exactly \(FirstDifference.excerpt(expectedText))"
        case .json:
            let written: JSONNode
            do {
                written = try JSONNode.parse(output)
            } catch {
                return "wrote text that is not strict JSON (\(error)): \(FirstDifference.excerpt(outputText))"
            }
            guard let wanted = try? JSONNode.parse(expectedText) else { return "the expected form is not strict JSON" }
            guard !JSONDataComparison.equal(written, wanted) else { return nil }
            return FirstDifference.between(expected: wanted, actual: written).map { "wrote a different document: \($0)" }
                ?? "wrote \(FirstDifference.excerpt(outputText)), expected \(FirstDifference.excerpt(expectedText))"
        }
    }
}
