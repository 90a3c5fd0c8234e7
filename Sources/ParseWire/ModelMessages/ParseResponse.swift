import Foundation

/// A REST response body read as what the app asked for, or as the server's error: one call for
/// an app's HTTP layer, which then needs no guessing at the body's shape.
///
///     switch try ParseWireDecoder().decodeResponse(Recipe.self, from: data, statusCode: status) {
///     case .success(let recipe): …
///     case .failure(let error): …   // error.code, error.message
///     }
public enum ParseResponse<Success> {
    /// The body the request asked for.
    case success(Success)
    /// The server's error body (``ParseErrorResponse``).
    case failure(ParseErrorResponse)

    /// The success, or the server's error thrown.
    /// - Throws: The ``ParseErrorResponse``.
    public func get() throws(ParseErrorResponse) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}

extension ParseResponse: Sendable where Success: Sendable {}
extension ParseResponse: Equatable where Success: Equatable {}

/// The server's error body, thrown by ``ParseResponse/get()``.
extension ParseErrorResponse: Error {}

extension ParseWireDecoder {
    /// Reads a response body as `T` or as the server's error.
    ///
    /// With `statusCode`, the status decides, as the server sets it: 2xx is `T` (decoded in
    /// `mode`), anything else an error body. Without it the body's shape decides: an object
    /// holding only `code`, `error` and `message` is an error body (no fetched object, save,
    /// find or function response has that shape), anything else is `T`.
    ///
    /// - Parameters:
    ///   - type: What a success holds (a model, ``ParseQueryResults``, ``ParseSaveResponse`` is
    ///     read with its own initialiser).
    ///   - data: The body.
    ///   - mode: How a success is read; ``ParseWireMode/fetchedObject`` by default.
    ///   - statusCode: The HTTP status, when known.
    /// - Throws: `DecodingError` when a success is not a valid `T`; ``ParseWireError`` when an
    ///   error status comes with a body that is no error body.
    public func decodeResponse<T: Decodable>(_ type: T.Type, from data: Data, as mode: ParseWireMode = .fetchedObject,
                                             statusCode: Int? = nil) throws -> ParseResponse<T> {
        try decodeResponse(T.self, bytes: [UInt8](data), mode: mode, statusCode: statusCode)
    }

    /// Reads a response body given as text as `T` or as the server's error (see the `Data` form).
    public func decodeResponse<T: Decodable>(_ type: T.Type, from text: String, as mode: ParseWireMode = .fetchedObject,
                                             statusCode: Int? = nil) throws -> ParseResponse<T> {
        try decodeResponse(T.self, bytes: Array(text.utf8), mode: mode, statusCode: statusCode)
    }

    /// Reads a response body given as bytes as `T` or as the server's error (see the `Data` form).
    public func decodeResponse<T: Decodable>(_ type: T.Type, from bytes: [UInt8], as mode: ParseWireMode = .fetchedObject,
                                             statusCode: Int? = nil) throws -> ParseResponse<T> {
        try decodeResponse(T.self, bytes: bytes, mode: mode, statusCode: statusCode)
    }

    private func decodeResponse<T: Decodable>(_ type: T.Type, bytes: [UInt8], mode: ParseWireMode, statusCode: Int?) throws -> ParseResponse<T> {
        let isError: Bool
        if let statusCode {
            isError = !(200..<300).contains(statusCode)
        } else {
            isError = Self.hasErrorShape(bytes, limits: options.wire.limits)
        }
        if isError { return .failure(try ParseErrorResponse(decoding: bytes)) }
        return .success(try decode(T.self, from: bytes, as: mode))
    }

    /// Whether the body is an object whose keys are all of an error body's, and not none.
    static func hasErrorShape(_ bytes: [UInt8], limits: JSONLimits) -> Bool {
        var options = ParseValueDecodingOptions.strict
        options.limits = limits
        let keys = try? ParseValueDecoder(options: options).decodeMessage(bytes) { (walker: TapeWalker) throws(ParseWireError) -> [String] in
            walker.entries[0].kind == .object ? walker.members(of: 0).map(\.key) : []
        }
        guard let keys, !keys.isEmpty else { return false }
        return keys.allSatisfy { $0 == "code" || $0 == "error" || $0 == "message" }
    }
}
