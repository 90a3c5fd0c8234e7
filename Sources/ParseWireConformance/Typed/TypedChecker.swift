import ParseWire

/// Runs the cases that name a `class` through the typed reference, in process: the same checks
/// as ``ReferenceChecker`` (INTERPRETING.md §3), answered by the class's generated model.
///
/// A `valid` case: the canonical form and every alternate decode into the record, and the record
/// holds `value`; `value` makes a record that writes the canonical form; decoding then encoding
/// gives the canonical form. A `decode-error` case: the typed reference refuses the input with the case's
/// error kind (and Parse code, when given). The typed reference checks no other kind of case.
package enum TypedChecker {
    /// Whether the typed reference checks a case: it names a class the reference has a record for.
    package static func checks(_ vector: VectorCase) -> Bool {
        vector.classSchema.map(TypedReference.classNames.contains) ?? false
    }

    /// Every check of one case; none for a case the typed reference does not check (``checks(_:)``).
    package static func check(_ vector: VectorCase, file: String) -> [CheckResult] {
        guard let className = vector.classSchema,
              let codec = TypedReference.Codec(className: className, context: vector.context) else { return [] }
        var run = TypedCaseRun(vector: vector, file: file, codec: codec)
        switch vector.kind {
        case .valid: run.checkValid()
        case .decodeError: run.checkDecodeError()
        case .encodeError, .implementationDefined:
            run.record("typed", "the typed reference checks valid and decode-error cases, not \(vector.kind.rawValue)")
        }
        return run.results
    }
}

/// The typed checks of one case, collecting their results.
struct TypedCaseRun {
    let vector: VectorCase
    let file: String
    let codec: TypedReference.Codec
    var results: [CheckResult] = []

    mutating func record(_ check: String, _ problem: String?, success: String = "as expected") {
        results.append(CheckResult(file: file, id: vector.id, caseDescription: vector.description, check: check,
                                   passed: problem == nil, detail: problem ?? success))
    }

    func decode(_ input: WireInput) -> Result<TypedRecord, ParseWireError> {
        guard let bytes = input.bytes else {
            return .failure(ParseWireError(.jsonSyntax, message: "the vector's base64 input does not decode"))
        }
        return codec.decode(bytes)
    }

    /// `nil` when the input decodes into a record that holds `expected`; otherwise what went wrong.
    func decodeMismatch(_ input: WireInput, _ expected: TVNValue) -> String? {
        switch decode(input) {
        case .failure(let error): return "rejected: \(error)"
        case .success(let record):
            switch codec.value(of: record) {
            case .failure(let error): return "decoded, but the record cannot be written to compare it: \(error)"
            case .success(let actual):
                return actual.isSameValue(as: expected) ? nil : "decoded to a record holding \(actual.jsonText), expected \(expected.jsonText)"
            }
        }
    }

    /// `nil` when the record (or the failure to make it) writes `canonical`; otherwise what went wrong.
    func encodeMismatch(_ record: Result<TypedRecord, ParseWireError>, _ canonical: WireInput, refused: String) -> String? {
        switch record {
        case .failure(let error): return "\(refused): \(error)"
        case .success(let record):
            switch codec.encode(record) {
            case .failure(let error): return "the record cannot be written: \(error)"
            case .success(let output): return WireComparison.mismatch(output, canonical, vector.comparison)
            }
        }
    }

    mutating func checkValid() {
        guard let canonical = vector.canonical, let expected = vector.value else { return }
        record("decode canonical", decodeMismatch(canonical, expected))
        if !vector.oneWay {
            record("encode", encodeMismatch(codec.record(from: expected), canonical, refused: "the record refused the value"))
            record("roundtrip canonical", encodeMismatch(decode(canonical), canonical, refused: "rejected"))
        }
        for (index, alternate) in vector.alternates.enumerated() {
            record("decode alternates[\(index)]", decodeMismatch(alternate.input, expected))
            if !vector.oneWay {
                record("roundtrip alternates[\(index)]", encodeMismatch(decode(alternate.input), canonical, refused: "rejected"))
            }
        }
    }

    mutating func checkDecodeError() {
        guard let input = vector.input else { return }
        let problem: String?
        switch decode(input) {
        case .success(let record):
            let held = codec.value(of: record).map(\.jsonText)
            problem = "accepted as a record holding \((try? held.get()) ?? "a value it cannot write back"), expected a rejection"
                + (vector.error.map { " (\($0))" } ?? "")
        case .failure(let error):
            if let kind = vector.error, error.kind.name != kind {
                problem = "rejected with \(error.kind.name), expected \(kind): \(error)"
            } else if let code = vector.parseCode, error.parseCode != code {
                problem = "rejected with Parse code \(error.parseCode.map(String.init) ?? "none"), expected \(code): \(error)"
            } else {
                problem = nil
            }
        }
        record("decode", problem)
    }
}
