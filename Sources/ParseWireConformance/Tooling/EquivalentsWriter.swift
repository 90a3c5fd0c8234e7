import ParseWire

/// Brings the `equivalents` of hand-written vector files up to date (`parse-wire vectors equivalents`):
/// every form the mechanical rewrites of ``ServerEquivalents`` give is listed, and every equivalent names
/// its rules and, for a valid case, the value the reference decodes it to. Forms listed by hand keep
/// their place and note. Generated families get theirs from the generator.
package enum EquivalentsWriter {
    /// The file's new text, or `nil` when nothing changes.
    /// - Parameters:
    ///   - file: A vector file of the corpus.
    ///   - bytes: Its text.
    ///   - unresolved: Receives each equivalent whose rules could not be told (listed by hand without them),
    ///     and each one dropped because its rules no longer give it.
    package static func update(_ file: VectorFile, bytes: [UInt8], unresolved: inout [String]) -> String? {
        guard !file.area.hasPrefix("generated-"), case .object(var members)? = try? JSONNode.parse(bytes),
              let casesIndex = members.firstIndex(where: { $0.key == "cases" }), case .array(let caseNodes) = members[casesIndex].value else { return nil }
        let vectors = Dictionary(file.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed = false
        let updated = caseNodes.map { node -> JSONNode in
            guard case .string(let id)? = node["id"], let vector = vectors[id], case .object(let caseMembers) = node else { return node }
            let list = equivalents(of: vector, unresolved: &unresolved)
            let newNode: JSONNode
            if list.isEmpty {
                newNode = .object(caseMembers.filter { $0.key != "equivalents" })
            } else if caseMembers.contains(where: { $0.key == "equivalents" }) {
                newNode = .object(caseMembers.map { $0.key == "equivalents" ? JSONMember(key: "equivalents", value: .array(list)) : $0 })
            } else {
                // After the value (and alternates), where the hand-written cases keep them.
                var result = caseMembers
                let anchor = result.lastIndex(where: { ["value", "alternates"].contains($0.key) }).map { $0 + 1 } ?? result.count
                result.insert(JSONMember(key: "equivalents", value: .array(list)), at: anchor)
                newNode = .object(result)
            }
            if newNode != node { changed = true }
            return newNode
        }
        guard changed else { return nil }
        members[casesIndex] = JSONMember(key: "cases", value: .array(updated))
        let text = VectorFormatter.format(.object(members))
        return bytes.elementsEqual(text.utf8) ? nil : text
    }

    /// The case's equivalents as they should read: the listed ones completed, then the missing forms.
    static func equivalents(of vector: VectorCase, unresolved: inout [String]) -> [JSONNode] {
        let forms = ServerEquivalents.canonicalValue(of: vector).map { vector.oneWay ? [] : ServerEquivalents.forms(of: $0, context: vector.context) } ?? []
        var result: [JSONNode] = []
        var listed: [String] = []
        for reading in ServerEquivalents.readings(of: vector) {
            result.append(.object([JSONMember(key: "rules", value: .array(reading.rules.map(JSONNode.string))),
                                   JSONMember(key: "value", value: reading.value.node)]))
        }
        // A form listed by hand also stands written with the mechanical wire rewrites (`"_method":"GET"`,
        // the default limit written out, …): the server reads those the same way whatever the form.
        let derived = vector.equivalents.filter { !$0.rules.isEmpty && $0.rules.allSatisfy { !ServerEquivalents.mechanicalRuleIDs.contains($0) } }
            .flatMap { hand -> [ServerEquivalents.Form] in
                guard let text = hand.input?.text else { return [] }
                return ServerEquivalents.writtenForms(of: text, rules: hand.rules, context: vector.context)
            }
        for (index, equivalent) in vector.equivalents.enumerated() {
            guard let input = equivalent.input, let text = input.text, let wire = try? JSONNode.parse(Array(text.utf8)) else { continue }
            // Derived forms are listed again below, from the hand-listed form they come from.
            if derived.contains(where: { JSONDataComparison.equal($0.text, text) }) { continue }
            var rules = equivalent.rules
            let form = forms.first(where: { JSONDataComparison.equal($0.text, text) })
            if rules.isEmpty, let form { rules = form.rules }
            // A form only mechanical rules were named for, which they no longer give, is dropped.
            if !rules.isEmpty, form == nil, rules.allSatisfy(ServerEquivalents.mechanicalRuleIDs.contains) {
                unresolved.append("\(vector.id) equivalents[\(index)] dropped: no rewrite of \(rules.joined(separator: ", ")) gives it")
                continue
            }
            if rules.isEmpty { unresolved.append("\(vector.id) equivalents[\(index)]") }
            let value = vector.kind == .valid ? ServerEquivalents.decodedValue(of: input, context: vector.context, rules: rules) : nil
            result.append(entry(input: input, wire: wire, rules: rules, value: value, note: equivalent.note))
            listed.append(text)
        }
        for form in forms + derived where !listed.contains(where: { JSONDataComparison.equal($0, form.text) }) {
            listed.append(form.text)
            guard let wire = try? JSONNode.parse(Array(form.text.utf8)) else { continue }
            result.append(entry(input: .json(form.text), wire: wire, rules: form.rules, value: form.value, note: nil))
        }
        return result
    }

    static func entry(input: WireInput, wire: JSONNode, rules: [String], value: TVNValue?, note: String?) -> JSONNode {
        var members: [JSONMember] = []
        if case .text(let text) = input {
            members.append(JSONMember(key: "wireText", value: .string(text)))
        } else {
            members.append(JSONMember(key: "wire", value: wire))
        }
        if !rules.isEmpty { members.append(JSONMember(key: "rules", value: .array(rules.map(JSONNode.string)))) }
        if let value { members.append(JSONMember(key: "value", value: value.node)) }
        if let note { members.append(JSONMember(key: "note", value: .string(note))) }
        return .object(members)
    }
}
