/// An error body, in the three forms parse-server answers with (`Vectors/spec/messages.md`, MSG-3).
public struct ParseErrorResponse: Sendable, Hashable {
    /// Which form the body has.
    public enum Form: Sendable, Hashable {
        /// A `Parse.Error`: `{"code":N,"error":"…"}` (HTTP 400; 404 for code 101).
        case parseError
        /// Any other exception: `{"code":1,"message":"Internal server error."}` (HTTP 500). The key is
        /// `message`: the JS SDK reads only `error` and loses the text; Parse-Swift reads both.
        case internalError
        /// The body parser's own error (malformed JSON, too large): `{"error":"…"}`, no code.
        case codeless
        /// `{}`: a batch item whose error was not a `Parse.Error` (its code and message are dropped).
        case empty
    }

    /// The Parse error code; `nil` in the code-less and empty forms.
    public let code: Int?
    /// The text of `error` or `message`; empty in the empty form.
    public let message: String
    /// Which of the server's forms the body has.
    public let form: Form

    /// Creates an error body.
    /// - Parameters:
    ///   - code: The Parse error code (`nil` for the code-less and empty forms).
    ///   - message: The text.
    ///   - form: The form; by default a `Parse.Error` with a code, the code-less form without.
    public init(code: Int?, message: String, form: Form? = nil) {
        self.code = code
        self.message = message
        self.form = form ?? (code == nil ? .codeless : .parseError)
    }

    /// Reads an error body.
    /// - Throws: ``ParseWireError``: `unexpected-field` for another member or for both `error` and
    ///   `message`, `missing-field` for a `message` without a code or a code without any text.
    public init(decoding bytes: some Collection<UInt8>) throws(ParseWireError) {
        self = try ParseValueDecoder().decodeMessage(bytes) { (walker: TapeWalker) throws(ParseWireError) -> ParseErrorResponse in
            try ParseErrorResponse(walker: walker, at: 0)
        }
    }

    init(walker: TapeWalker, at index: Int) throws(ParseWireError) {
        guard walker.entries[index].kind == .object else {
            throw walker.error(.wrongFieldType, at: index, "an error body must be a JSON object, not \(walker.describe(index))")
        }
        var code: Int?
        var error: String?
        var message: String?
        for member in walker.members(of: index) {
            switch member.key {
            case "code": code = try walker.messageInteger(at: member.valueIndex, key: "code")
            case "error": error = try walker.messageString(at: member.valueIndex, key: "error")
            case "message": message = try walker.messageString(at: member.valueIndex, key: "message")
            default:
                throw walker.error(.unexpectedField, at: member.keyIndex, "an error body holds \"code\" with \"error\" or \"message\", not \(NameRules.quoted(member.key))")
            }
        }
        switch (code, error, message) {
        case (let code?, let text?, nil): self.init(code: code, message: text, form: .parseError)
        case (let code?, nil, let text?): self.init(code: code, message: text, form: .internalError)
        case (nil, let text?, nil): self.init(code: nil, message: text, form: .codeless)
        case (nil, nil, nil): self.init(code: nil, message: "", form: .empty)
        case (_, _?, _?):
            throw walker.error(.unexpectedField, at: index, "an error body has \"error\" or \"message\", not both")
        default:
            throw walker.error(.missingField, at: index, code == nil ? "\"message\" comes with a \"code\"" : "an error body with a \"code\" has \"error\" or \"message\"")
        }
    }

    /// Writes the body in its form.
    public func encoded() -> [UInt8] {
        var out = MessageWriter()
        write(into: &out)
        return out.bytes
    }

    func write(into out: inout MessageWriter) {
        out.raw("{")
        if let code, form == .parseError || form == .internalError {
            out.raw(#""code":"#)
            out.integer(code)
            out.raw(",")
        }
        switch form {
        case .parseError, .codeless:
            out.raw(#""error":"#)
            out.string(message)
        case .internalError:
            out.raw(#""message":"#)
            out.string(message)
        case .empty: break
        }
        out.raw("}")
    }
}
