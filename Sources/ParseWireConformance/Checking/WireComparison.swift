import ParseWire

/// Compares encoder output with an expected wire form under the corpus's rules.
enum WireComparison {
    /// Why output does not match: the message, and the kind of difference for the check's cause.
    struct Mismatch: Sendable {
        let message: String
        let kind: DifferenceKind
    }

    /// `nil` when `output` matches `expected` or one of a valid case's `equivalents`; otherwise what
    /// differs from `expected`. With the case's `context`, a File field's `url` is not compared (FILE-2).
    static func mismatch(_ output: [UInt8], _ expected: WireInput, or equivalents: [WireInput],
                         _ comparison: VectorCase.Comparison, context: WireContext? = nil) -> String? {
        difference(output, expected, or: equivalents, comparison, context: context)?.message
    }

    /// `nil` when `output` matches `expected` or one of a valid case's `equivalents`; otherwise what
    /// differs from `expected`, and its kind. With the case's `context`, a File field's `url` is not
    /// compared (FILE-2).
    static func difference(_ output: [UInt8], _ expected: WireInput, or equivalents: [WireInput],
                           _ comparison: VectorCase.Comparison, context: WireContext? = nil) -> Mismatch? {
        guard let problem = difference(output, expected, comparison) else { return nil }
        for form in [expected] + equivalents {
            // Data comparison only: the members of AddRelation, RemoveRelation and Remove in any order
            // (OP-10), the names of a find request's include, keys and excludeKeys in any order
            // (QUERY-18), an embedded Object as its Pointer (OBJ-2), a File field's url (FILE-2).
            let aligned = comparison == .json ? alignedMemberOrder(output, to: form, context: context) : output
            if difference(aligned, form, comparison) == nil { return nil }
            guard comparison == .json else { continue }
            if matchesWrittenForm(aligned, of: [form]) { return nil }
            if let context, matchesWithoutFieldFileURLs(aligned, of: [form], context: context) { return nil }
        }
        guard !equivalents.isEmpty else { return problem }
        // The output may take any listed form, so the difference worth naming is the one from the form
        // it comes closest to: a Batch written as its net effect is allowed, Bytes written index by
        // index beside it is not.
        var closest = (form: expected, problem: problem, distance: distance(output, expected))
        for equivalent in equivalents {
            let away = distance(output, equivalent)
            if away < closest.distance, let other = difference(output, equivalent, comparison) { closest = (equivalent, other, away) }
        }
        let note = closest.form == expected ? "" : " (compared with the equivalent it comes closest to)"
        return Mismatch(message: closest.problem.message + note + " (or one of its \(equivalents.count) equivalents)", kind: closest.problem.kind)
    }

    /// How far written output is from a form: the number of places where the two documents differ (a
    /// member or element missing or extra, or a different value), `Int.max` when either is not JSON.
    static func distance(_ output: [UInt8], _ form: WireInput) -> Int {
        guard let written = try? JSONNode.parse(output), let text = form.text, let wanted = try? JSONNode.parse(text) else { return .max }
        return distance(wanted, written)
    }

    /// The number of places where two documents differ. Below ``distanceDepth`` levels a difference
    /// counts once, so an answer nested as deep as an adapter may send costs no deeper recursion.
    static func distance(_ expected: JSONNode, _ actual: JSONNode, depth: Int = 0) -> Int {
        guard depth < distanceDepth else { return JSONDataComparison.equal(expected, actual, zeroMayDropSign: true) ? 0 : 1 }
        switch (expected, actual) {
        case (.object(let want), .object(let have)):
            let found = Dictionary(have.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let wanted = Set(want.map(\.key))
            let common = want.reduce(0) { total, member in
                total + (found[member.key].map { distance(member.value, $0, depth: depth + 1) } ?? 1)
            }
            return common + have.count { !wanted.contains($0.key) }
        case (.array(let want), .array(let have)):
            return zip(want, have).reduce(abs(want.count - have.count)) { $0 + distance($1.0, $1.1, depth: depth + 1) }
        default:
            return JSONDataComparison.equal(expected, actual, zeroMayDropSign: true) ? 0 : 1
        }
    }

    /// How deep ``distance(_:_:depth:)`` looks.
    static let distanceDepth = 64

    /// `nil` when `output` matches `expected`; otherwise what differs.
    static func mismatch(_ output: [UInt8], _ expected: WireInput, _ comparison: VectorCase.Comparison) -> String? {
        difference(output, expected, comparison)?.message
    }

    /// `nil` when `output` matches `expected`; otherwise what differs, and its kind. Where a writer
    /// may hold an embedded Object as its Pointer, the difference named is the first one it may not make.
    static func difference(_ output: [UInt8], _ expected: WireInput, _ comparison: VectorCase.Comparison) -> Mismatch? {
        let outputText = String(decoding: output, as: UTF8.self)
        guard let expectedText = expected.text else { return Mismatch(message: "the expected form is not text", kind: .notJSON) }
        let written = try? JSONNode.parse(output)
        let wanted = try? JSONNode.parse(expectedText)
        switch comparison {
        case .text:
            guard !output.elementsEqual(expectedText.utf8) else { return nil }
            let offset = zip(output, expectedText.utf8).prefix { $0 == $1 }.count
            var kind = DifferenceKind.textDiffers
            if written == nil {
                kind = .notJSON
            } else if let written, let wanted, !JSONDataComparison.equal(written, wanted, zeroMayDropSign: true) {
                kind = FirstDifference.between(expected: wanted, actual: written)?.kind ?? .textDiffers
            }
            return Mismatch(message: "wrote text that differs from the canonical text at byte \(offset): wrote \(FirstDifference.excerpt(outputText)), "
                + "expected exactly \(FirstDifference.excerpt(expectedText))", kind: kind)
        case .json:
            guard let written else {
                return Mismatch(message: "wrote text that is not strict JSON (\(Self.syntaxError(output))): \(FirstDifference.excerpt(outputText))",
                                kind: .notJSON)
            }
            guard let wanted else { return Mismatch(message: "the expected form is not strict JSON", kind: .notJSON) }
            guard !JSONDataComparison.equal(written, wanted, zeroMayDropSign: true) else { return nil }
            if let first = FirstDifference.between(expected: wanted, actual: written, allowsWrittenForm: true) {
                return Mismatch(message: "wrote a different document: \(first)", kind: first.kind)
            }
            // Only the allowed differences: the output differs from the form by them alone.
            return Mismatch(message: "wrote \(FirstDifference.excerpt(outputText)), expected \(FirstDifference.excerpt(expectedText))",
                            kind: .valueDiffers(spot: WireWalk.type(wanted), member: nil))
        }
    }

    /// Why output is not strict JSON, in the parser's words.
    static func syntaxError(_ output: [UInt8]) -> String {
        do {
            _ = try JSONNode.parse(output)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// Whether `output` equals one of `forms` once the `url` of every File field is left out on both sides:
    /// parse-server keeps only a File field's name (`MongoTransform.transformTopLevelAtom`, FILE-2), so a
    /// writer may send the url it has in any spelling, or none, or one (`null` included) where the form has
    /// none. A File nested in an array or map keeps its url as written and is compared whole.
    static func matchesWithoutFieldFileURLs(_ output: [UInt8], of forms: [WireInput], context: WireContext) -> Bool {
        guard let written = try? JSONNode.parse(output) else { return false }
        let bare = withoutFieldFileURLs(written, context: context)
        return forms.contains { form in
            guard let text = form.text, let node = try? JSONNode.parse(text) else { return false }
            let stripped = withoutFieldFileURLs(node, context: context)
            // Something was left out on one side at least; else the plain comparison already decided.
            return (stripped != node || bare != written) && JSONDataComparison.equal(bare, stripped, zeroMayDropSign: true)
        }
    }

    /// `document` with the `url` of its File fields removed: the document itself in context `value`, the
    /// top-level members of a save body in context `update`.
    static func withoutFieldFileURLs(_ document: JSONNode, context: WireContext) -> JSONNode {
        let bareFile = { (node: JSONNode) -> JSONNode in
            guard case .object(let members) = node, node["__type"] == .string("File") else { return node }
            return .object(members.filter { $0.key != "url" })
        }
        switch (context, document) {
        case (.value, _): return bareFile(document)
        case (.update, .object(let members)): return .object(members.map { JSONMember(key: $0.key, value: bareFile($0.value)) })
        default: return document
        }
    }

    /// Whether `output` is the written form (``writtenForm(_:)``) of one of `forms` that has embedded Objects.
    static func matchesWrittenForm(_ output: [UInt8], of forms: [WireInput]) -> Bool {
        guard let written = try? JSONNode.parse(output) else { return false }
        return forms.contains { form in
            guard let text = form.text, let node = try? JSONNode.parse(text) else { return false }
            let rewritten = writtenForm(node)
            return rewritten != node && JSONDataComparison.equal(written, rewritten, zeroMayDropSign: true)
        }
    }

    /// `document` as a client writes it (`Vectors/spec/object.md#OBJ-2`): every embedded Object that has an
    /// `objectId` becomes its Pointer, since parse-server refuses `"__type":"Object"` as a written field and
    /// SDKs write a saved object held in a field as a reference to it. An Object without `objectId` has
    /// no Pointer and is left as it is.
    static func writtenForm(_ document: JSONNode) -> JSONNode {
        switch document {
        case .array(let elements): return .array(elements.map(writtenForm))
        case .object(let members):
            func string(_ key: String) -> String? {
                guard case .string(let value)? = members.first(where: { $0.key == key })?.value else { return nil }
                return value
            }
            if string("__type") == "Object", let className = string("className"), let objectId = string("objectId") {
                return .object([JSONMember(key: "__type", value: .string("Pointer")), JSONMember(key: "className", value: .string(className)),
                                JSONMember(key: "objectId", value: .string(objectId))])
            }
            return .object(members.map { JSONMember(key: $0.key, value: writtenForm($0.value)) })
        default: return document
        }
    }
}
