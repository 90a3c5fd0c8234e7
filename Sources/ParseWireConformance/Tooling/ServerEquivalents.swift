import ParseWire

/// Other values a writer may send instead of a valid case's value because parse-server stores the same
/// data from them (`Vectors/spec/types.md#CTX-2`): the `equivalents` of generated cases.
///
/// Six rewrites are known, each from a rule of `Vectors/spec/`: a data-less embedded Object written as
/// its Pointer (OBJ-3), AddUnique and Remove without duplicate elements (OP-3), a one-element Batch
/// written as its operation (OP-6), a Batch of relation operations written as its net effect (OP-6: the
/// last operation on a member decides whether it ends related, as parse-server applies them in order),
/// a Polygon ring closed by the writer (POLY-3), and a File field
/// written without its `url` (FILE-2; only where the server keeps the name alone: a field, not a File
/// nested in an array or map). A writer may apply any of them, so every non-empty combination that
/// changes the value is listed.
public enum ServerEquivalents {
    /// One rewrite a writer may apply.
    public enum Rewrite: CaseIterable, Sendable {
        case dataLessObjectAsPointer, uniqueElements, singleBatchAsOperation, relationNetEffect, closedPolygonRing, fieldFileWithoutURL
    }

    /// The distinct values, other than `value` itself, that the combinations of rewrites give.
    /// - Parameters:
    ///   - value: A valid case's value.
    ///   - context: Its context: a `value` document is one field; an `update` body's members are fields.
    public static func equivalents(of value: ParseValue, context: WireContext) -> [ParseValue] {
        let rewrites = Rewrite.allCases.filter { applyAtTop([$0], to: value, context: context) != value }
        guard !rewrites.isEmpty else { return [] }
        var results: [ParseValue] = []
        for mask in 1..<(1 << rewrites.count) {
            let chosen = Set(rewrites.indices.filter { mask & (1 << $0) != 0 }.map { rewrites[$0] })
            let rewritten = applyAtTop(chosen, to: value, context: context)
            if rewritten != value, !results.contains(rewritten) { results.append(rewritten) }
        }
        return results
    }

    /// The rewrites, with the File rewrite applied to the document's fields only.
    static func applyAtTop(_ rewrites: Set<Rewrite>, to value: ParseValue, context: WireContext) -> ParseValue {
        let rewritten = apply(rewrites, to: value)
        guard rewrites.contains(.fieldFileWithoutURL) else { return rewritten }
        switch (context, rewritten) {
        case (.value, .file): return withoutURL(rewritten)
        case (.update, .map(let body)): return .map(ParseMap(body.map { ($0.key, withoutURL($0.value)) }))
        default: return rewritten
        }
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
        case .polygon(let polygon):
            guard rewrites.contains(.closedPolygonRing), let first = polygon.points.first, polygon.points.last != first,
                  let closed = try? ParsePolygon(points: polygon.points + [first]) else { return value }
            return .polygon(closed)
        case .operation(let operation): return .operation(apply(rewrites, to: operation))
        default: return value
        }
    }

    static func apply(_ rewrites: Set<Rewrite>, to operation: FieldOperation) -> FieldOperation {
        switch operation {
        case .addUnique(let elements) where rewrites.contains(.uniqueElements): return .addUnique(unique(elements))
        case .remove(let elements) where rewrites.contains(.uniqueElements): return .remove(unique(elements))
        case .batch(let operations) where rewrites.contains(.singleBatchAsOperation) && operations.count == 1:
            return apply(rewrites, to: operations[0])
        case .batch(let operations) where rewrites.contains(.relationNetEffect):
            return netEffect(of: operations) ?? operation
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
    /// The values a reader may answer for a valid case instead of its `value`: what the reference
    /// decodes each of the case's `equivalents` to, in the case's context.
    ///
    /// An equivalent is a form from which parse-server stores the same data, so a reader that
    /// normalises while decoding (drops AddUnique duplicates, closes a ring, reads a one-element Batch
    /// as its operation) answers the value of that form. An equivalent the reference refuses adds
    /// nothing (lint reports it).
    /// - Parameter vector: A case; any kind but `valid` has no equivalents to read.
    /// - Returns: The distinct decoded values, in the order of `equivalents`.
    static func decodedValues(of vector: VectorCase) -> [TVNValue] {
        guard vector.kind == .valid else { return [] }
        var values: [TVNValue] = []
        for equivalent in vector.equivalents {
            guard let value = decodedValue(of: equivalent.input, context: vector.context), !values.contains(value) else { continue }
            values.append(value)
        }
        return values
    }

    /// The reference's strict decode of `input` in `context` as TVN, or `nil` when it refuses it.
    static func decodedValue(of input: WireInput, context: WireContext) -> TVNValue? {
        guard let bytes = input.bytes, let value = try? WireDecoder(options: .strict).decode(bytes, context: context) else { return nil }
        return TVNValue(value)
    }
}
