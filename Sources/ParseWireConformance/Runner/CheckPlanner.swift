/// Turns cases into the checks `Vectors/INTERPRETING.md` §3 gives them.
package enum CheckPlanner {
    /// The checks of one case, in order. An implementation-defined case plans its decode and, when
    /// an `ifAccepted` outcome has a canonical form and the case is not marked `direction: "emitted"`,
    /// a roundtrip whose expectation depends on the decode's answer (see ``followUp(after:accepted:)``).
    package static func checks(_ vector: VectorCase, file: String) -> [PlannedCheck] {
        func check(_ operation: AdapterOperation, _ input: String, _ payload: AdapterRequest.Payload,
                   _ expectation: PlannedCheck.Expectation) -> PlannedCheck {
            PlannedCheck(file: file, vector: vector, operation: operation, input: input, payload: payload, expectation: expectation)
        }
        switch vector.kind {
        case .valid:
            guard let canonical = vector.canonical, let value = vector.value else { return [] }
            let target = PlannedCheck.Expectation.wire(canonical, vector.comparison)
            var checks = [check(.decode, "canonical", .wire(canonical), .value(value))]
            if !vector.isReadOnly {
                checks.append(check(.encode, "value", .value(value), target))
                checks.append(check(.roundtrip, "canonical", .wire(canonical), target))
            }
            for (index, alternate) in vector.alternates.enumerated() {
                checks.append(check(.decode, "alternates[\(index)]", .wire(alternate.input), .value(value)))
                if !vector.isReadOnly { checks.append(check(.roundtrip, "alternates[\(index)]", .wire(alternate.input), target)) }
            }
            return checks
        case .decodeError:
            guard let input = vector.input else { return [] }
            return [check(.decode, "wire", .wire(input), .rejection(kind: vector.error))]
        case .encodeError:
            guard let value = vector.value else { return [] }
            return [check(.encode, "value", .value(value), .rejection(kind: vector.error))]
        case .implementationDefined:
            guard let input = vector.input else { return [] }
            let decode = check(.decode, "wire", .wire(input), .choice)
            guard !vector.isReadOnly, vector.ifAccepted.contains(where: { $0.canonical != nil }) else { return [decode] }
            return [decode, check(.roundtrip, "wire", .wire(input), .followUp)]
        }
    }

    /// The roundtrip that follows an accepted implementation-defined decode, when the outcome the
    /// value matched has a canonical form.
    package static func followUp(after decode: PlannedCheck, accepted outcome: VectorCase.AcceptedOutcome) -> PlannedCheck? {
        guard let canonical = outcome.canonical, case .wire(let input) = decode.payload else { return nil }
        return PlannedCheck(file: decode.file, vector: decode.vector, operation: .roundtrip, input: decode.input,
                            payload: .wire(input), expectation: .wire(canonical, .json))
    }

    /// The operations of the checks ``checks(_:file:)`` plans for a case, without building them.
    package static func operations(of vector: VectorCase) -> [AdapterOperation] {
        switch vector.kind {
        case .valid:
            guard vector.canonical != nil, vector.value != nil else { return [] }
            return vector.isReadOnly ? [.decode] : [.decode, .encode, .roundtrip]
        case .decodeError: return vector.input == nil ? [] : [.decode]
        case .encodeError: return vector.value == nil ? [] : [.encode]
        case .implementationDefined:
            guard vector.input != nil else { return [] }
            return !vector.isReadOnly && vector.ifAccepted.contains { $0.canonical != nil } ? [.decode, .roundtrip] : [.decode]
        }
    }

    /// Every (id, operation) a check of the corpus can have, for matching expected-failure entries.
    package static func operations(in corpus: Corpus) -> [String: Set<AdapterOperation>] {
        var result: [String: Set<AdapterOperation>] = [:]
        for file in corpus.files {
            for vector in file.cases { result[vector.id, default: []].formUnion(operations(of: vector)) }
        }
        return result
    }
}
