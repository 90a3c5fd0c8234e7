/// The REST messages the context ``WireContext/message(_:className:)`` reads and writes, and the
/// ``ParseValue`` that stands for each (the value a conformance vector states):
///
/// | kind | value |
/// |---|---|
/// | `find-response` | a map: `results` (an array of objects of the class), `count` when present |
/// | `save-response` | an object of the class: `objectId` and `createdAt` (a create) or `updatedAt` (an update), and the computed fields |
/// | `error` | a map: `code` when present, and `error` or `message` (nothing for `{}`) |
/// | `batch-request` | a map: `requests` (maps of `method`, `path`, `body` when present), `transaction` when present |
/// | `batch-response` | an array of maps, each `{"success": map}` or `{"error": <error map>}` |
/// | `function-response` | a map: `result` |
public enum ParseMessageKind: String, Sendable, Hashable, CaseIterable {
    /// ``ParseQueryResponse``; needs the class.
    case findResponse = "find-response"
    /// ``ParseSaveResponse``; needs the class.
    case saveResponse = "save-response"
    /// ``ParseErrorResponse``.
    case errorBody = "error"
    /// ``ParseBatchRequest``.
    case batchRequest = "batch-request"
    /// ``ParseBatchResponse``.
    case batchResponse = "batch-response"
    /// ``ParseFunctionResponse``.
    case functionResponse = "function-response"

    /// Whether a message of this kind holds objects of one class, which the context must name.
    public var needsClassName: Bool { self == .findResponse || self == .saveResponse }
}

extension TapeWalker {
    /// Reads the whole document as a message and returns the value that stands for it.
    func decodeMessageRoot(_ kind: ParseMessageKind, className: String?) throws(ParseWireError) -> ParseValue {
        switch kind {
        case .findResponse: return try ParseQueryResponse(walker: self, className: try Self.requireClass(kind, className)).value
        case .saveResponse: return try ParseSaveResponse(walker: self, className: try Self.requireClass(kind, className)).value(className: className!)
        case .errorBody: return try ParseErrorResponse(walker: self, at: 0).value
        // Its bodies are save bodies, read as the update context reads them.
        case .batchRequest: return try ParseBatchRequest(walker: TapeWalker(input: input, tape: tape, options: options, context: .update)).value
        case .batchResponse: return try ParseBatchResponse(walker: self).value
        case .functionResponse: return try ParseFunctionResponse(walker: self).value
        }
    }

    static func requireClass(_ kind: ParseMessageKind, _ className: String?) throws(ParseWireError) -> String {
        guard let className else {
            throw ParseWireError(.invalidClassName, message: "a \(kind.rawValue) holds objects of one class, and the context names none")
        }
        if let failure = NameRules.checkClassName(className) { throw failure }
        return className
    }
}

/// Writes the message a value stands for.
func encodeMessage(_ value: ParseValue, kind: ParseMessageKind, className: String?, options: ParseValueEncodingOptions) throws(ParseWireError) -> [UInt8] {
    switch kind {
    case .findResponse:
        return try ParseQueryResponse(value: value, className: try TapeWalker.requireClass(kind, className)).encoded(options: options)
    case .saveResponse:
        _ = try TapeWalker.requireClass(kind, className)
        guard case .object(let object) = value, object.className == className else {
            throw ParseWireError(.wrongFieldType, message: "a save-response is an object of class \(className!), not \(value.kindDescription)")
        }
        return try ParseSaveResponse(object: object).encoded(options: options)
    case .errorBody: return try ParseErrorResponse(value: value).encoded()
    case .batchRequest: return try ParseBatchRequest(value: value).encoded(options: options)
    case .batchResponse: return try ParseBatchResponse(value: value).encoded(options: options)
    case .functionResponse:
        guard case .map(let map) = value, map.count == 1, let result = map["result"] else {
            throw ParseWireError(.wrongFieldType, message: "a function-response is a map of \"result\"")
        }
        return try ParseFunctionResponse(result: result).encoded(options: options)
    }
}
