import ParseWire

extension CorpusLinter {
    /// The rules about the forms a case lists (`Vectors/INTERPRETING.md` §3):
    /// - an alternate whose document is byte for byte another input of the case (the canonical form or
    ///   another alternate) tests nothing: its checks repeat that input's checks (an alternate equal to
    ///   an equivalent does test something: equivalents are outputs a writer may give, never decoded);
    /// - an implementation-defined case lists, among its `ifAccepted` outcomes, every reading the
    ///   server-equivalence rewrites (``ServerEquivalents``) give an outcome it lists, so a runner that
    ///   reads only the files accepts a reader that normalises as the equivalents allow.
    /// - a case whose written form would hold, as a field, an embedded Object without `objectId`
    ///   (refused with 111 by parse-server's `SchemaController.getObjectType`, OBJ-2) is marked
    ///   `direction: "emitted"`, so that no writer is asked to write it.
    static func lintForms(_ vector: VectorCase) -> [String] {
        lintRepeatedAlternates(vector) + lintListedReadings(vector) + lintUnwritableForms(vector)
    }

    /// A valid or implementation-defined case that asks a writer for a document parse-server refuses.
    static func lintUnwritableForms(_ vector: VectorCase) -> [String] {
        guard vector.direction != .emitted, !vector.oneWay else { return [] }
        let forms: [WireInput]
        switch vector.kind {
        case .valid: forms = vector.canonical.map { [$0] } ?? []
        case .implementationDefined: forms = vector.ifAccepted.compactMap(\.canonical)
        case .decodeError, .encodeError: return []
        }
        let unwritable = forms.contains { form in
            guard let text = form.text, let document = try? JSONNode.parse(text) else { return false }
            switch (vector.context, document) {
            case (.value, _): return isObjectWithoutId(document)
            case (.update, .object(let members)): return members.contains { isObjectWithoutId($0.value) }
            default: return false
            }
        }
        return unwritable ? ["its written form holds, as a field, an embedded Object without objectId, which parse-server refuses "
            + "(111, SchemaController.getObjectType; spec/object.md#OBJ-2): mark the case \"direction\": \"emitted\" so that "
            + "no writer is asked for it"] : []
    }

    static func isObjectWithoutId(_ node: JSONNode) -> Bool {
        node["__type"] == .string("Object") && node["objectId"] == nil
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
