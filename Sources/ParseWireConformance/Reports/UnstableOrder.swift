import ParseWire

/// Checks of one run whose answers show an output order that changes from run to run: two checks
/// that expect the same output (an encode and a roundtrip of one case, a decode of the canonical
/// input and of an alternate, two cases with one expected form) answered with the same data in two
/// orders — the same set written in two orders, as an implementation that writes a hash set does.
///
/// The evidence is the answers alone, so the finding is the same for the same answers whatever the
/// run's order, shard or time zone. A failure answered the same way wherever the same output is
/// expected is stable and never found here, nor is an answer that differs from another in a value
/// rather than in order. Only array order counts: the order of a map's keys is not a difference
/// a value or a document comparison makes. The corpus has no input that differs from another with
/// the same expected output only in an array's order, so two orders cannot come from two inputs.
enum UnstableOrder {
    /// Each check found, by its index in `records`, with the index of a check that expects the
    /// same output and was answered in another order (the lowest such index).
    static func find(_ records: [CheckRecord]) -> [Int: Int] {
        var groups: [String: [(index: Int, exact: String, orderless: String)]] = [:]
        for (index, record) in records.enumerated() where record.sent && record.outcome != .unsupported {
            guard let expected = record.expected, expected != .null, let answer = output(record.actual) else { continue }
            let key = answer.category + " " + expected.compactText
            groups[key, default: []].append((index, canonical(answer.node, sortingArrays: false), canonical(answer.node, sortingArrays: true)))
        }
        var found: [Int: Int] = [:]
        for members in groups.values where members.count > 1 {
            var byData: [String: [(index: Int, exact: String, orderless: String)]] = [:]
            for member in members { byData[member.orderless, default: []].append(member) }
            for same in byData.values where Set(same.map(\.exact)).count > 1 {
                guard same.contains(where: { Self.failing(records[$0.index].outcome) }) else { continue }
                for member in same {
                    found[member.index] = same.filter { $0.exact != member.exact }.map(\.index).min()
                }
            }
        }
        return found
    }

    /// Whether an outcome is one a list entry would cover as a failure.
    static func failing(_ outcome: CheckOutcome) -> Bool {
        switch outcome {
        case .fail, .xfail, .error, .timeout, .crash, .skip: true
        case .pass, .xpass, .unsupported, .tolerated, .accepted, .rejected: false
        }
    }

    /// The output of an answer that is a value or a written document, as JSON.
    static func output(_ actual: JSONNode?) -> (category: String, node: JSONNode)? {
        if let value = actual?["value"] { return ("value", value) }
        if let text = actual?["wire"]?.stringValue, let node = try? JSONNode.parse(text) { return ("wire", node) }
        return nil
    }

    /// A node's text with map keys sorted, and arrays sorted too when asked.
    static func canonical(_ node: JSONNode, sortingArrays: Bool) -> String {
        switch node {
        case .array(let elements):
            let texts = elements.map { canonical($0, sortingArrays: sortingArrays) }
            return "[" + (sortingArrays ? texts.sorted() : texts).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }
                .map { JSONNode.quoted($0.key) + ":" + canonical($0.value, sortingArrays: sortingArrays) }.joined(separator: ",") + "}"
        case .null, .bool, .number, .string:
            return node.compactText
        }
    }
}
