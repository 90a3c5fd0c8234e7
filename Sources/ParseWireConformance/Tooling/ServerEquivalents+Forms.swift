import ParseWire

extension ServerEquivalents {
    /// One form parse-server stores the same data from as a case's canonical form.
    package struct Form: Sendable, Equatable {
        /// The document, compact JSON.
        package let text: String
        /// The ids of the rules whose rewrites give it, sorted.
        package let rules: [String]
        /// What the reference decodes it to in the case's context (with the leniencies its rules need).
        package let value: TVNValue
    }

    /// Every distinct form, other than the canonical one, that a non-empty combination of the mechanical
    /// rewrites gives; each names the rules of a smallest combination that gives it. A value to which more
    /// than 12 rewrites apply (4,095 combinations) gets none; no case of the corpus comes near.
    /// - Parameters:
    ///   - value: A valid case's value.
    ///   - context: Its context.
    package static func forms(of value: ParseValue, context: WireContext) -> [Form] {
        guard let canonicalText = try? ParseValueEncoder().encodeString(value, context: context),
              let canonical = try? JSONNode.parse(Array(canonicalText.utf8)) else { return [] }
        let valueRewrites = Rewrite.allCases.filter { $0.isValueRewrite && applyAtTop([$0], to: value, context: context) != value }
        let wireRewrites = Rewrite.allCases.filter {
            $0.isMechanical && !$0.isValueRewrite && !$0.isReading && !JSONDataComparison.equal(applyWire([$0], to: canonical, context: context), canonical)
        }
        let all = valueRewrites + wireRewrites
        guard !all.isEmpty, all.count <= 12 else { return [] }
        // Smaller combinations first, so a form names the fewest rules that give it.
        let masks = (1..<(1 << all.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
        var nodes: [JSONNode] = []
        var forms: [Form] = []
        for mask in masks {
            let chosen = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
            let rewritten = applyAtTop(Set(chosen.filter(\.isValueRewrite)), to: value, context: context)
            guard let text = try? ParseValueEncoder().encodeString(rewritten, context: context),
                  let encoded = try? JSONNode.parse(Array(text.utf8)) else { continue }
            let node = applyWire(Set(chosen.filter { !$0.isValueRewrite }), to: encoded, context: context)
            guard !JSONDataComparison.equal(node, canonical), !nodes.contains(where: { JSONDataComparison.equal($0, node) }) else { continue }
            let rules = Array(Set(chosen.map(\.rule))).sorted()
            guard let decoded = decodedValue(of: .json(node.compactText), context: context, rules: rules) else { continue }
            nodes.append(node)
            forms.append(Form(text: node.compactText, rules: rules, value: decoded))
        }
        return forms
    }

    /// The forms a hand-listed form `text` (of the rules `rules`) takes under each non-empty combination
    /// of the mechanical wire rewrites that change it, each naming its rules and the hand form's.
    package static func writtenForms(of text: String, rules: [String], context: WireContext) -> [Form] {
        guard let base = try? JSONNode.parse(Array(text.utf8)) else { return [] }
        let rewrites = Rewrite.allCases.filter {
            $0.isMechanical && !$0.isValueRewrite && !$0.isReading && !JSONDataComparison.equal(applyWire([$0], to: base, context: context), base)
        }
        guard !rewrites.isEmpty, rewrites.count <= 8 else { return [] }
        var nodes: [JSONNode] = []
        var forms: [Form] = []
        let masks = (1..<(1 << rewrites.count)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
        for mask in masks {
            let chosen = rewrites.indices.filter { mask & (1 << $0) != 0 }.map { rewrites[$0] }
            let node = applyWire(Set(chosen), to: base, context: context)
            guard !JSONDataComparison.equal(node, base), !nodes.contains(where: { JSONDataComparison.equal($0, node) }) else { continue }
            let all = Array(Set(rules + chosen.map(\.rule))).sorted()
            guard let decoded = decodedValue(of: .json(node.compactText), context: context, rules: all) else { continue }
            nodes.append(node)
            forms.append(Form(text: node.compactText, rules: all, value: decoded))
        }
        return forms
    }

    /// The reference's decode of `input` in `context` as TVN, strict but for the leniencies the named
    /// rules' forms need (a Relation's `objects`, REL-3); `nil` when it refuses the input.
    static func decodedValue(of input: WireInput, context: WireContext, rules: [String]) -> TVNValue? {
        var options = ParseValueDecodingOptions.strict
        for rewrite in Rewrite.allCases where rules.contains(rewrite.rule) {
            for flag in rewrite.leniencyFlags { try? options.enable(flag: flag) }
        }
        guard let bytes = input.bytes, let value = try? ParseValueDecoder(options: options).decode(bytes, context: context) else { return nil }
        return TVNValue(value)
    }

    /// The wire rewrites applied to a written document.
    static func applyWire(_ rewrites: Set<Rewrite>, to node: JSONNode, context: WireContext) -> JSONNode {
        var node = node
        for rewrite in Rewrite.allCases where rewrites.contains(rewrite) {
            node = applyWire(rewrite, to: node, context: context)
        }
        return node
    }

    static func applyWire(_ rewrite: Rewrite, to node: JSONNode, context: WireContext) -> JSONNode {
        switch (rewrite, context) {
        case (.relationFieldWithObjects, .value): return withEmptyObjects(node)
        case (.relationFieldWithObjects, .update): return mapMembers(node) { _, value in withEmptyObjects(value) }
        case (.membersReordered, .update): return mapMembers(node) { _, value in reorderedMembers(value) }
        case (.emptyWhereWritten, .query): return adding("where", .object([]), to: node)
        case (.methodOverrideWritten, .query): return adding("_method", .string("GET"), to: node)
        case (.defaultLimitAndSkipWritten, .query):
            return adding("skip", .number("0"), to: adding("limit", .number("100"), to: node))
        case (.countAsOne, .query):
            return mapMembers(node) { key, value in key == "count" && value == .bool(true) ? .number("1") : value }
        case (.listsAsArrays, .query):
            return mapMembers(node) { key, value in
                guard ["include", "keys", "excludeKeys", "order"].contains(key), case .string(let list) = value, !list.isEmpty else { return value }
                return .array(list.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) })
            }
        case (.equalityWithEq, .query):
            return mapWhere(node) { field, constraint in
                isSameUnderEq(constraint) ? .object([JSONMember(key: "$eq", value: constraint)]) : constraint
            }
        case (.subqueryEmptyWhereWritten, .query):
            return mapWhere(node) { _, constraint in withEmptySubqueryWhere(constraint) }
        case (.distanceInRadians, .query):
            return mapWhere(node) { _, constraint in distanceInRadians(constraint) }
        default: return node
        }
    }

    /// A top-level Relation with `"objects":[]` added: parse-server skips a Relation-typed value when it
    /// writes a field (`MongoTransform.transformUpdate`, `parseObjectToMongoObjectForCreate`).
    static func withEmptyObjects(_ node: JSONNode) -> JSONNode {
        guard case .object(let members) = node, node["__type"] == .string("Relation"), node["objects"] == nil else { return node }
        return .object(members + [JSONMember(key: "objects", value: .array([]))])
    }

    /// The members of a top-level AddRelation, RemoveRelation or Remove (also inside a Batch) reversed:
    /// the server adds and removes relation rows one member at a time and removes array elements with
    /// `$pullAll`, so their order stores nothing.
    static func reorderedMembers(_ node: JSONNode) -> JSONNode {
        guard case .object(let members) = node, case .string(let op)? = node["__op"] else { return node }
        switch op {
        case "AddRelation", "RemoveRelation", "Remove":
            return .object(members.map { $0.key == "objects" && $0.value.arrayValue != nil
                ? JSONMember(key: "objects", value: .array(($0.value.arrayValue ?? []).reversed())) : $0 })
        case "Batch":
            return .object(members.map { member in
                guard member.key == "ops", let ops = member.value.arrayValue else { return member }
                return JSONMember(key: "ops", value: .array(ops.map(reorderedMembers)))
            })
        default: return node
        }
    }

    /// Whether bare equality with `constraint` is the same query as `{"$eq": constraint}`: a number, a
    /// boolean, `null`, a Date, a Pointer or a GeoPoint (QUERY-3; a string is not, on a Pointer column).
    static func isSameUnderEq(_ constraint: JSONNode) -> Bool {
        switch constraint {
        case .number, .bool, .null: return true
        case .object:
            guard case .string(let type)? = constraint["__type"] else { return false }
            return ["Date", "Pointer", "GeoPoint"].contains(type)
        default: return false
        }
    }

    static func mapMembers(_ node: JSONNode, _ transform: (String, JSONNode) -> JSONNode) -> JSONNode {
        guard case .object(let members) = node else { return node }
        return .object(members.map { JSONMember(key: $0.key, value: transform($0.key, $0.value)) })
    }

    static func adding(_ key: String, _ value: JSONNode, to node: JSONNode) -> JSONNode {
        guard case .object(let members) = node, node[key] == nil else { return node }
        return .object(members + [JSONMember(key: key, value: value)])
    }
}

extension ServerEquivalents {
    /// A value a reader may answer for a case that no writer form gives.
    package struct Reading: Sendable {
        /// The ids of the rules that allow it.
        package let rules: [String]
        package let value: TVNValue
    }

    /// The readings of a valid case: a create response (`save-response` with `createdAt`, no
    /// `updatedAt`) read with `updatedAt` equal to `createdAt`, which is what parse-server stores on create
    /// (`RestWrite.setRequiredFieldsIfNeeded` sets both to the write's one timestamp; MSG-2).
    package static func readings(of vector: VectorCase) -> [Reading] {
        guard vector.kind == .valid, case .message(.saveResponse, _) = vector.context, case .object(var object)? = vector.value,
              let createdAt = object.createdAt, object.updatedAt == nil else { return [] }
        object.updatedAt = createdAt
        return [Reading(rules: [Rewrite.createResponseReadWithUpdatedAt.rule], value: .object(object))]
    }

    /// The value of a valid case as the reference reads its canonical form (its `value` in the codec's model).
    static func canonicalValue(of vector: VectorCase) -> ParseValue? {
        guard vector.kind == .valid, let bytes = vector.canonical?.bytes else { return nil }
        return try? ParseValueDecoder(options: .strict).decode(bytes, context: vector.context)
    }
}
