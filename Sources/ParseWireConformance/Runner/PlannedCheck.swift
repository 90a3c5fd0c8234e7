/// One check the runner will send: a request without its `seq`, and what the answer must be.
package struct PlannedCheck: Sendable {
    /// What a correct answer looks like.
    package enum Expectation: Sendable {
        /// A decode to this value.
        case value(TVNValue)
        /// Wire text equal to this form under the comparison rules.
        case wire(WireInput, VectorCase.Comparison)
        /// A rejection, of this kind when given.
        case rejection(kind: String?)
        /// An implementation-defined decode: judged by the declared choices for the flags.
        case choice
        /// The roundtrip of an implementation-defined case: sent only after an accepted decode whose
        /// matched outcome has a canonical form, which the output must then equal; otherwise
        /// recorded as `unsupported`, so the check still has its one record.
        case followUp
    }

    /// The file, relative to `Vectors/`.
    package let file: String
    package let vector: VectorCase
    package let operation: AdapterOperation
    /// Which input: `canonical`, `alternates[0]`, `wire` or `value`.
    package let input: String
    package let payload: AdapterRequest.Payload
    package let expectation: Expectation

    /// The case's area: its directory under `cases/`.
    package var area: String {
        let parts = file.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 2)
        return parts.count > 2 ? String(Substring(parts[1])) : ""
    }

    /// `ID op input`, the check's name in reports and expected-failure suggestions.
    package var name: String { "\(vector.id) \(operation.rawValue) \(input)" }

    /// The request with a sequence number.
    package func request(seq: Int) -> AdapterRequest {
        AdapterRequest(operation: operation, seq: seq, id: vector.id, payload: payload, context: vector.context, recordClass: vector.classSchema)
    }
}
