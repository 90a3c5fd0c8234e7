import ParseWire

/// One test vector: an input or a value, and what an implementation must do with it.
///
/// The meaning of every field is specified in `Vectors/INTERPRETING.md`; the JSON shape in
/// `Vectors/schema/vector-file.schema.json`.
package struct VectorCase: Sendable {
    /// What kind of expectation a case states.
    package enum Kind: String, Sendable, CaseIterable {
        /// The input decodes to `value`, and `value` encodes to `canonical`.
        case valid
        /// Decoding the input must be rejected.
        case decodeError = "decode-error"
        /// Encoding `value` must be rejected.
        case encodeError = "encode-error"
        /// Either outcome is allowed; the flags name why, and each implementation declares its choice.
        case implementationDefined = "implementation-defined"
    }

    /// How much a case counts.
    package enum Level: String, Sendable, CaseIterable {
        case required, recommended, optional
    }

    /// How encoder output is compared with the canonical form.
    package enum Comparison: String, Sendable {
        /// As JSON data (the default).
        case json
        /// Byte for byte.
        case text
    }

    /// Which side of the wire a document is, where the two sides differ (`Vectors/spec/types.md#CTX-2`).
    package enum Direction: String, Sendable {
        /// What a client writes (a save body, a field value it sends). Every check of the case's kind applies:
        /// a reader of what clients write (the server, a validator) decodes it, a client writes it.
        case written
        /// What the server emits (a fetch, an include, a Cloud Code result) and does not accept back as
        /// written: a valid case with this direction is checked by its decodes only, so no writer is
        /// asked for a document the server refuses to store.
        case emitted
    }

    /// Whether a valid case is checked by its decodes only: `oneWay`, or a document only the server emits.
    package var isReadOnly: Bool { oneWay || direction == .emitted }

    /// Another spelling that must decode to the same value and re-encode to the canonical form.
    package struct Alternate: Sendable {
        package let input: WireInput
        /// Why this spelling is interesting.
        package let note: String?
    }

    /// A form parse-server stores the same data from as the case's (`Vectors/spec/types.md#CTX-2`): a writer
    /// may write it instead of the canonical form, a reader may answer its value.
    package struct Equivalent: Sendable {
        /// The form; `nil` for a reading only: a value a reader may answer, which no writer writes
        /// (a create response read with `updatedAt`, MSG-2).
        package let input: WireInput?
        /// What the reference decodes it to: the value a reader may answer. Listed for a valid case's
        /// equivalents; an encode-error case's are writes only.
        package let value: TVNValue?
        /// The ids of the rules of `Vectors/spec/` that make it equivalent (`OP-6`, `REL-3`).
        package let rules: [String]
        /// Why this form is equivalent.
        package let note: String?
    }

    /// One allowed outcome of an implementation-defined case that is accepted.
    package struct AcceptedOutcome: Sendable {
        /// What the input must decode to.
        package let value: TVNValue
        /// What it must re-encode to, when the case says.
        package let canonical: WireInput?
    }

    package let id: String
    package let description: String
    package let kind: Kind
    package let level: Level
    package let tags: [String]
    package let flags: [String]
    /// Where the document sits; the default is a field value.
    package let context: WireContext
    /// The Parse class schema (`Vectors/classes/<name>.json`) for typed implementations.
    package let classSchema: String?
    /// The rules of `Vectors/spec/` the case tests (`DATE-3`), then any standard (`RFC 8259 §7`).
    package let spec: [String]
    package let comment: String?
    package let since: String?
    /// The input of a decode-error or implementation-defined case.
    package let input: WireInput?
    /// The canonical wire form of a valid case (also its first input).
    package let canonical: WireInput?
    package let comparison: Comparison
    /// Only decoding is checked (the value cannot reproduce the input).
    package let oneWay: Bool
    /// The TVN value of a valid or encode-error case.
    package let value: TVNValue?
    package let alternates: [Alternate]
    /// Other forms an encoder may write instead of the canonical one, because the server stores the
    /// same data from them (a closed Polygon ring, AddUnique without duplicates, a Pointer for a
    /// data-less embedded Object). Encode and roundtrip checks accept any of them.
    package let equivalents: [Equivalent]
    /// The side of the wire the document is; `nil` when it is the same on both sides.
    package let direction: Direction?
    /// The error kind of a decode-error or encode-error case.
    package let error: String?
    /// The Parse error code the same defect earns, when there is one.
    package let parseCode: Int?
    package let ifAccepted: [AcceptedOutcome]
    /// The error kind expected when an implementation rejects an implementation-defined input.
    package let ifRejected: String?
    /// The case's JSON, for duplicate detection and reports.
    package let node: JSONNode
}

/// A wire document in one of the three spellings a vector may use.
public enum WireInput: Sendable, Hashable {
    /// `wire`/`canonical`: a JSON value, written out compactly in member order with numbers as spelled.
    case json(String)
    /// `wireText`/`canonicalText`: exact text.
    case text(String)
    /// `wireBase64`: raw bytes, for input that is not UTF-8.
    case base64(String)

    /// The bytes to hand to a decoder; `nil` for base64 that does not decode.
    public var bytes: [UInt8]? {
        switch self {
        case .json(let text), .text(let text): return Array(text.utf8)
        case .base64(let text): return try? ParseBytes(base64: text).bytes
        }
    }

    /// The text, when the input is text.
    public var text: String? {
        switch self {
        case .json(let text), .text(let text): return text
        case .base64: return nil
        }
    }
}
