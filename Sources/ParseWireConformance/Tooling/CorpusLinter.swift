import Foundation
import ParseWire

/// The corpus rules a JSON Schema cannot state (`parse-wire vectors lint`).
///
/// Reading the corpus already checks each file against the file format (the rules of
/// `schema/vector-file.schema.json`); the linter adds the rules across cases and files.
package enum CorpusLinter {
    /// The longest description allowed.
    package static let maximumDescriptionLength = 100

    /// Every finding; empty when the corpus is clean.
    package static func lint(_ corpus: Corpus) -> [Finding] {
        var findings = corpus.findings + corpus.rules.findings
        findings += lintSharedFiles(corpus)
        var seenIds: [String: String] = [:]
        let retired = Set(corpus.retiredIds)
        // Keyed by UTF-8 bytes: a String key would merge composed and decomposed text, which JSON keeps apart.
        var seenInputs: [[UInt8]: String] = [:]
        for file in corpus.files {
            let parts = file.path.split(separator: "/")
            if parts.count != 3 || parts[1] != file.area {
                findings.append(Finding(file: file.path, "area \"\(file.area)\" must equal the directory: cases/\(file.area)/<name>.json"))
            }
            var descriptions: Set<String> = []
            for vector in file.cases {
                var problems: [String] = []
                if !VectorID.isWellFormed(vector.id) { problems.append("the id is not 6 characters of Crockford base32") }
                if let other = seenIds[vector.id] {
                    let place = corpus.fileBytes[other].flatMap { bytes in
                        SourceLocation.offset(ofCase: vector.id, needle: nil, in: bytes).map { SourceLocation.lineAndColumn(of: $0, in: bytes) }
                    }
                    problems.append("the id is also used in \(other)" + (place.map { ":\($0.line):\($0.column)" } ?? ""))
                }
                if retired.contains(vector.id) { problems.append("the id is retired (retired-ids.txt); run 'parse-wire vectors new-id'") }
                seenIds[vector.id] = file.path
                if !descriptions.insert(vector.description).inserted { problems.append("the description is used twice in this file") }
                if vector.description.count > maximumDescriptionLength || vector.description.count < 3 {
                    problems.append("the description has \(vector.description.count) characters; use 3 to \(maximumDescriptionLength)")
                }
                if vector.description.lowercased().contains("should") { problems.append("state the behaviour (\"X is rejected\"), without \"should\"") }
                if vector.spec.isEmpty { problems.append("\"spec\" must cite the rules of spec/ the case tests (DATE-3) and any standard (RFC 8259 §7)") }
                problems += lintVocabulary(vector, file: file, corpus: corpus)
                problems += lintServerFlags(vector, verdict: corpus.serverVerdicts.byId[vector.id],
                                            verdictRequired: !corpus.serverVerdicts.byId.isEmpty)
                problems += lintJSONInputs(vector)
                problems += lintForms(vector)
                if vector.declaresEnvironmentDependence, vector.holdsDate {
                    problems.append("\"dependsOnEnvironment\" is for a case that holds no date: this one does, which makes it depend "
                        + "on the environment already (INTERPRETING §2); remove the field")
                }
                problems += lintEquivalents(vector, rules: corpus.rules)
                let key = Array(duplicateKey(vector, area: file.area).utf8)
                if let other = seenInputs[key] { problems.append("same input and check as case \(other)") } else { seenInputs[key] = vector.id }
                findings += problems.map { Finding(file: file.path, id: vector.id, $0) }
                findings += lintCitations(vector.spec, rules: corpus.rules).map { citation, problem in
                    var finding = Finding(file: file.path, id: vector.id, problem)
                    finding.needle = citation
                    return finding
                }
            }
            for citation in file.spec {
                if let problem = corpus.rules.problem(with: citation) { findings.append(Finding(file: file.path, "the file \(problem)")) }
            }
        }
        return findings.map { located($0, in: corpus) }
    }

    /// Each citation that does not resolve, with the reason.
    static func lintCitations(_ citations: [String], rules: SpecRules) -> [(String, String)] {
        var result: [(String, String)] = []
        var seen: Set<String> = []
        for citation in citations {
            if !seen.insert(citation).inserted { result.append((citation, "cites \(citation) twice")); continue }
            if let problem = rules.problem(with: citation) { result.append((citation, problem)) }
        }
        if !citations.isEmpty, !citations.contains(where: SpecRules.isRuleId) {
            result.append((citations[0], "cites no rule of spec/; name the rule the case tests (a standard alone is not enough)"))
        }
        return result
    }

    /// The finding with its line and column, when it is about a case whose text can be found.
    static func located(_ finding: Finding, in corpus: Corpus) -> Finding {
        guard finding.line == nil, let id = finding.id, let bytes = corpus.fileBytes[finding.file],
              let offset = SourceLocation.offset(ofCase: id, needle: finding.needle, in: bytes) else { return finding }
        var located = finding
        (located.line, located.column) = SourceLocation.lineAndColumn(of: offset, in: bytes)
        return located
    }

    /// A decode-error case parse-server accepts carries exactly one of `ServerMangles` (the server loses or
    /// changes the data) and `CanonicalOnly` (it keeps the data); a case it rejects carries neither, and
    /// only decode-error and encode-error cases carry them. An encode-error case is judged by the document
    /// a writer without the case's check sends (its value's unchecked written form). With
    /// `verdictRequired` (the corpus has verdicts), every decode-error and encode-error case needs one:
    /// no negative case goes ungrounded.
    static func lintServerFlags(_ vector: VectorCase, verdict: ServerVerdicts.Verdict?, verdictRequired: Bool = false) -> [String] {
        let carried = vector.flags.filter(ServerVerdicts.flags.contains)
        let document: String
        switch vector.kind {
        case .decodeError: document = "this input"
        case .encodeError: document = "this value's unchecked written form"
        case .valid, .implementationDefined:
            return carried.isEmpty ? [] : ["only a decode-error or encode-error case carries \(carried.joined(separator: ", "))"]
        }
        if carried.count > 1 { return ["carries both ServerMangles and CanonicalOnly; one says why the case is stricter than the server"] }
        guard let verdict else {
            return verdictRequired ? ["no verdict in server-verdicts.json: run the case through the parse-server oracle "
                + "(Examples/adapters/parse-server-oracle) and regenerate the verdicts"] : []
        }
        if verdict.accepts, carried.isEmpty {
            return ["parse-server accepts \(document) (server-verdicts.json: \(verdict.rawValue)); flag it \(verdict.flag ?? "") "
                + "(or the other of ServerMangles and CanonicalOnly) to say why an implementation must still refuse it"]
        }
        if !verdict.accepts, let flag = carried.first {
            return ["carries \(flag), but parse-server does not accept \(document) (server-verdicts.json: \(verdict.rawValue))"]
        }
        return []
    }

    static func lintSharedFiles(_ corpus: Corpus) -> [Finding] {
        var findings: [Finding] = []
        for flag in ParseValueDecodingOptions.leniencyFlags.map(\.flag) + ReferenceChecker.alwaysAcceptedFlags.sorted() where corpus.flags[flag] == nil {
            findings.append(Finding(file: "flags.json", "the reference's flag \(flag) is not defined"))
        }
        for id in corpus.retiredIds where !VectorID.isWellFormed(id) {
            findings.append(Finding(file: "retired-ids.txt", "\(id) is not a well-formed id"))
        }
        return findings
    }

    static func lintVocabulary(_ vector: VectorCase, file: VectorFile, corpus: Corpus) -> [String] {
        var problems: [String] = []
        for tag in vector.tags where corpus.tags[tag] == nil { problems.append("tag \"\(tag)\" is not defined in tags.json") }
        for flag in vector.flags {
            guard let definition = corpus.flagDefinition(flag, in: file) else {
                problems.append("flag \"\(flag)\" is defined neither in the file nor in flags.json")
                continue
            }
            if vector.kind == .implementationDefined, !FlagDefinition.implementationDefinedCategories.contains(definition.category) {
                problems.append("flag \"\(flag)\" has category \(definition.category); an implementation-defined case needs leniency, strictness, precision, legacy or known-divergence")
            }
        }
        if let schema = vector.classSchema,
           !FileManager.default.fileExists(atPath: corpus.root.appendingPathComponent("classes/\(schema).json").path) {
            problems.append("class \"\(schema)\" has no schema in classes/")
        }
        return problems
    }

    /// Inputs must be strict JSON unless the case is a negative case tagged `not-json`, and a
    /// `not-json` case must really not be JSON.
    static func lintJSONInputs(_ vector: VectorCase) -> [String] {
        var problems: [String] = []
        let notJSON = vector.tags.contains("not-json")
        if let input = vector.input {
            let isJSON = input.text.map { (try? JSONNode.parse($0)) != nil } ?? false
            if notJSON && isJSON { problems.append("tagged not-json, but the input is strict JSON") }
            if !notJSON && !isJSON { problems.append("the input is not strict JSON; tag the case not-json if syntax is the point") }
            if notJSON, case .json = input { problems.append("a not-json case spells its input with wireText or wireBase64") }
            if notJSON, vector.kind != .decodeError { problems.append("only a decode-error case may be tagged not-json") }
        }
        var texts: [(String, String)] = []
        if let canonical = vector.canonical?.text { texts.append(("canonical", canonical)) }
        for (index, alternate) in vector.alternates.enumerated() {
            guard let text = alternate.input.text else {
                problems.append("alternates[\(index)] must be text: a valid input is strict JSON")
                continue
            }
            texts.append(("alternates[\(index)]", text))
        }
        for outcome in vector.ifAccepted { if let text = outcome.canonical?.text { texts.append(("ifAccepted canonical", text)) } }
        for (index, equivalent) in vector.equivalents.enumerated() {
            guard let text = equivalent.input?.text else { continue }
            texts.append(("equivalents[\(index)]", text))
        }
        for (name, text) in texts where (try? JSONNode.parse(text)) == nil {
            problems.append("\(name) is not strict JSON")
        }
        return problems
    }

    /// What makes two cases the same test: area, context, class schema (a typed implementation checks
    /// the same input differently against another class), what is checked, and the input.
    static func duplicateKey(_ vector: VectorCase, area: String) -> String {
        let input: String
        switch vector.kind {
        case .valid: input = normalised(vector.canonical)
        case .encodeError: input = vector.value?.jsonText ?? ""
        case .decodeError, .implementationDefined: input = normalised(vector.input)
        }
        return "\(area)|\(vector.context)|\(vector.classSchema ?? "")|\(vector.kind == .encodeError ? "encode" : "decode")|\(input)"
    }

    /// A wire input's text with object members sorted, so a reordering is still a duplicate;
    /// text that is not JSON stays as spelled.
    static func normalised(_ input: WireInput?) -> String {
        guard let input else { return "" }
        switch input {
        case .json(let text):
            return (try? JSONNode.parse(text)).map { sortedKeys($0).compactText } ?? text
        case .text(let text): return "text:" + text
        case .base64(let text): return "base64:" + text
        }
    }

    static func sortedKeys(_ node: JSONNode) -> JSONNode {
        switch node {
        case .array(let elements): return .array(elements.map(sortedKeys))
        case .object(let members):
            return .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                .map { JSONMember(key: $0.key, value: sortedKeys($0.value)) })
        default: return node
        }
    }
}
