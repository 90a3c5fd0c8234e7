import Foundation

extension ParseWireError: LocalizedError {
    /// The error in one line: kind, Parse code, byte offset, path and message (``description``),
    /// so that `localizedDescription` says what went wrong and where.
    public var errorDescription: String? { description }
}

extension ParseWireError {
    /// The ``ParseWireError`` behind any error the codec throws, or `nil` for other errors.
    ///
    /// ``ParseWireDecoder`` and ``ParseWireEncoder`` throw `DecodingError`/`EncodingError`, as
    /// Codable code expects, with the ``ParseWireError`` as the context's underlying error; so
    /// `catch let error as ParseWireError` does not match them. This finds it:
    ///
    ///     do {
    ///         recipe = try ParseWireDecoder().decode(Recipe.self, from: data)
    ///     } catch {
    ///         if let wire = ParseWireError(from: error) { print(wire.path, wire.kind) }
    ///     }
    ///
    /// - Parameter error: Any error: a ``ParseWireError`` is returned as it is; a `DecodingError`
    ///   or `EncodingError` is searched through its chain of underlying errors.
    public init?(from error: any Error) {
        var current: (any Error)? = error
        // Underlying errors may nest (a custom `init(from:)` rethrowing); a bounded walk.
        for _ in 0..<16 {
            switch current {
            case let wire as ParseWireError:
                self = wire
                return
            case let decoding as DecodingError:
                current = decoding.context?.underlyingError
            case let encoding as EncodingError:
                current = encoding.context?.underlyingError
            default:
                return nil
            }
        }
        return nil
    }
}

extension DecodingError {
    /// The ``ParseWireError`` under this error when ``ParseWireDecoder`` threw it; `nil` otherwise.
    public var parseWireError: ParseWireError? { ParseWireError(from: self) }

    /// The context of any case; `nil` only for a case added by a later Swift.
    fileprivate var context: Context? {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
             .valueNotFound(_, let context):
            context
        @unknown default:
            nil
        }
    }
}

extension EncodingError {
    /// The ``ParseWireError`` under this error when ``ParseWireEncoder`` threw it; `nil` otherwise.
    public var parseWireError: ParseWireError? { ParseWireError(from: self) }

    /// The context of any case; `nil` only for a case added by a later Swift.
    fileprivate var context: Context? {
        switch self {
        case .invalidValue(_, let context): context
        @unknown default: nil
        }
    }
}
