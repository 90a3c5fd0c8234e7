import ParseWire

/// Reads the fields of one JSON object of a vector file, reporting every field that breaks the
/// file format as a ``Finding``.
struct FieldReader {
    let node: JSONNode
    let file: String
    let id: String?
    var findings: [Finding]
    /// Whether a problem has been reported; the object is then not used.
    var hasFailed = false

    init(node: JSONNode, file: String, id: String?, findings: [Finding]) {
        self.node = node
        self.file = file
        self.id = id
        self.findings = findings
    }

    mutating func report(_ message: String) {
        hasFailed = true
        findings.append(Finding(file: file, id: id, message))
    }

    /// Checks that the node is an object with only the listed keys.
    mutating func isObject(allowing keys: [String], what: String) -> Bool {
        guard let members = node.members else {
            report("\(what) must be a JSON object, not \(node.typeName)")
            return false
        }
        for member in members where !keys.contains(member.key) {
            report("\(what) has an unknown key \"\(member.key)\"")
        }
        return !hasFailed
    }

    mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let value = node[key] else {
            if required { report("missing \"\(key)\"") }
            return nil
        }
        guard case .string(let string) = value else {
            report("\"\(key)\" must be a string, not \(value.typeName)")
            return nil
        }
        return string
    }

    mutating func strings(_ key: String) -> [String]? {
        guard let value = node[key] else { return nil }
        guard case .array(let elements) = value else {
            report("\"\(key)\" must be an array of strings")
            return nil
        }
        var result: [String] = []
        for element in elements {
            guard case .string(let string) = element else {
                report("\"\(key)\" must hold only strings, not \(element.typeName)")
                return nil
            }
            result.append(string)
        }
        return result
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let value = node[key] else { return nil }
        guard case .bool(let flag) = value else {
            report("\"\(key)\" must be true or false")
            return nil
        }
        return flag
    }

    mutating func integer(_ key: String) -> Int? {
        guard let value = node[key] else { return nil }
        guard case .number(let text) = value, let integer = Int(text) else {
            report("\"\(key)\" must be an integer")
            return nil
        }
        return integer
    }

    /// `context` (`value`, `object` with `className`, `update`, `query`, `message` with `message` and,
    /// for a find or save response, `className`, or `livequery` with `side`).
    mutating func context() -> WireContext? {
        let name = string("context") ?? "value"
        let className = string("className")
        if name != "livequery", node["side"] != nil { report("\"side\" belongs only to a case in the livequery context") }
        switch name {
        case "value", "update", "query":
            if className != nil { report("\"className\" belongs only to a case in the object context") }
            return name == "value" ? .value : name == "update" ? .update : .query
        case "object":
            guard let className else {
                report("a case in the object context names its \"className\"")
                return nil
            }
            return .object(className: className)
        case "message":
            guard let kindName = string("message"), let kind = ParseMessageKind(rawValue: kindName) else {
                report("a case in the message context names its \"message\": " + ParseMessageKind.allCases.map(\.rawValue).joined(separator: ", "))
                return nil
            }
            if kind.needsClassName != (className != nil) {
                report(kind.needsClassName ? "a \(kind.rawValue) names its \"className\"" : "a \(kind.rawValue) has no \"className\"")
                return nil
            }
            return .message(kind, className: className)
        case "livequery":
            if className != nil { report("a case in the livequery context has no \"className\": an event's object names its own") }
            guard let sideName = string("side"), let side = LiveQuerySide(rawValue: sideName) else {
                report("a case in the livequery context names its \"side\": client or server")
                return nil
            }
            return .liveQuery(side)
        default:
            report("unknown context \"\(name)\"; the contexts are value, object, update, query, message, livequery")
            return nil
        }
    }

    /// One wire input among the given spellings; more than one is an error.
    mutating func input(json: String, text: String, base64: String?, required: Bool) -> WireInput? {
        var found: [WireInput] = []
        if let value = node[json] { found.append(.json(value.compactText)) }
        if let value = string(text) { found.append(.text(value)) }
        if let base64, let value = string(base64) {
            if (try? ParseBytes(base64: value)) == nil { report("\"\(base64)\" must be padded standard base64") }
            found.append(.base64(value))
        }
        let names = [json, text, base64].compactMap { $0 }.joined(separator: ", ")
        if found.count > 1 { report("give exactly one of \(names)") }
        if found.isEmpty, required { report("missing the input: one of \(names)") }
        return found.first
    }

    mutating func tvn(_ key: String, required: Bool) -> TVNValue? {
        guard let value = node[key] else {
            if required { report("missing \"\(key)\"") }
            return nil
        }
        do {
            return try TVNValue.parse(value, path: key)
        } catch {
            report("TVN is not well formed at \(error)")
            return nil
        }
    }

    mutating func errorKind(_ key: String, required: Bool) -> String? {
        guard let name = string(key, required: required) else { return nil }
        guard ParseWireError.Kind(name: name) != nil else {
            report("unknown error kind \"\(name)\"; the kinds are \(ParseWireError.Kind.allKinds.map(\.name).joined(separator: ", "))")
            return nil
        }
        return name
    }

    /// Reads `alternates`: an array of `{"wire"|"wireText"|"wireBase64": …, "note": …}`.
    mutating func alternates(_ key: String = "alternates") -> [VectorCase.Alternate] {
        guard let elements = array(key) else { return [] }
        return each(of: elements, allowing: VectorFileReader.alternateKeys, what: "an alternate") { inner in
            inner.input(json: "wire", text: "wireText", base64: "wireBase64", required: true)
                .map { VectorCase.Alternate(input: $0, note: inner.string("note")) }
        }
    }

    /// Reads `equivalents`: an array of `{"wire"|"wireText": …, "value": TVN, "rules": [id, …], "note": …}`.
    mutating func equivalents() -> [VectorCase.Equivalent] {
        guard let elements = array("equivalents") else { return [] }
        return each(of: elements, allowing: VectorFileReader.equivalentKeys, what: "an equivalent") { inner in
            let input = inner.input(json: "wire", text: "wireText", base64: nil, required: false)
            // Lint reports an equivalent without rules; reading it still works. Without a form it is a reading: a value.
            let value = inner.tvn("value", required: input == nil)
            return VectorCase.Equivalent(input: input, value: value, rules: inner.strings("rules") ?? [], note: inner.string("note"))
        }
    }

    mutating func acceptedOutcomes() -> [VectorCase.AcceptedOutcome] {
        guard case .array(let elements)? = node["ifAccepted"], !elements.isEmpty else {
            report("an implementation-defined case lists at least one outcome in \"ifAccepted\"")
            return []
        }
        return each(of: elements.elements, allowing: VectorFileReader.acceptedKeys, what: "an ifAccepted outcome") { inner in
            inner.tvn("value", required: true).map { value in
                VectorCase.AcceptedOutcome(value: value, canonical: inner.input(json: "canonical", text: "canonicalText", base64: nil, required: false))
            }
        }
    }

    /// The member `key` when it is an array; `nil`, with a finding when it is something else, or when absent.
    mutating func array(_ key: String) -> [JSONNode]? {
        guard let value = node[key] else { return nil }
        guard case .array(let elements) = value else {
            report("\"\(key)\" must be an array")
            return nil
        }
        return elements.elements
    }

    /// Reads each element of a list of objects with `read`, keeping the findings of every element.
    mutating func each<Item>(of elements: [JSONNode], allowing keys: [String], what: String,
                             _ read: (inout FieldReader) -> Item?) -> [Item] {
        var result: [Item] = []
        for element in elements {
            var inner = FieldReader(node: element, file: file, id: id, findings: findings)
            if inner.isObject(allowing: keys, what: what), let item = read(&inner) { result.append(item) }
            findings = inner.findings
            if inner.hasFailed { hasFailed = true }
        }
        return result
    }
}
