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
            return output.elementsEqual(expectedText.utf8) ? nil : "wrote \(outputText), expected exactly \(expectedText)"
        case .json:
            let written: JSONNode
            do {
                written = try JSONNode.parse(output)
            } catch {
                return "wrote text that is not strict JSON (\(error)): \(outputText)"
            }
            guard let wanted = try? JSONNode.parse(expectedText) else { return "the expected form is not strict JSON" }
            return JSONDataComparison.equal(written, wanted) ? nil : "wrote \(outputText), expected \(expectedText)"
        }
    }
}
