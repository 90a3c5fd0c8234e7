import Foundation

// Every REST and LiveQuery message, like the coders, reads `String`, `Data` or bytes (`[UInt8]`,
// any `Collection<UInt8>`) and writes `[UInt8]` (`encoded`), `Data` (`encodedData`) or `String`
// (`encodedString`); the text forms read and write exactly the bytes of the byte forms.

/// A message of the REST or LiveQuery protocol: it writes itself as wire JSON, in bytes, `Data` or
/// a `String` (the same bytes in each), as `JSONEncoder` offers `Data` and a `String` from it.
public protocol ParseWireMessage {
    /// The message as wire JSON, in UTF-8 bytes.
    func encoded(options: ParseValueEncodingOptions) throws(ParseWireError) -> [UInt8]
}

extension ParseWireMessage {
    /// The message as wire JSON, as `Data`.
    public func encodedData(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> Data {
        Data(try encoded(options: options))
    }

    /// The message as wire JSON, as a `String`.
    public func encodedString(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> String {
        String(decoding: try encoded(options: options), as: UTF8.self)
    }
}

extension ParseSaveResponse: ParseWireMessage {
    /// Reads a save response from JSON text, as from its UTF-8 bytes.
    public init(className: String, decoding text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(className: className, decoding: text.utf8, options: options)
    }

}

extension ParseQueryResponse: ParseWireMessage {
    /// Reads a find response from JSON text.
    public init(className: String, decoding text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(className: className, decoding: text.utf8, options: options)
    }

}

extension ParseErrorResponse {
    /// Reads an error body from JSON text.
    public init(decoding text: String) throws(ParseWireError) {
        try self.init(decoding: text.utf8)
    }

    /// The body as parse-server writes it, as `Data`.
    public func encodedData() -> Data { Data(encoded()) }

    /// The body as parse-server writes it, as a `String`.
    public func encodedString() -> String { String(decoding: encoded(), as: UTF8.self) }
}

extension ParseBatchRequest: ParseWireMessage {
    /// Reads a batch request from JSON text.
    public init(decoding text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(decoding: text.utf8, options: options)
    }

}

extension ParseBatchResponse: ParseWireMessage {
    /// Reads a batch response from JSON text.
    public init(decoding text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(decoding: text.utf8, options: options)
    }

}

extension ParseFunctionResponse: ParseWireMessage {
    /// Reads a Cloud Code function response from JSON text.
    public init(decoding text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(decoding: text.utf8, options: options)
    }

}

extension LiveQueryClientMessage: ParseWireMessage {
    /// Reads a client message from JSON text.
    public init(decoding text: String) throws(ParseWireError) {
        try self.init(decoding: text.utf8)
    }
}

extension LiveQueryServerMessage: ParseWireMessage {
    /// Reads a server message from JSON text.
    public init(decoding text: String) throws(ParseWireError) {
        try self.init(decoding: text.utf8)
    }
}

extension ParseQuery {
    /// Reads a find request from JSON text, as from its UTF-8 bytes.
    public init(className: String, findRequest text: String, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(className: className, findRequest: text.utf8, options: options)
    }

    /// ``findRequestJSON(includingMethod:options:)`` as `Data`.
    public func findRequestData(includingMethod: Bool = false, options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> Data {
        Data(try findRequestJSON(includingMethod: includingMethod, options: options))
    }

    /// ``findRequestJSON(includingMethod:options:)`` as a `String`.
    public func findRequestString(includingMethod: Bool = false, options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> String {
        String(decoding: try findRequestJSON(includingMethod: includingMethod, options: options), as: UTF8.self)
    }
}
