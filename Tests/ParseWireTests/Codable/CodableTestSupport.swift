import Foundation
@testable import ParseWire

extension ParseWireMode {
    static let all: [ParseWireMode] = [.value, .fetchedObject, .saveBody, .updateBody]

    /// The wire context the strict ``ParseValueDecoder`` reads this mode's documents in.
    func context(className: String) -> WireContext {
        switch self {
        case .value: .value
        case .fetchedObject: .object(className: className)
        case .saveBody, .updateBody: .update
        }
    }
}

/// The ``ParseWireError`` under an `EncodingError` or `DecodingError`, if any.
func wireError(_ error: any Error) -> ParseWireError? {
    switch error {
    case let error as ParseWireError: return error
    case EncodingError.invalidValue(_, let context): return context.underlyingError as? ParseWireError
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
         DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
        return context.underlyingError as? ParseWireError
    default: return nil
    }
}

/// The error decoding `text` as `T` throws, or `nil` when it decodes.
func decodingFailure<T: Decodable>(_ type: T.Type, _ text: String, as mode: ParseWireMode = .value) -> (any Error)? {
    do {
        _ = try ParseWireDecoder().decode(T.self, from: text, as: mode)
        return nil
    } catch {
        return error
    }
}

/// The error encoding `value` throws, or `nil` when it encodes.
func encodingFailure<T: Encodable>(_ value: T, as mode: ParseWireMode = .value, options: ParseWireEncodingOptions = .init()) -> (any Error)? {
    do {
        _ = try ParseWireEncoder(options: options).encodeBytes(value, as: mode)
        return nil
    } catch {
        return error
    }
}

/// The byte offset of the first occurrence of `needle` in `text`.
func offset(of needle: String, in text: String) -> Int? {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard pattern.count <= haystack.count else { return nil }
    return (0...(haystack.count - pattern.count)).first { Array(haystack[$0..<$0 + pattern.count]) == pattern }
}
