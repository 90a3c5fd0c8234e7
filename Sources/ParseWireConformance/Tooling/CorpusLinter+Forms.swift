import ParseWire

extension CorpusLinter {
    /// The rules about the forms a case lists (`Vectors/INTERPRETING.md` §3):
    /// - an alternate whose document is byte for byte another input of the case (the canonical form or
    ///   another alternate) tests nothing: its checks repeat that input's checks (an alternate equal to
    ///   an equivalent does test something: equivalents are outputs a writer may give, never decoded);
    /// - an implementation-defined case lists, among its `ifAccepted` outcomes, every reading the
    ///   server-equivalence rewrites (``ServerEquivalents``) give an outcome it lists, so a runner that
    ///   reads only the files accepts a reader that normalises as the equivalents allow.
    static func lintForms(_ vector: VectorCase) -> [String] {
        lintRepeatedAlternates(vector) + lintListedReadings(vector)
    }

    /// Each alternate whose bytes equal the canonical form or an earlier alternate.
    static func lintRepeatedAlternates(_ vector: VectorCase) -> [String] {
        guard !vector.alternates.isEmpty else { return [] }
        var forms: [(name: String, bytes: [UInt8])] = []
        if let canonical = vector.canonical?.bytes { forms.append(("the canonical form", canonical)) }
        var problems: [String] = []
        for (index, alternate) in vector.alternates.enumerated() {
            guard let bytes = alternate.input.bytes else { continue }
            if let same = forms.first(where: { $0.bytes == bytes }) {
                problems.append("alternates[\(index)] (\(alternate.note ?? "no note")) is the same text as \(same.name), so it tests nothing; "
                    + "remove it, or spell it with wireText as its note says")
            }
            forms.append(("alternates[\(index)]", bytes))
        }
        return problems
    }

    /// Each reading an equivalence rewrite gives a listed outcome that the case does not list.
    static func lintListedReadings(_ vector: VectorCase) -> [String] {
        guard vector.kind == .implementationDefined else { return [] }
        let listed = vector.ifAccepted.map(\.value)
        var missing: [TVNValue] = []
        for outcome in listed {
            guard let value = try? outcome.parseValue() else { continue }
            for reading in ServerEquivalents.equivalents(of: value, context: vector.context).map(TVNValue.init)
            where !listed.contains(where: reading.isSameValue) && !missing.contains(where: reading.isSameValue) {
                missing.append(reading)
            }
        }
        return missing.map {
            "ifAccepted does not list \(FirstDifference.excerpt($0.jsonText)), a reading the server-equivalence rules allow "
                + "(spec/types.md#CTX-2); add it as an outcome with its canonical form"
        }
    }
}
