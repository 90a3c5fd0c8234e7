import Foundation
import ParseSwift

/// Maps the SDK's and Foundation's errors onto the corpus's error kinds (`Vectors/INTERPRETING.md`
/// §6). Neither names a kind, so the mapping reads the error's case and message; `other` when
/// nothing fits. The kind is informational unless a run enforces error kinds.
enum ErrorKinds {
    static func classify(_ error: Error) -> (kind: String, message: String) {
        switch error {
        case let error as ParseError:
            return (kind(forMessage: error.message), "ParseError \(error.code.rawValue): \(error.message)")
        case let error as DecodingError:
            switch error {
            case .dataCorrupted(let context):
                let text = describe(context)
                if let parseError = context.underlyingError as? ParseError {
                    return (kind(forMessage: parseError.message), text)
                }
                if context.codingPath.isEmpty {
                    return (text.localizedCaseInsensitiveContains("utf") ? "invalid-utf8" : "json-syntax", text)
                }
                return (kind(forMessage: text), text)
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                return ("wrong-field-type", describe(context))
            case .keyNotFound(let key, let context):
                return ("missing-field", "no \(key.stringValue): " + describe(context))
            @unknown default:
                return ("other", "\(error)")
            }
        case let error as EncodingError:
            if case .invalidValue(_, let context) = error {
                return ("unrepresentable", describe(context))
            }
            return ("other", "\(error)")
        default:
            return ("other", "\(error)")
        }
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        var text = "\(path.isEmpty ? "" : path + ": ")\(context.debugDescription)"
        if let underlying = context.underlyingError { text += " (\(underlying))" }
        return text
    }

    private static func describe(_ context: EncodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return "\(path.isEmpty ? "" : path + ": ")\(context.debugDescription)"
    }

    private static func kind(forMessage message: String) -> String {
        let text = message.lowercased()
        if text.contains("date") { return "invalid-date" }
        if text.contains("latitude") || text.contains("longitude") { return "out-of-range" }
        if text.contains("polygon") { return "invalid-polygon" }
        if text.contains("utf") { return "invalid-utf8" }
        return "other"
    }
}
