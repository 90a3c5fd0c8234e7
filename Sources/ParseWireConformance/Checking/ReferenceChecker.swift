import ParseWire

/// Runs cases through the reference codec (ParseWire itself), in process.
///
/// This is the corpus's own interpretation of `Vectors/INTERPRETING.md` for the reference
/// implementation: the same checks an external adapter will get, answered by calling
/// ``ParseValueDecoder`` and ``ParseValueEncoder`` directly.
package enum ReferenceChecker {
    /// The implementation-defined flags the reference accepts without an option: the number flags,
    /// since it keeps every number exactly (spec rules NUM-2 to NUM-5).
    package static let alwaysAcceptedFlags: Set<String> = ["NegativeZero", "IntegerBeyond53Bits", "IntegerBeyond64Bits",
                                                          "NumberBeyondDouble", "DecimalBeyondDouble"]

    /// The reference's declared choice for a flag: accept when it names a ``WireLeniency`` or it
    /// is a number flag, reject otherwise.
    package static func accepts(flag: String) -> Bool {
        WireLeniency(rawValue: flag) != nil || alwaysAcceptedFlags.contains(flag)
    }

    /// The capability tags the reference does not claim: it decodes untyped values, so it cannot
    /// reject what only a class schema forbids (a String in a Number column, a Pointer to another
    /// class). An `optional` case carrying one of these tags is not run (INTERPRETING.md §2); the
    /// typed reference, ``TypedChecker``, runs the cases that name a class, these included.
    package static let unclaimedCapabilities: Set<String> = ["typed-record"]

    /// Whether the reference runs a case: every case except an `optional` one with a tag the
    /// reference does not claim as a capability.
    package static func runs(_ vector: VectorCase) -> Bool {
        vector.level != .optional || vector.tags.allSatisfy { !unclaimedCapabilities.contains($0) }
    }

    /// Every check of every case of the corpus.
    package static func check(_ corpus: Corpus) -> [CheckResult] {
        corpus.cases.flatMap { check($0.vector, file: $0.file.path) }
    }

    /// Every check that applies to one case; none for a case the reference does not run (``runs(_:)``).
    package static func check(_ vector: VectorCase, file: String) -> [CheckResult] {
        guard runs(vector) else { return [] }
        var run = CaseRun(vector: vector, file: file)
        switch vector.kind {
        case .valid: run.checkValid()
        case .decodeError: run.checkDecodeError()
        case .encodeError: run.checkEncodeError()
        case .implementationDefined: run.checkImplementationDefined()
        }
        return run.results
    }
}

/// The checks of one case, collecting their results.
struct CaseRun {
    let vector: VectorCase
    let file: String
    var results: [CheckResult] = []

    mutating func record(_ check: String, _ problem: String?, success: String = "as expected") {
        results.append(CheckResult(file: file, id: vector.id, caseDescription: vector.description, check: check,
                                   passed: problem == nil, detail: problem ?? success))
    }

    func decode(_ input: WireInput, options: ParseValueDecodingOptions = .strict) -> Result<ParseValue, ParseWireError> {
        guard let bytes = input.bytes else {
            return .failure(ParseWireError(.jsonSyntax, message: "the vector's base64 input does not decode"))
        }
        return Result { () throws(ParseWireError) in try ParseValueDecoder(options: options).decode(bytes, context: vector.context) }
    }

    /// Encodes `value`, writing what `decoding` let the decoder read (unknown types, query leniencies).
    func encode(_ value: ParseValue, mirroring decoding: ParseValueDecodingOptions = .strict) -> Result<[UInt8], ParseWireError> {
        var options = ParseValueEncodingOptions()
        options.writesUnknownTypes = decoding.preservesUnknownTypes
        options.queryLeniency = decoding.queryLeniency
        return Result { () throws(ParseWireError) in try ParseValueEncoder(options: options).encode(value, context: vector.context) }
    }

    /// `nil` when decoding produced `expected`; otherwise what went wrong.
    func decodeMismatch(_ result: Result<ParseValue, ParseWireError>, _ expected: TVNValue) -> String? {
        switch result {
        case .failure(let error): return "rejected: \(error)"
        case .success(let value):
            let actual = TVNValue(value)
            return actual.isSameValue(as: expected) ? nil : "decoded to \(actual.jsonText), expected \(expected.jsonText)"
        }
    }

    /// `nil` when encoding matched `canonical`; otherwise what went wrong.
    func encodeMismatch(_ result: Result<[UInt8], ParseWireError>, _ canonical: WireInput) -> String? {
        switch result {
        case .failure(let error): return "encoding was rejected: \(error)"
        case .success(let output):
            let equivalents = vector.kind == .valid ? vector.equivalents.compactMap(\.input) : []
            return WireComparison.mismatch(output, canonical, or: equivalents, vector.comparison, context: vector.context)
        }
    }

    /// `nil` when `result` is a rejection of the expected kind (and Parse code, when given).
    func rejectionMismatch<T>(_ result: Result<T, ParseWireError>, kind: String?, describe: (T) -> String) -> String? {
        switch result {
        case .success(let value): return "accepted as \(describe(value)), expected a rejection\(kind.map { " (\($0))" } ?? "")"
        case .failure(let error):
            if let kind, error.kind.name != kind { return "rejected with \(error.kind.name), expected \(kind): \(error)" }
            if let code = vector.parseCode, error.parseCode != code {
                return "rejected with Parse code \(error.parseCode.map(String.init) ?? "none"), expected \(code): \(error)"
            }
            return nil
        }
    }

    // MARK: - Kinds

    mutating func checkValid() {
        guard let canonical = vector.canonical, let expected = vector.value else { return }
        record("decode canonical", decodeMismatch(decode(canonical), expected))
        if !vector.oneWay {
            let built = Result { () throws(ParseWireError) in try expected.parseValue() }
            switch built {
            case .failure(let error): record("encode", "the model refused the value: \(error)")
            case .success(let value): record("encode", encodeMismatch(encode(value), canonical))
            }
            record("roundtrip canonical", roundtripMismatch(canonical, canonical))
        }
        for (index, alternate) in vector.alternates.enumerated() {
            record("decode alternates[\(index)]", decodeMismatch(decode(alternate.input), expected))
            if !vector.oneWay { record("roundtrip alternates[\(index)]", roundtripMismatch(alternate.input, canonical)) }
        }
    }

    func roundtripMismatch(_ input: WireInput, _ canonical: WireInput, options: ParseValueDecodingOptions = .strict) -> String? {
        switch decode(input, options: options) {
        case .failure(let error): return "rejected: \(error)"
        case .success(let value): return encodeMismatch(encode(value, mirroring: options), canonical)
        }
    }

    mutating func checkDecodeError() {
        guard let input = vector.input else { return }
        record("decode", rejectionMismatch(decode(input), kind: vector.error) { TVNValue($0).jsonText })
    }

    mutating func checkEncodeError() {
        guard let value = vector.value else { return }
        let result = Result { () throws(ParseWireError) -> [UInt8] in
            try ParseValueEncoder().encode(try value.parseValue(), context: vector.context)
        }
        record("encode", rejectionMismatch(result, kind: vector.error) { String(decoding: $0, as: UTF8.self) })
    }

    mutating func checkImplementationDefined() {
        guard let input = vector.input else { return }
        var options = ParseValueDecodingOptions()
        var accepts = true
        for flag in vector.flags {
            if let leniency = WireLeniency(rawValue: flag) {
                options.enable(leniency)
            } else if !ReferenceChecker.alwaysAcceptedFlags.contains(flag) {
                accepts = false
            }
        }
        guard accepts else {
            record("decode", rejectionMismatch(decode(input), kind: vector.ifRejected) { TVNValue($0).jsonText },
                   success: "rejected, as the reference declares")
            return
        }
        let decoded = decode(input, options: options)
        guard case .success(let value) = decoded else {
            record("decode", decodeMismatch(decoded, vector.ifAccepted[0].value))
            return
        }
        let actual = TVNValue(value)
        guard let outcome = vector.ifAccepted.first(where: { actual.isSameValue(as: $0.value) }) else {
            record("decode", "decoded to \(actual.jsonText), which is none of the ifAccepted values")
            return
        }
        record("decode", nil, success: "accepted, as the reference declares")
        if let canonical = outcome.canonical {
            record("roundtrip", roundtripMismatch(input, canonical, options: options))
        }
        // The reference implements both choices of an option flag: with the option off, strict
        // decoding must reject the input as ifRejected says.
        if vector.flags.contains(where: { WireLeniency(rawValue: $0) != nil }) {
            record("decode-strict", rejectionMismatch(decode(input), kind: vector.ifRejected) { TVNValue($0).jsonText },
                   success: "rejected by strict decoding")
        }
    }
}
