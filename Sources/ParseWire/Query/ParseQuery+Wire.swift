import Foundation

/// A query's two wire forms — the JSON body of `POST /classes/C` and the parameters of
/// `GET /classes/C?…` — and reading a find request back into a query.
extension ParseQuery {
    /// The find request as a value of the query context: `where` (when it has constraints), then
    /// `include`, `keys`, `excludeKeys`, `order` as comma-separated strings, `limit`, `skip`,
    /// `count` when set, and the other parameters.
    /// - Parameter includingMethod: Adds `"_method":"GET"`, for a `POST` that parse-server turns
    ///   into a find (used when the `where` document is too long for a URL).
    public func findRequest(includingMethod: Bool = false) -> ParseValue {
        var body = ParseMap()
        if includingMethod { body["_method"] = "GET" }
        if !constraints.isEmpty { body["where"] = .map(constraints) }
        if !include.isEmpty { body["include"] = .string(include.joined(separator: ",")) }
        if !keys.isEmpty { body["keys"] = .string(keys.joined(separator: ",")) }
        if !excludeKeys.isEmpty { body["excludeKeys"] = .string(excludeKeys.joined(separator: ",")) }
        if !order.isEmpty { body["order"] = .string(order.map(\.text).joined(separator: ",")) }
        if let limit { body["limit"] = .number(ParseNumber(limit)) }
        if let skip { body["skip"] = .number(ParseNumber(skip)) }
        if count { body["count"] = true }
        for (key, value) in otherParameters where body[key] == nil { body[key] = value }
        return .map(body)
    }

    /// The find request as JSON text, checked as the strict decoder checks it.
    /// - Throws: ``ParseWireError`` for a constraint parse-server would refuse, with its code.
    public func findRequestJSON(includingMethod: Bool = false, options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        if let pendingError { throw pendingError }
        return try ParseValueEncoder(options: options).encode(findRequest(includingMethod: includingMethod), context: .query)
    }

    /// The parameters of `GET /classes/<className>`: `where` as JSON text and the others as
    /// parse-server reads them from a URL (each value is `JSON.parse`d when it parses, so `count`
    /// is `1` and `limit` a number), in the order of ``findRequest(includingMethod:)``.
    /// - Throws: ``ParseWireError`` as ``findRequestJSON(includingMethod:options:)`` does.
    public func queryItems() throws(ParseWireError) -> [(name: String, value: String)] {
        guard case .map(let body) = findRequest() else { return [] }
        _ = try findRequestJSON()
        var items: [(name: String, value: String)] = []
        for (key, value) in body {
            switch value {
            case .string(let text): items.append((key, text))
            case .bool(let flag): items.append((key, flag ? "1" : "0"))
            case .number(let number): items.append((key, number.description))
            default:
                items.append((key, String(decoding: QueryWriter(options: ParseValueEncodingOptions()).unchecked(value), as: UTF8.self)))
            }
        }
        return items
    }

    /// ``queryItems()`` as a URL query string, each name and value percent-encoded (RFC 3986 §2.3
    /// unreserved characters are kept).
    public func queryString() throws(ParseWireError) -> String {
        try queryItems().map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
    }

    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// Reads a find request (the JSON body of a `POST` with `"_method":"GET"`, or the parameters of a
    /// `GET` as one JSON object) strictly.
    /// - Parameters:
    ///   - className: The class of the request's path.
    ///   - bytes: The find request, UTF-8 JSON text.
    ///   - options: Leniencies (`SubqueryExtraKeys`).
    /// - Throws: ``ParseWireError`` with parse-server's code: 102 for an unknown parameter or a bad
    ///   `$options`, 105 for a bad key, 107 for a malformed constraint.
    public init(className: String, findRequest bytes: some Collection<UInt8>, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        try self.init(className: className)
        guard case .map(let body) = try ParseValueDecoder(options: options).decode(bytes, context: .query) else { return }
        for (key, value) in body {
            switch (key, value) {
            case ("where", .map(let whereMap)): constraints = whereMap
            case ("include", .string(let text)): include = Self.list(text)
            case ("keys", .string(let text)): keys = Self.list(text)
            case ("excludeKeys", .string(let text)): excludeKeys = Self.list(text)
            case ("order", .string(let text)):
                order = Self.list(text).map { $0.hasPrefix("-") ? .descending(String($0.dropFirst())) : .ascending($0) }
            case ("limit", .number(let number)): limit = number.int64Value.flatMap { Int(exactly: $0) }
            case ("skip", .number(let number)): skip = number.int64Value.flatMap { Int(exactly: $0) }
            case ("count", .bool(let flag)): count = flag
            case ("_method", _): usesMethodOverride = true
            default: otherParameters[key] = value
            }
        }
    }

    private static func list(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
}
