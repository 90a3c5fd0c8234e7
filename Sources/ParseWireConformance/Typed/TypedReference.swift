import Foundation
import ParseWire

/// The typed reference: the models generated from the classes of `Vectors/classes/` (the target
/// `CorpusModels`, written by `parse-wire generate swift`), for the cases that name a `class`.
///
/// It is a typed implementation as `Vectors/INTERPRETING.md` §2 describes one. A document is read
/// by the untyped ``ParseValueDecoder`` first, which sees every key (so a defect in a key the class
/// does not declare is not missed) and finds the keys whose value a model cannot hold: `null` and
/// the field operations of a body, kept beside the model as ``TypedRecord/marks`` (an operation is
/// held against its column's type, REC-3). The document is then read into the class's model by
/// ``ParseWireDecoder``, which takes the model's generated coding, so the column types of the
/// schema are enforced by the model's Swift types (REC-1); the model is written back by
/// ``ParseWireEncoder``, by its generated coding too. To compare a record with a case's TVN value,
/// the record is written and the bytes read by the untyped decoder: what the record holds is
/// exactly what it writes.
package enum TypedReference {
    /// The class names the typed reference has a model for.
    package static var classNames: Set<String> { Set(CorpusClass.byName.keys) }

    /// The capability tag the typed reference claims: it rejects what only a class schema forbids.
    package static let capability = "typed-record"

    /// The coders' mode for a context: a fetched object, a save or update body (both read alike;
    /// a model writes the same document in either), or a value (the embedded object).
    package static func mode(for context: WireContext) -> ParseWireMode {
        switch context {
        case .value: .value
        case .object: .fetchedObject
        case .update: .updateBody
        // A find request or a message is not a record; no class schema names one.
        case .query, .message, .liveQuery: .value
        }
    }

    /// A class's model, reading and writing documents in one context.
    struct Codec {
        let schema: CorpusClass
        let context: WireContext
        /// The coders' mode; by default the one of the context (``TypedReference/mode(for:)``).
        let mode: ParseWireMode

        init?(className: String, context: WireContext, mode: ParseWireMode? = nil) {
            guard let schema = CorpusClass.byName[className] else { return nil }
            self.schema = schema
            self.context = context
            self.mode = mode ?? TypedReference.mode(for: context)
        }

        /// The document read into a record of the class.
        func decode(_ bytes: [UInt8]) -> Result<TypedRecord, ParseWireError> {
            Result { () throws(ParseWireError) in try read(bytes) }
        }

        private func read(_ bytes: [UInt8]) throws(ParseWireError) -> TypedRecord {
            let document = try ParseValueDecoder().decode(bytes, context: context)
            var marks: [(key: String, value: ParseValue)] = []
            var modelBytes = bytes
            switch document {
            case .map(let members):
                var rewrite = false
                for (key, value) in members where schema.columns[key] != nil {
                    switch value {
                    case .null:
                        marks.append((key, value))
                    case .operation(let operation):
                        if let refusal = schema.columns[key]?.refusal(of: operation) {
                            throw ParseWireError(refusal.kind, parseCode: refusal.parseCode, path: "$.\(key)", message: refusal.message)
                        }
                        marks.append((key, value))
                        // The model reads a Delete as `nil`; any other operation is taken out of
                        // the document it reads.
                        if case .delete = operation {} else { rewrite = true }
                    default:
                        break
                    }
                }
                if rewrite {
                    let kept = members.filter { member in
                        guard case .operation(let operation) = member.value, schema.columns[member.key] != nil else { return true }
                        if case .delete = operation { return true }
                        return false
                    }
                    modelBytes = try ParseValueEncoder().encode(.map(ParseMap(kept.map { ($0.key, $0.value) })), context: context)
                }
            case .object(let object):
                for (key, value) in object.fields where schema.columns[key] != nil {
                    if case .null = value { marks.append((key, value)) }
                }
            default:
                // A document that is not an object: the model's reading refuses it with the
                // coders' own error.
                break
            }
            do {
                return TypedRecord(model: try schema.type.read(modelBytes, as: mode), marks: marks)
            } catch {
                throw TypedReference.wireError(error)
            }
        }

        /// The record written: the model by ``ParseWireEncoder``, with its ``TypedRecord/marks``
        /// and the objects its Pointers include put back in the model's key order.
        func encode(_ record: TypedRecord) -> Result<[UInt8], ParseWireError> {
            Result { () throws(ParseWireError) in try write(record) }
        }

        private func write(_ record: TypedRecord) throws(ParseWireError) -> [UInt8] {
            let bytes: [UInt8]
            do {
                bytes = try ParseWireEncoder().encodeBytes(record.model, as: mode)
            } catch {
                throw TypedReference.wireError(error)
            }
            let marks = try record.marks + includedObjects(of: record.model)
            guard !marks.isEmpty else { return bytes }
            let written: ParseValue
            do throws(ParseWireError) {
                written = try ParseValueDecoder().decode(bytes, context: context)
            } catch {
                throw ParseWireError(error.kind, parseCode: error.parseCode, message: "the model wrote a document the wire decoder refuses: \(error)")
            }
            switch written {
            case .map(let members):
                return try ParseValueEncoder().encode(.map(merged(members, marks)), context: context)
            case .object(let object):
                let fields = merged(object.fields, marks)
                let merged = try ParseObjectValue(className: object.className, objectId: object.objectId, createdAt: object.createdAt,
                                                  updatedAt: object.updatedAt, acl: object.acl, fields: fields)
                return try ParseValueEncoder().encode(.object(merged), context: context)
            default:
                throw ParseWireError(.unrepresentable, message: "the model wrote \(written), not an object, so its marks have no place")
            }
        }

        /// The objects included in place of the model's Pointers, by column: a fetched object
        /// only (a body refuses them).
        private func includedObjects(of model: any CorpusModel) throws(ParseWireError) -> [(key: String, value: ParseValue)] {
            guard mode == .fetchedObject else { return [] }
            var objects: [(key: String, value: ParseValue)] = []
            for child in Mirror(reflecting: model).children {
                guard let key = child.label, let pointer = child.value as? any IncludingPointer,
                      let object = try pointer.includedValue() else { continue }
                objects.append((key, object))
            }
            return objects
        }

        /// The members and the marks in the model's key order (a member the model does not
        /// declare, which it never writes, would come last).
        private func merged(_ members: ParseMap, _ marks: [(key: String, value: ParseValue)]) -> ParseMap {
            var values: [String: ParseValue] = [:]
            for (key, value) in members { values[key] = value }
            for mark in marks { values[mark.key] = mark.value }
            let order = schema.keys.filter { values[$0] != nil } + members.keys.filter { !schema.keys.contains($0) }
            return ParseMap(order.map { ($0, values[$0]!) })
        }

        /// What the record holds, as TVN: its document read by the untyped decoder.
        func value(of record: TypedRecord) -> Result<TVNValue, ParseWireError> {
            encode(record).flatMap { bytes in
                Result { () throws(ParseWireError) in TVNValue(try ParseValueDecoder().decode(bytes, context: context)) }
                    .mapError { ParseWireError($0.kind, parseCode: $0.parseCode, message: "the model wrote a document the wire decoder refuses: \($0)") }
            }
        }

        /// The record a TVN value stands for: the value written by the untyped encoder, read as a
        /// document (a typed implementation builds its record from the value).
        func record(from value: TVNValue) -> Result<TypedRecord, ParseWireError> {
            Result { () throws(ParseWireError) in try ParseValueEncoder().encode(try value.parseValue(), context: context) }
                .flatMap(decode)
        }
    }

    /// The codec's error inside the bridge's `DecodingError` or `EncodingError`, or the error itself.
    static func wireError(_ error: any Error) -> ParseWireError {
        if let error = error as? ParseWireError { return error }
        let context: Any?
        switch error {
        case DecodingError.typeMismatch(_, let found), DecodingError.valueNotFound(_, let found),
             DecodingError.keyNotFound(_, let found):
            context = found.underlyingError
        case DecodingError.dataCorrupted(let found):
            context = found.underlyingError
        case EncodingError.invalidValue(_, let found):
            context = found.underlyingError
        default:
            context = nil
        }
        if let wrapped = context as? ParseWireError { return wrapped }
        return ParseWireError(.unrepresentable, message: "the bridge failed without a ParseWire error: \(error)")
    }

    /// Answers one adapter request for a case that names `recordClass`, as `parse-wire adapter`
    /// does when it claims ``capability``.
    ///
    /// - Parameters:
    ///   - request: The check.
    ///   - recordClass: The class the request's context names.
    /// - Returns: The answer; `skipped` for a class without a model.
    package static func answer(_ request: AdapterRequest, recordClass: String) -> AdapterAnswer {
        guard let codec = Codec(className: recordClass, context: request.context) else {
            return .skipped(reason: "the typed reference has no model for class \(recordClass)")
        }
        let result: Result<AdapterAnswer, ParseWireError>
        switch (request.operation, request.payload) {
        case (.decode, .wire(let input)), (.roundtrip, .wire(let input)):
            guard let bytes = input.bytes else { return .errored(message: "wireBase64 is not base64") }
            let record = codec.decode(bytes)
            if request.operation == .decode {
                result = record.flatMap(codec.value).map(AdapterAnswer.value)
            } else {
                result = record.flatMap(codec.encode).map { .wire(String(decoding: $0, as: UTF8.self)) }
            }
        case (.encode, .value(let value)):
            result = codec.record(from: value).flatMap(codec.encode).map { .wire(String(decoding: $0, as: UTF8.self)) }
        default:
            return .errored(message: "\(request.operation) does not take this payload")
        }
        switch result {
        case .success(let answer): return answer
        case .failure(let error): return .rejected(kind: error.kind.name, message: error.description)
        }
    }
}

/// A document as the typed reference holds it: the class's generated model, and beside it what a
/// model cannot hold.
///
/// A model's optional property reads an absent key, a `null` and a `{"__op":"Delete"}` all as
/// `nil`, and holds no other operation; a save body tells them apart (leave the field, store
/// null, remove it, change it), so the record keeps the keys that held `null` or an operation.
struct TypedRecord {
    /// The model the document was read into.
    var model: any CorpusModel
    /// The columns that held `null` or a field operation, in the document's order.
    var marks: [(key: String, value: ParseValue)]
}
