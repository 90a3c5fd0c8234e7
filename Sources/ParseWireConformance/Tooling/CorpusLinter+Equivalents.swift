import ParseWire

extension CorpusLinter {
    /// The `equivalents` of a case (`Vectors/INTERPRETING.md` §3): each names rules that state an
    /// equivalence (``ServerEquivalents/Rewrite``); a valid case's lists the value the reference decodes
    /// it to; a form of a mechanical rule is one its rewrites give; and a valid case lists every form
    /// they give, so a writer that applies one is never failed for it.
    static func lintEquivalents(_ vector: VectorCase, rules: SpecRules) -> [String] {
        var problems: [String] = []
        let known = ServerEquivalents.ruleIDs
        for (index, equivalent) in vector.equivalents.enumerated() {
            let name = "equivalents[\(index)]"
            guard let input = equivalent.input else {
                problems += lintReading(equivalent, name: name, of: vector)
                continue
            }
            guard let text = input.text else {
                problems.append("\(name) must be text: a written form is strict JSON")
                continue
            }
            if let canonical = vector.canonical?.text, JSONDataComparison.equal(text, canonical) {
                problems.append("\(name) is the canonical form itself")
            }
            if equivalent.rules.isEmpty { problems.append("\(name) names no \"rules\": the rules of spec/ that make it equivalent") }
            for rule in equivalent.rules where !known.contains(rule) {
                problems.append("\(name) names rule \(rule), which states no equivalence; the rules that do are \(known.sorted().joined(separator: ", "))")
            }
            for rule in equivalent.rules where rules.problem(with: rule) != nil {
                problems.append("\(name) names rule \(rule), which spec/ does not define")
            }
            if equivalent.rules.contains("NUM-1"), let canonical = vector.canonical?.text, !readsAsSameDoubles(text, canonical) {
                problems.append("\(name) names NUM-1, but its numbers are not the canonical form's doubles in another spelling")
            }
            switch vector.kind {
            case .valid:
                guard let decoded = ServerEquivalents.decodedValue(of: input, context: vector.context, rules: equivalent.rules) else {
                    problems.append("\(name) is a form the reference refuses, so no reader may answer its value")
                    continue
                }
                guard let listed = equivalent.value else {
                    problems.append("\(name) lists no \"value\"; the reference decodes it to \(FirstDifference.excerpt(decoded.jsonText))")
                    continue
                }
                if !listed.isSameValue(as: decoded) {
                    problems.append("\(name) lists the value \(FirstDifference.excerpt(listed.jsonText)), but the reference decodes it to "
                        + FirstDifference.excerpt(decoded.jsonText))
                }
            case .encodeError:
                if equivalent.value != nil { problems.append("\(name) of an encode-error case is a write only: it lists no \"value\"") }
            case .decodeError, .implementationDefined:
                break
            }
        }
        problems += lintMechanicalForms(vector)
        for reading in ServerEquivalents.readings(of: vector)
        where !vector.equivalents.contains(where: { $0.input == nil && $0.value.map(reading.value.isSameValue) == true }) {
            problems.append("equivalents miss the reading \(FirstDifference.excerpt(reading.value.jsonText)) (\(reading.rules.joined(separator: ", "))); "
                + "run 'parse-wire vectors equivalents --write'")
        }
        return problems
    }

    /// A reading (an equivalent without a form): a valid case's value one of its rules reads it as.
    static func lintReading(_ equivalent: VectorCase.Equivalent, name: String, of vector: VectorCase) -> [String] {
        guard vector.kind == .valid, let value = equivalent.value else {
            return ["\(name) has no form; only a valid case lists a reading, and it gives its \"value\""]
        }
        let readings = ServerEquivalents.readings(of: vector)
        guard readings.contains(where: { $0.value.isSameValue(as: value) && $0.rules == equivalent.rules }) else {
            return ["\(name) is a reading no rule gives (\(equivalent.rules.joined(separator: ", ")))"]
        }
        return []
    }

    /// Whether two JSON texts are the same document once each number is read as the double `JSON.parse`
    /// gives (NUM-1: another spelling of the same double).
    static func readsAsSameDoubles(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = try? JSONNode.parse(Array(lhs.utf8)), let right = try? JSONNode.parse(Array(rhs.utf8)) else { return false }
        func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
            switch (a, b) {
            case let (.number(x), .number(y)): return Double(x).flatMap { d in Double(y).map { $0 == d } } ?? false
            case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy(same)
            case let (.object(x), .object(y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
            default: return a == b
            }
        }
        return same(left, right)
    }

    /// A valid case lists every form the mechanical rewrites give, and a form that names only mechanical
    /// rules is one of them.
    static func lintMechanicalForms(_ vector: VectorCase) -> [String] {
        guard vector.kind == .valid, !vector.oneWay, let value = ServerEquivalents.canonicalValue(of: vector) else { return [] }
        let forms = ServerEquivalents.forms(of: value, context: vector.context)
        var problems: [String] = []
        for form in forms where !vector.equivalents.contains(where: { $0.input?.text.map { JSONDataComparison.equal($0, form.text) } ?? false }) {
            problems.append("equivalents miss the form \(FirstDifference.excerpt(form.text)) (\(form.rules.joined(separator: ", "))); "
                + "run 'parse-wire vectors equivalents --write'")
        }
        let mechanical = ServerEquivalents.mechanicalRuleIDs
        for (index, equivalent) in vector.equivalents.enumerated() where !equivalent.rules.isEmpty && equivalent.rules.allSatisfy(mechanical.contains) {
            guard let text = equivalent.input?.text, !forms.contains(where: { JSONDataComparison.equal($0.text, text) }) else { continue }
            problems.append("equivalents[\(index)] is no form the rewrites of \(equivalent.rules.joined(separator: ", ")) give")
        }
        return problems
    }
}
