import ParseWire

/// One check request to an adapter: `decode`, `encode` or `roundtrip` of one input of one case.
public struct AdapterRequest: Sendable, Hashable {
    /// What the request carries: wire text for decode and roundtrip, a TVN value for encode.
    public enum Payload: Sendable, Hashable {
        /// The wire input to decode or round-trip.
        case wire(WireInput)
        /// The value to encode.
        case value(TVNValue)
    }

    /// What the adapter is asked to do.
    public let operation: AdapterOperation
    /// The sequence number the adapter echoes.
    public let seq: Int
    /// The case id.
    public let id: String
    /// The input of the operation.
    public let payload: Payload
    /// Where the document sits.
    public let context: WireContext
    /// The class schema the case names (`Vectors/classes/<class>.json`), sent in the context for
    /// implementations that decode into typed records.
    public let recordClass: String?

    /// Creates a request.
    public init(operation: AdapterOperation, seq: Int, id: String, payload: Payload, context: WireContext, recordClass: String? = nil) {
        self.operation = operation
        self.seq = seq
        self.id = id
        self.payload = payload
        self.context = context
        self.recordClass = recordClass
    }

    /// The request as one line of JSON, without the newline.
    ///
    /// Written directly rather than through a ``JSONNode`` tree: the runner writes one per check.
    package var line: String {
        var text = #"{"cmd":""#
        text += operation.rawValue
        text += #"","seq":"#
        text += String(seq)
        text += #","id":"#
        text += JSONNode.quoted(id)
        switch payload {
        case .wire(.base64(let base64)):
            text += #","wireBase64":"#
            text += JSONNode.quoted(base64)
        case .wire(.json(let wire)), .wire(.text(let wire)):
            text += #","wire":"#
            text += JSONNode.quoted(wire)
        case .value(let value):
            text += #","value":"#
            text += value.jsonText
        }
        switch context {
        case .value: text += #","context":{"kind":"value""#
        case .update: text += #","context":{"kind":"update""#
        case .query: text += #","context":{"kind":"query""#
        case .message(let kind, let className):
            text += #","context":{"kind":"message","message":"# + JSONNode.quoted(kind.rawValue)
            if let className { text += #","className":"# + JSONNode.quoted(className) }
        case .object(let className): text += #","context":{"kind":"object","className":"# + JSONNode.quoted(className)
        case .liveQuery(let side): text += #","context":{"kind":"livequery","side":"# + JSONNode.quoted(side.rawValue)
        }
        if let recordClass {
            text += #","class":"#
            text += JSONNode.quoted(recordClass)
        }
        text += "}}"
        return text
    }

    /// The `hello` line that opens every session.
    package static func helloLine(corpusVersion: String) -> String {
        JSONNode.record([("cmd", .string("hello")), ("protocol", .integer(ProtocolVersion.current)),
                         ("corpusVersion", .string(corpusVersion))]).compactText
    }

    /// The `stop` line that ends a session; the adapter exits 0.
    package static let stopLine = #"{"cmd":"stop"}"#
}
