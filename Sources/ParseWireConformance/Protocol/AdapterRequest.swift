import ParseWire

/// One check request to an adapter: `decode`, `encode` or `roundtrip` of one input of one case.
public struct AdapterRequest: Sendable, Hashable {
    /// What the request carries: wire text for decode and roundtrip, a TVN value for encode.
    public enum Payload: Sendable, Hashable {
        case wire(WireInput)
        case value(TVNValue)
    }

    public let operation: AdapterOperation
    /// The sequence number the adapter echoes.
    public let seq: Int
    /// The case id.
    public let id: String
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
    public var line: String {
        var pairs: [(String, JSONNode?)] = [("cmd", .string(operation.rawValue)), ("seq", .integer(seq)), ("id", .string(id))]
        switch payload {
        case .wire(.base64(let base64)): pairs.append(("wireBase64", .string(base64)))
        case .wire(.json(let text)), .wire(.text(let text)): pairs.append(("wire", .string(text)))
        case .value(let value): pairs.append(("value", value.node))
        }
        pairs.append(("context", Self.node(context, recordClass: recordClass)))
        return JSONNode.record(pairs).compactText
    }

    /// The `hello` line that opens every session.
    public static func helloLine(corpusVersion: String) -> String {
        JSONNode.record([("cmd", .string("hello")), ("protocol", .integer(ProtocolVersion.current)),
                         ("corpusVersion", .string(corpusVersion))]).compactText
    }

    /// The `stop` line that ends a session; the adapter exits 0.
    public static let stopLine = #"{"cmd":"stop"}"#

    static func node(_ context: WireContext, recordClass: String? = nil) -> JSONNode {
        let recordClass = ("class", recordClass.map(JSONNode.string))
        switch context {
        case .value: return .record([("kind", .string("value")), recordClass])
        case .update: return .record([("kind", .string("update")), recordClass])
        case .object(let className): return .record([("kind", .string("object")), ("className", .string(className)), recordClass])
        }
    }
}
