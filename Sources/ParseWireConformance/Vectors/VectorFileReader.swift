import ParseWire

/// Reads a vector file into a ``VectorFile``, checking everything the JSON Schema states.
///
/// A case that breaks a rule is left out and reported as a ``Finding``; the rest of the file is
/// still read, so one mistake does not hide the others.
enum VectorFileReader {
    /// The file format versions this reader understands: major 1, minors up to this one.
    static let supportedMinorVersion = 3

    static let fileKeys = ["$schema", "schemaVersion", "title", "area", "description", "spec", "flags", "cases"]
    static let caseKeys = ["id", "description", "kind", "level", "tags", "flags", "context", "message", "side", "className", "class", "direction",
                           "spec", "comment", "since", "wire", "wireText", "wireBase64", "canonical", "canonicalText", "compare",
                           "oneWay", "value", "alternates", "equivalents", "error", "parseCode", "ifAccepted", "ifRejected",
                           "dependsOnEnvironment"]
    static let alternateKeys = ["wire", "wireText", "wireBase64", "note"]
    static let equivalentKeys = ["wire", "wireText", "value", "rules", "note"]
    static let acceptedKeys = ["value", "canonical", "canonicalText"]
    static let rejectedKeys = ["error"]
    static let flagKeys = ["category", "description"]

    /// Which fields each kind may carry besides the common ones.
    static let kindKeys: [VectorCase.Kind: Set<String>] = [
        .valid: ["canonical", "canonicalText", "compare", "oneWay", "value", "alternates", "equivalents"],
        .decodeError: ["wire", "wireText", "wireBase64", "error", "parseCode"],
        .encodeError: ["value", "error", "parseCode", "equivalents"],
        .implementationDefined: ["wire", "wireText", "wireBase64", "ifAccepted", "ifRejected"],
    ]
    static let commonKeys: Set<String> = ["id", "description", "kind", "level", "tags", "flags", "context", "message", "side", "className",
                                          "class", "spec", "comment", "since", "direction", "dependsOnEnvironment"]

    /// Reads one file's text.
    static func read(path: String, bytes: [UInt8], findings: inout [Finding]) -> VectorFile? {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            let place = error.offset.map { SourceLocation.lineAndColumn(of: $0, in: bytes) }
            findings.append(Finding(file: path, line: place?.line, column: place?.column, "not strict JSON: \(error)"))
            return nil
        }
        var fields = FieldReader(node: root, file: path, id: nil, findings: findings)
        defer { findings = fields.findings }
        guard fields.isObject(allowing: fileKeys, what: "a vector file") else { return nil }
        guard let version = fields.string("schemaVersion", required: true), let title = fields.string("title", required: true),
              let area = fields.string("area", required: true) else { return nil }
        let parts = version.split(separator: ".")
        guard parts.count == 2, parts[0] == "1", let minor = Int(parts[1]), minor <= supportedMinorVersion else {
            fields.report("schemaVersion \(version) is not supported; this tool reads 1.0 to 1.\(supportedMinorVersion)")
            return nil
        }
        var flags: [String: FlagDefinition] = [:]
        if let node = root["flags"] {
            for (name, definition) in readFlags(node, file: path, findings: &fields.findings) { flags[name] = definition }
        }
        var cases: [VectorCase] = []
        if case .array(let nodes)? = root["cases"] {
            for node in nodes {
                guard let vector = readCase(node, file: path, findings: &fields.findings) else { continue }
                if minor < 2, vector.context == .query || { if case .message = vector.context { true } else { false } }() {
                    fields.report("\(vector.id): the context \(AdapterHello.name(of: vector.context)) needs schemaVersion 1.2 or later; this file says \(version)")
                }
                if minor < 3, case .liveQuery = vector.context {
                    fields.report("\(vector.id): the context livequery needs schemaVersion 1.3 or later; this file says \(version)")
                }
                if minor < 3, vector.node["dependsOnEnvironment"] != nil {
                    fields.report("\(vector.id): \"dependsOnEnvironment\" needs schemaVersion 1.3 or later; this file says \(version)")
                }
                cases.append(vector)
            }
        } else {
            fields.report("\"cases\" must be an array of cases")
        }
        return VectorFile(path: path, schemaVersion: version, title: title, area: area,
                          description: fields.string("description"), spec: fields.strings("spec") ?? [],
                          flags: flags, cases: cases)
    }

    /// Reads flag definitions: `{"Name": {"category": …, "description": …}}`.
    static func readFlags(_ node: JSONNode, file: String, findings: inout [Finding]) -> [(String, FlagDefinition)] {
        guard let members = node.members else {
            findings.append(Finding(file: file, "flags must be an object of flag definitions"))
            return []
        }
        var result: [(String, FlagDefinition)] = []
        for member in members {
            var fields = FieldReader(node: member.value, file: file, id: nil, findings: findings)
            defer { findings = fields.findings }
            guard fields.isObject(allowing: flagKeys, what: "flag \(member.key)"),
                  let category = fields.string("category", required: true),
                  let description = fields.string("description", required: true) else { continue }
            guard FlagDefinition.categories.contains(category) else {
                fields.report("flag \(member.key) has category \"\(category)\"; the categories are \(FlagDefinition.categories.joined(separator: ", "))")
                continue
            }
            result.append((member.key, FlagDefinition(category: category, description: description)))
        }
        return result
    }

    static func readCase(_ node: JSONNode, file: String, findings: inout [Finding]) -> VectorCase? {
        var fields = FieldReader(node: node, file: file, id: node["id"]?.stringValue, findings: findings)
        defer { findings = fields.findings }
        guard fields.isObject(allowing: caseKeys, what: "a case") else { return nil }
        guard let id = fields.string("id", required: true), let description = fields.string("description", required: true),
              let kindName = fields.string("kind", required: true) else { return nil }
        guard let kind = VectorCase.Kind(rawValue: kindName) else {
            fields.report("unknown kind \"\(kindName)\"; the kinds are valid, decode-error, encode-error, implementation-defined")
            return nil
        }
        let allowed = commonKeys.union(kindKeys[kind]!)
        for member in node.members! where !allowed.contains(member.key) {
            fields.report("a \(kind.rawValue) case has no field \"\(member.key)\"")
        }
        let levelName = fields.string("level") ?? "required"
        guard let level = VectorCase.Level(rawValue: levelName) else {
            fields.report("unknown level \"\(levelName)\"; the levels are required, recommended, optional")
            return nil
        }
        guard let context = fields.context() else { return nil }
        let input = fields.input(json: "wire", text: "wireText", base64: "wireBase64", required: kind == .decodeError || kind == .implementationDefined)
        let canonical = fields.input(json: "canonical", text: "canonicalText", base64: nil, required: kind == .valid)
        let value = fields.tvn("value", required: kind == .valid || kind == .encodeError)
        let comparisonName = fields.string("compare") ?? "json"
        let comparison = VectorCase.Comparison(rawValue: comparisonName)
        if comparison == nil { fields.report("compare must be \"json\" or \"text\"") }
        if comparison == .text, level == .required { fields.report("compare \"text\" is allowed only at level recommended or optional") }
        let error = fields.errorKind("error", required: kind == .decodeError || kind == .encodeError)
        let directionName = fields.string("direction")
        let direction = directionName.flatMap(VectorCase.Direction.init(rawValue:))
        if let directionName, direction == nil { fields.report("direction must be \"written\" or \"emitted\", not \"\(directionName)\"") }
        if fields.bool("dependsOnEnvironment") == false {
            fields.report("\"dependsOnEnvironment\" is only ever true: a case that does not depend on the environment leaves it out")
        }
        var accepted: [VectorCase.AcceptedOutcome] = []
        var rejected: String?
        if kind == .implementationDefined {
            accepted = fields.acceptedOutcomes()
            if let node = node["ifRejected"] {
                var inner = FieldReader(node: node, file: file, id: id, findings: fields.findings)
                if inner.isObject(allowing: rejectedKeys, what: "ifRejected") { rejected = inner.errorKind("error", required: true) }
                fields.findings = inner.findings
                if inner.hasFailed { fields.hasFailed = true }
            }
            if (fields.strings("flags") ?? []).isEmpty { fields.report("an implementation-defined case names at least one flag") }
        }
        let vector = VectorCase(
            id: id, description: description, kind: kind, level: level, tags: fields.strings("tags") ?? [],
            flags: fields.strings("flags") ?? [], context: context, classSchema: fields.string("class"),
            spec: fields.strings("spec") ?? [], comment: fields.string("comment"), since: fields.string("since"),
            input: input, canonical: canonical, comparison: comparison ?? .json, oneWay: fields.bool("oneWay") ?? false,
            value: value, alternates: fields.alternates(), equivalents: fields.equivalents(), direction: direction, error: error, parseCode: fields.integer("parseCode"),
            ifAccepted: accepted, ifRejected: rejected, node: node)
        return fields.hasFailed ? nil : vector
    }
}
