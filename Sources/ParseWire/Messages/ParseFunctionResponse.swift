/// The response to a Cloud function call (`POST /functions/<name>`): `{"result": <any value>}` (MSG-6).
///
/// The result is read as a field value: Parse objects in it are embedded Objects
/// (`{"__type":"Object","className":…}`), Dates and Pointers typed values.
public struct ParseFunctionResponse: Sendable, Hashable {
    /// What the function returned.
    public var result: ParseValue

    /// Creates a response.
    public init(result: ParseValue) {
        self.result = result
    }

    /// Reads a function response.
    /// - Throws: ``ParseWireError``: `missing-field` without `result`, `unexpected-field` for another member.
    public init(decoding bytes: some Collection<UInt8>, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        self = try ParseValueDecoder(options: options).decodeMessage(bytes) { (walker: TapeWalker) throws(ParseWireError) -> ParseFunctionResponse in
            try ParseFunctionResponse(walker: walker)
        }
    }

    init(walker: TapeWalker) throws(ParseWireError) {
        let members = try walker.messageMembers("a function response")
        guard members.count == 1, let member = members.first, member.key == "result" else {
            throw walker.error(members.isEmpty ? .missingField : .unexpectedField, at: 0, "a function response is {\"result\": …}")
        }
        do throws(ParseWireError) {
            self.init(result: try walker.decodeValue(at: member.valueIndex, placement: .field))
        } catch {
            throw error.prefixed(key: "result")
        }
    }

    /// Writes the response as parse-server does.
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        var out = MessageWriter(options: options)
        out.raw(#"{"result":"#)
        do throws(ParseWireError) {
            try out.value(result)
        } catch {
            throw error.prefixed(key: "result")
        }
        out.raw("}")
        return out.bytes
    }
}
