import Foundation
import ParseWire

/// The typed reference: ParseWire's Codable bridge decoding documents into the records of the seed
/// classes (`Vectors/classes/`), for the cases that name a `class`.
///
/// It is a typed implementation as `Vectors/INTERPRETING.md` §2 describes one: a document is
/// decoded by ``ParseWireDecoder`` into the record of its class, so the column types of the schema
/// are enforced by the record's Swift types (REC-1); the record is encoded back by ``ParseWireEncoder``.
/// To compare a record with a case's TVN value, the record is encoded and the bytes read by the
/// untyped ``ParseValueDecoder``: what the record holds is exactly what it writes.
package enum TypedReference {
    /// The class names the typed reference has a record for.
    package static var classNames: Set<String> { Set(SeedRecords.types.keys) }

    /// The capability tag the typed reference claims: it rejects what only a class schema forbids.
    package static let capability = "typed-record"

    /// The bridge's mode for a context: a fetched object, a save or update body (both read
    /// alike; ``ParseWireMode/updateBody`` writes the same document for a record of columns), or a
    /// value (the embedded object).
    package static func mode(for context: WireContext) -> ParseWireMode {
        switch context {
        case .value: .value
        case .object: .fetchedObject
        case .update: .updateBody
        // A find request or a message is not a record; no class schema names one.
        case .query, .message, .liveQuery: .value
        }
    }

    /// A class's record, decoding and encoding in one context.
    struct Codec {
        let type: any TypedRecord.Type
        let context: WireContext
        /// The bridge's mode; by default the one of the context (``TypedReference/mode(for:)``).
        let mode: ParseWireMode

        init?(className: String, context: WireContext, mode: ParseWireMode? = nil) {
            guard let type = SeedRecords.types[className] else { return nil }
            self.type = type
            self.context = context
            self.mode = mode ?? TypedReference.mode(for: context)
        }

        /// The document read into the class's record.
        func decode(_ bytes: [UInt8]) -> Result<any TypedRecord, ParseWireError> {
            do {
                return .success(try type.read(bytes, as: mode))
            } catch {
                return .failure(TypedReference.wireError(error))
            }
        }

        /// The record written by the bridge.
        func encode(_ record: any TypedRecord) -> Result<[UInt8], ParseWireError> {
            do {
                return .success(try ParseWireEncoder().encodeBytes(record, as: mode))
            } catch {
                return .failure(TypedReference.wireError(error))
            }
        }

        /// What the record holds, as TVN: its document read by the untyped decoder.
        func value(of record: any TypedRecord) -> Result<TVNValue, ParseWireError> {
            encode(record).flatMap { bytes in
                Result { () throws(ParseWireError) in TVNValue(try ParseValueDecoder().decode(bytes, context: context)) }
                    .mapError { ParseWireError($0.kind, parseCode: $0.parseCode, message: "the bridge wrote a document the wire decoder refuses: \($0)") }
            }
        }

        /// The record a TVN value stands for: the value written by the untyped encoder, read by the
        /// bridge (a typed implementation builds its record from the value).
        func record(from value: TVNValue) -> Result<any TypedRecord, ParseWireError> {
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
    /// - Returns: The answer; `skipped` for a class without a record.
    package static func answer(_ request: AdapterRequest, recordClass: String) -> AdapterAnswer {
        guard let codec = Codec(className: recordClass, context: request.context) else {
            return .skipped(reason: "the typed reference has no record for class \(recordClass)")
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
