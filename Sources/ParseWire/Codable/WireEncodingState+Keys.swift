/// Member keys: what each key means in its container, and the naming rules it must follow.
extension WireEncodingState {
    /// Classifies and checks a member key. Keys are checked on every write rather than cached,
    /// because a `CodingKey` has no identity to cache by; the checks are one pass over a few bytes.
    func slot(of name: String, key: some CodingKey, role: Role, level: Int) throws -> Slot {
        switch role {
        case .plain:
            if let problem = Self.plainKeyProblem(name) { throw failure(problem, value: name, key: key) }
            return .field
        case .object:
            switch name {
            case "objectId": return .objectId
            case "createdAt", "updatedAt": return .timestamp
            case "ACL": return .acl
            default:
                if let problem = NameRules.checkFieldName(name) ?? KeywordDenylist.check(key: name) {
                    throw failure(problem, value: name, key: key)
                }
                return .field
            }
        case .body:
            switch name {
            case "objectId", "createdAt", "updatedAt": return .skip
            case "ACL": return .acl
            default:
                if let problem = NameRules.checkSaveBodyKey(name) ?? KeywordDenylist.check(key: name) {
                    throw failure(problem, value: name, key: key)
                }
                return .field
            }
        }
    }

    /// Why a key cannot be a key of a plain map, or `nil`: it holds `$` or `.` (MongoDB refuses
    /// those in nested keys), is `__type` or `__op` (the value would read back as a typed value or
    /// an operation), or contains a keyword parse-server's denylist refuses.
    static func plainKeyProblem(_ name: String) -> ParseWireError? {
        var name = name
        return name.withUTF8 { utf8 -> ParseWireError? in
            for byte in utf8 where byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".") {
                return NameRules.checkNestedKey(String(decoding: utf8, as: UTF8.self))
            }
            if utf8.count >= 4, utf8[0] == UInt8(ascii: "_"), utf8[1] == UInt8(ascii: "_"),
               NameRules.equals(utf8, "__type") || NameRules.equals(utf8, "__op") {
                let key = String(decoding: utf8, as: UTF8.self)
                return ParseWireError(.reservedKey, message: "a plain map cannot have the key \"\(key)\"; Parse reserves it for typed values and operations")
            }
            return utf8.count >= 9 ? KeywordDenylist.check(key: utf8) : nil
        }
    }

    // MARK: - Errors

    /// An `EncodingError` for the value at `key` below the current path, with a ``ParseWireError``
    /// carrying the same path as its underlying error.
    func failure(_ kind: ParseWireError.Kind, value: Any, key: (any CodingKey)?, _ message: String) -> EncodingError {
        failure(ParseWireError(kind, message: message), value: value, key: key)
    }

    /// `error` placed at `key` below the current path. A path the error already has (`$.iso`,
    /// from a wire writer) is kept below that position.
    func failure(_ error: ParseWireError, value: Any, key: (any CodingKey)?) -> EncodingError {
        var codingPath = path
        if let key { codingPath.append(key) }
        let located = ParseWireError(error.kind, parseCode: error.parseCode, path: CodingPath.joined(codingPath, error.path), message: error.message)
        return .invalidValue(value, .init(codingPath: codingPath, debugDescription: located.description, underlyingError: located))
    }
}
