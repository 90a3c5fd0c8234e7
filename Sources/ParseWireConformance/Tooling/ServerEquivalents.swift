import ParseWire

/// The forms parse-server stores the same data from: other documents a writer may send instead of a
/// case's canonical form, and their values a reader may answer (`Vectors/spec/types.md#CTX-2`,
/// `Vectors/INTERPRETING.md` §3). Each way is a ``Rewrite`` citing the rule of `Vectors/spec/` that
/// names the parse-server function it rests on; the `equivalents` of the corpus list the forms with
/// their decoded values and rule ids, so a runner needs no decoder of its own to score them.
///
/// Most rewrites are mechanical: ``forms(of:context:)`` applies every non-empty combination of those
/// that change a case's value and lists each distinct result. A few are listed by hand in the cases
/// they concern (``Rewrite/isMechanical``): their forms depend on a writer's own spelling. One is a
/// reading, a value with no form (``readings(of:)``: a create response read with `updatedAt`).
package enum ServerEquivalents {
    /// One way a writer may write a document that parse-server stores exactly as it stores the canonical one.
    package enum Rewrite: CaseIterable, Sendable {
        /// A data-less embedded Object written as its Pointer (OBJ-3).
        case dataLessObjectAsPointer
        /// AddUnique and Remove without duplicate elements (OP-3).
        case uniqueElements
        /// A one-element Batch written as its operation (OP-6).
        case singleBatchAsOperation
        /// A Batch of relation operations written as its net effect (OP-6).
        case relationNetEffect
        /// A Polygon field's ring closed by the writer (POLY-3; a top-level field only).
        case closedPolygonRing
        /// A File field written without its `url` (FILE-2).
        case fieldFileWithoutURL
        /// A Relation field written with an empty `objects` list (REL-3).
        case relationFieldWithObjects
        /// The members of an AddRelation, RemoveRelation or Remove in another order (OP-10).
        case membersReordered
        /// A find request with `"where":{}` written out (QUERY-1).
        case emptyWhereWritten
        /// A find request with `"_method":"GET"`, as a `POST` carries it (QUERY-1).
        case methodOverrideWritten
        /// A find request with the default `"limit":100` and `"skip":0` written out (QUERY-19).
        case defaultLimitAndSkipWritten
        /// `"count":1` for `"count":true` (QUERY-19).
        case countAsOne
        /// `include`, `keys`, `excludeKeys`, `order` as arrays of their comma-separated names (QUERY-18).
        case listsAsArrays
        /// Bare equality with a number, boolean, `null`, Date, Pointer or GeoPoint written with `$eq`, in
        /// `where` and in the clauses of its `$or`, `$and` and `$nor` (QUERY-3).
        case equalityWithEq
        /// A `$select` or `$dontSelect` subquery with `"where":{}` written out (QUERY-11).
        case subqueryEmptyWhereWritten
        /// A distance limit in kilometres, miles or radians written as `$maxDistance` in radians, divided
        /// as the server divides it (QUERY-12).
        case distanceInRadians
        /// A create response read with `updatedAt` equal to `createdAt` (MSG-2): a reading, no form.
        case createResponseReadWithUpdatedAt
        /// ACL grants written with their `false` entries, or a principal with none (ACL-3); by hand.
        case falseGrantsKept
        /// A `$polygon` operand written as a list of GeoPoints (QUERY-14); by hand.
        case polygonAsGeoPoints
        /// A number in another spelling of the same double (NUM-1); by hand.
        case sameDouble
        /// A `createdAt` or `updatedAt` Date in a save body dropped, or written as the server ignores it (OBJ-4); by hand.
        case serverDateIgnored

        /// The rule of `Vectors/spec/` that states the equivalence and names the server's code.
        package var rule: String {
            switch self {
            case .dataLessObjectAsPointer: "OBJ-3"
            case .uniqueElements: "OP-3"
            case .singleBatchAsOperation, .relationNetEffect: "OP-6"
            case .closedPolygonRing: "POLY-3"
            case .fieldFileWithoutURL: "FILE-2"
            case .relationFieldWithObjects: "REL-3"
            case .membersReordered: "OP-10"
            case .emptyWhereWritten, .methodOverrideWritten: "QUERY-1"
            case .defaultLimitAndSkipWritten, .countAsOne: "QUERY-19"
            case .listsAsArrays: "QUERY-18"
            case .equalityWithEq: "QUERY-3"
            case .subqueryEmptyWhereWritten: "QUERY-11"
            case .distanceInRadians: "QUERY-12"
            case .createResponseReadWithUpdatedAt: "MSG-2"
            case .falseGrantsKept: "ACL-3"
            case .polygonAsGeoPoints: "QUERY-14"
            case .sameDouble: "NUM-1"
            case .serverDateIgnored: "OBJ-4"
            }
        }

        /// Whether ``ServerEquivalents/forms(of:context:)`` produces the rewrite's forms; `false` for the
        /// ones a case lists by hand.
        package var isMechanical: Bool {
            switch self {
            case .falseGrantsKept, .polygonAsGeoPoints, .sameDouble, .serverDateIgnored: false
            case .dataLessObjectAsPointer, .uniqueElements, .singleBatchAsOperation, .relationNetEffect, .closedPolygonRing,
                 .fieldFileWithoutURL, .relationFieldWithObjects, .membersReordered, .emptyWhereWritten, .methodOverrideWritten,
                 .defaultLimitAndSkipWritten, .countAsOne, .listsAsArrays, .equalityWithEq, .subqueryEmptyWhereWritten,
                 .distanceInRadians, .createResponseReadWithUpdatedAt: true
            }
        }

        /// Whether the equivalence is that parse-server stores the same from both forms, which the oracle
        /// proves form by form (`Examples/adapters/parse-server-oracle/results/equivalences.json`). `false`
        /// for OBJ-3, an equivalence of direction: the server emits the Object where it stores the Pointer,
        /// but written, it refuses a top-level Object and stores a nested one as data (CTX-2).
        package var storesAlike: Bool {
            switch self {
            case .dataLessObjectAsPointer: false
            case .uniqueElements, .singleBatchAsOperation, .relationNetEffect, .closedPolygonRing, .fieldFileWithoutURL,
                 .relationFieldWithObjects, .membersReordered, .emptyWhereWritten, .methodOverrideWritten, .defaultLimitAndSkipWritten,
                 .countAsOne, .listsAsArrays, .equalityWithEq, .subqueryEmptyWhereWritten, .distanceInRadians,
                 .createResponseReadWithUpdatedAt, .falseGrantsKept, .polygonAsGeoPoints, .sameDouble, .serverDateIgnored: true
            }
        }

        /// Whether the rewrite gives a value a reader may answer rather than a form a writer may write.
        package var isReading: Bool { self == .createResponseReadWithUpdatedAt }

        /// Whether the rewrite works on the ``ParseValue`` (before encoding) rather than on the written JSON.
        var isValueRewrite: Bool {
            switch self {
            case .dataLessObjectAsPointer, .uniqueElements, .singleBatchAsOperation, .relationNetEffect, .closedPolygonRing,
                 .fieldFileWithoutURL: true
            case .relationFieldWithObjects, .membersReordered, .emptyWhereWritten, .methodOverrideWritten, .defaultLimitAndSkipWritten,
                 .countAsOne, .listsAsArrays, .equalityWithEq, .subqueryEmptyWhereWritten, .distanceInRadians,
                 .createResponseReadWithUpdatedAt, .falseGrantsKept, .polygonAsGeoPoints, .sameDouble, .serverDateIgnored: false
            }
        }

        /// The leniency flags the reference needs to read the rewritten form: a form the server accepts
        /// and a strict reader refuses (a Relation's `objects`).
        var leniencyFlags: [String] {
            switch self {
            case .relationFieldWithObjects: ["TypedValueExtraKeys"]
            default: []
            }
        }
    }

    /// The rule ids whose every rewrite is mechanical: a form naming only these must be one ``forms(of:context:)`` gives.
    package static var mechanicalRuleIDs: Set<String> {
        ruleIDs.subtracting(Rewrite.allCases.filter { !$0.isMechanical }.map(\.rule))
    }

    /// The rule ids any rewrite cites: what an equivalent's `rules` may name.
    package static var ruleIDs: Set<String> { Set(Rewrite.allCases.map(\.rule)) }

    /// The distinct values, other than `value` itself, that the combinations of rewrites give.
    /// - Parameters:
    ///   - value: A valid case's value.
    ///   - context: Its context: a `value` document is one field; an `update` body's members are fields.
    package static func equivalents(of value: ParseValue, context: WireContext) -> [ParseValue] {
        let rewrites = Rewrite.allCases.filter { $0.isValueRewrite && applyAtTop([$0], to: value, context: context) != value }
        guard !rewrites.isEmpty else { return [] }
        var results: [ParseValue] = []
        for mask in 1..<(1 << rewrites.count) {
            let chosen = Set(rewrites.indices.filter { mask & (1 << $0) != 0 }.map { rewrites[$0] })
            let rewritten = applyAtTop(chosen, to: value, context: context)
            if rewritten != value, !results.contains(rewritten) { results.append(rewritten) }
        }
        return results
    }

    /// The rewrites, with the File and Polygon rewrites applied to the document's fields only: parse-server
    /// keeps a File's name and closes a ring only for a top-level field; nested, both are stored as sent.
    static func applyAtTop(_ rewrites: Set<Rewrite>, to value: ParseValue, context: WireContext) -> ParseValue {
        let rewritten = apply(rewrites, to: value)
        let atTop = { (field: ParseValue) -> ParseValue in
            var field = field
            if rewrites.contains(.fieldFileWithoutURL) { field = withoutURL(field) }
            if rewrites.contains(.closedPolygonRing) { field = closedRing(field) }
            return field
        }
        switch (context, rewritten) {
        case (.value, _): return atTop(rewritten)
        case (.update, .map(let body)): return .map(ParseMap(body.map { ($0.key, atTop($0.value)) }))
        default: return rewritten
        }
    }

    static func closedRing(_ value: ParseValue) -> ParseValue {
        guard case .polygon(let polygon) = value, let first = polygon.points.first, polygon.points.last != first,
              let closed = try? ParsePolygon(points: polygon.points + [first]) else { return value }
        return .polygon(closed)
    }

    static func withoutURL(_ value: ParseValue) -> ParseValue {
        guard case .file(let file) = value, file.url != nil, let bare = try? ParseFile(name: file.name) else { return value }
        return .file(bare)
    }

    /// `value` with the chosen rewrites applied everywhere they fit.
    static func apply(_ rewrites: Set<Rewrite>, to value: ParseValue) -> ParseValue {
        switch value {
        case .array(let elements): return .array(elements.map { apply(rewrites, to: $0) })
        case .map(let map): return .map(ParseMap(map.map { ($0.key, apply(rewrites, to: $0.value)) }))
        case .object(let object):
            if rewrites.contains(.dataLessObjectAsPointer), let objectId = object.objectId, object.fields.isEmpty,
               object.createdAt == nil, object.updatedAt == nil, object.acl == nil,
               let pointer = try? ParsePointer(className: object.className, objectId: objectId) {
                return .pointer(pointer)
            }
            return value
        case .operation(let operation): return .operation(apply(rewrites, to: operation))
        default: return value
        }
    }

    static func apply(_ rewrites: Set<Rewrite>, to operation: FieldOperation) -> FieldOperation {
        switch operation {
        case .addUnique(let elements) where rewrites.contains(.uniqueElements): return .addUnique(unique(elements.elements))
        case .remove(let elements) where rewrites.contains(.uniqueElements): return .remove(unique(elements.elements))
        case .batch(let operations) where rewrites.contains(.singleBatchAsOperation) && operations.count == 1:
            return apply(rewrites, to: operations[0])
        case .batch(let operations) where rewrites.contains(.relationNetEffect):
            return netEffect(of: operations.elements) ?? operation
        default: return operation
        }
    }

    /// A Batch of AddRelation and RemoveRelation operations as the members it leaves related and
    /// unrelated: an AddRelation, a RemoveRelation, or a Batch of the two (adds first; they name
    /// different members, so their order no longer matters). `nil` when another operation is among them.
    static func netEffect(of operations: [FieldOperation]) -> FieldOperation? {
        var last: [(pointer: ParsePointer, adds: Bool)] = []
        for operation in operations {
            let (pointers, adds): ([ParsePointer], Bool)
            switch operation {
            case .addRelation(let list): (pointers, adds) = (list, true)
            case .removeRelation(let list): (pointers, adds) = (list, false)
            default: return nil
            }
            for pointer in pointers {
                last.removeAll { $0.pointer == pointer }
                last.append((pointer, adds))
            }
        }
        let added = last.filter(\.adds).map(\.pointer), removed = last.filter { !$0.adds }.map(\.pointer)
        switch (added.isEmpty, removed.isEmpty) {
        case (false, true): return .addRelation(added)
        case (true, false): return .removeRelation(removed)
        case (false, false): return .batch([.addRelation(added), .removeRelation(removed)])
        case (true, true): return nil
        }
    }

    /// The elements without repeats, first occurrences kept in order.
    static func unique(_ elements: [ParseValue]) -> [ParseValue] {
        var result: [ParseValue] = []
        for element in elements where !result.contains(element) { result.append(element) }
        return result
    }
}

extension ServerEquivalents {
    /// The values a reader may answer for a valid case instead of its `value`: the values its
    /// `equivalents` list, as the file gives them (no decoder needed to score a reader).
    ///
    /// An equivalent is a form from which parse-server stores the same data, so a reader that
    /// normalises while decoding (drops AddUnique duplicates, closes a ring, reads a one-element Batch
    /// as its operation) answers the value of that form. Lint checks each listed value is what the
    /// reference decodes the form to.
    /// - Parameter vector: A case; any kind but `valid` has no equivalents to read.
    /// - Returns: The distinct listed values, in the order of `equivalents`.
    static func decodedValues(of vector: VectorCase) -> [TVNValue] {
        guard vector.kind == .valid else { return [] }
        var values: [TVNValue] = []
        for equivalent in vector.equivalents {
            guard let value = equivalent.value, !values.contains(value) else { continue }
            values.append(value)
        }
        return values
    }

    /// The reference's strict decode of `input` in `context` as TVN, or `nil` when it refuses it.
    static func decodedValue(of input: WireInput, context: WireContext) -> TVNValue? {
        decodedValue(of: input, context: context, rules: [])
    }
}
