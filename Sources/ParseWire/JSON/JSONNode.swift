/// A JSON document as a plain tree that keeps what tooling needs and a typed model drops: member
/// order, and the exact text of every number.
///
/// The wire codec never builds one; it exists for tools that read JSON which is not a Parse value,
/// such as the conformance corpus's vector files. It is parsed by the same strict scanner as wire
/// input, so duplicate keys, lone surrogates, invalid UTF-8, `NaN` and trailing commas are errors.
///
/// Arrays and objects hold their elements in a ``JSONList``, so that a tree built in code any
/// number of levels deep is released, compared, hashed and described without a stack frame per
/// level.
package enum JSONNode: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    /// A number, as the exact JSON text it was written with (`1.0`, `-0`, `1e400`).
    case number(String)
    case string(String)
    case array(JSONList<JSONNode>)
    /// An object's members in document order; keys are unique.
    case object(JSONList<JSONMember>)

    /// An array of `elements`: the same as `.array(JSONList(elements))`.
    package static func array(_ elements: [JSONNode]) -> JSONNode { .array(JSONList(elements)) }
    /// An object of `members`: the same as `.object(JSONList(members))`.
    package static func object(_ members: [JSONMember]) -> JSONNode { .object(JSONList(members)) }

    /// Parses a whole JSON document strictly.
    /// - Throws: ``ParseWireError`` of kind `json-syntax`, `invalid-utf8`, `duplicate-key`,
    ///   `depth-limit` or `size-limit`, with the byte offset of the failure.
    package static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(ParseWireError) -> JSONNode {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseWireError) -> JSONNode in try read(buffer, options: JSONScanOptions(limits: limits)).node }
        }
        return try result.get()
    }

    /// Parses a whole JSON document from a string (see ``parse(_:limits:)``).
    package static func parse(_ text: String) throws(ParseWireError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    /// A string as a JSON string literal with minimal escaping, as `JSON.stringify` writes it:
    /// only `"`, `\` and control characters are escaped.
    package static func quoted(_ string: String) -> String {
        var writer = JSONWriter()
        writer.writeString(string)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// One member of a ``JSONNode/object(_:)``.
package struct JSONMember: Sendable, Hashable {
    package var key: String
    package var value: JSONNode

    package init(key: String, value: JSONNode) {
        self.key = key
        self.value = value
    }
}
